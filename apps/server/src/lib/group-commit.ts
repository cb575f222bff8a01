/**
 * Group commit: items submitted while a batch is being written wait, and are written together in the next batch.
 * One transaction (one disk sync, one live-log insert, one stream read) then serves every request that arrived
 * meanwhile, so under load the cost of a commit is shared, and a request that comes alone waits for no timer.
 * The database's own group commit works the same way; this one also shares the statements before the commit.
 */
export interface GroupCommit<Item, Answer> {
  /** Resolves with the item's own answer once its batch has committed; rejects with its own error or the batch's. */
  submit(item: Item): Promise<Answer>;
  /** Items waiting or being written. */
  readonly pending: number;
}

export interface GroupCommitOptions {
  /** At most this many items in one batch, so one transaction stays short. */
  maxBatch: number;
  /**
   * Refuse (with `overloaded()`) an item that would make more than this many wait: past capacity a queue only grows,
   * and an answer after a minute helps nobody, while a refusal lets the client's outbox try again later.
   */
  maxPending: number;
  overloaded: () => Error;
  /**
   * How long an idle committer waits for company before it writes, when it is busy: only if its last batch ended
   * within `busyWindowMs`, so a request that comes alone (one bus reporting once a second) waits for nothing.
   */
  lingerMs?: number;
  busyWindowMs?: number;
}

/**
 * `write` gets a batch and answers, in the same order, each item's answer or the Error that item alone is refused
 * with; if it throws, every item of the batch is refused with that error (nothing of it was committed).
 */
export function createGroupCommit<Item, Answer>(
  write: (items: Item[]) => Promise<Array<Answer | Error>>,
  { maxBatch, maxPending, overloaded, lingerMs = 0, busyWindowMs = 50 }: GroupCommitOptions,
): GroupCommit<Item, Answer> {
  interface Waiting {
    item: Item;
    resolve: (answer: Answer) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let writing = 0;
  let draining = false;
  let lastBatchEndedAt = -Infinity;

  async function drain() {
    draining = true;
    if (lingerMs > 0 && performance.now() - lastBatchEndedAt < busyWindowMs)
      await new Promise((resolve) => setTimeout(resolve, lingerMs));
    while (queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      writing = batch.length;
      try {
        const answers = await write(batch.map((waiting) => waiting.item));
        batch.forEach((waiting, index) => {
          const answer = answers[index]!;
          if (answer instanceof Error) waiting.reject(answer);
          else waiting.resolve(answer);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      } finally {
        writing = 0;
        lastBatchEndedAt = performance.now();
      }
    }
    draining = false;
  }

  return {
    submit(item) {
      if (queue.length + writing >= maxPending) return Promise.reject(overloaded());
      return new Promise<Answer>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // The first item of an idle committer starts the drain; later ones ride along with it.
        if (!draining) void drain();
      });
    },
    get pending() {
      return queue.length + writing;
    },
  };
}
