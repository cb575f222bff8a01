/**
 * A queue of things to send to the server, kept in IndexedDB so that it survives a tunnel, a dead zone, a closed
 * tab or a flat battery. Items are read oldest first per channel and removed only once the server has answered
 * for them, so nothing recorded on the device is lost between a scan and the server's receipt.
 */

const STORE = 'outbox';
const CHANNEL_INDEX = 'channel';

export interface OutboxItem<T> {
  /** Order of arrival, given by IndexedDB: the oldest item is sent first. */
  seq: number;
  channel: string;
  payload: T;
  /** Why the server refused it, once it was moved aside (see `move`). */
  reason?: string;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export class Outbox {
  private database: Promise<IDBDatabase> | null = null;

  /** `factory` defaults to the browser's IndexedDB, looked up when first used so that constructing never throws. */
  constructor(
    private readonly name: string,
    private readonly factory?: IDBFactory,
  ) {}

  private open(): Promise<IDBDatabase> {
    this.database ??= new Promise((resolve, reject) => {
      const factory = this.factory ?? (globalThis.indexedDB as IDBFactory | undefined);
      if (!factory) {
        reject(new Error('This browser cannot keep scans on the device (no IndexedDB).'));
        return;
      }
      const request = factory.open(this.name, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
        store.createIndex(CHANNEL_INDEX, 'channel');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('Could not open the outbox'));
      // Another tab holding an older version open: this one waits rather than failing.
      request.onblocked = () => undefined;
    });
    return this.database;
  }

  /** Adds items in one transaction: either all are kept or none. */
  async add<T>(channel: string, payloads: T[]): Promise<void> {
    if (payloads.length === 0) return;
    const transaction = (await this.open()).transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    for (const payload of payloads) store.add({ channel, payload });
    await finished(transaction);
  }

  /** The oldest `limit` items of a channel. */
  async peek<T>(channel: string, limit: number): Promise<OutboxItem<T>[]> {
    const transaction = (await this.open()).transaction(STORE, 'readonly');
    const index = transaction.objectStore(STORE).index(CHANNEL_INDEX);
    // An index walks equal keys in primary-key order, so this is the channel's items by arrival.
    const items = await promised(index.getAll(IDBKeyRange.only(channel), limit));
    return items as OutboxItem<T>[];
  }

  async remove(seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    const transaction = (await this.open()).transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    for (const seq of seqs) store.delete(seq);
    await finished(transaction);
  }

  /**
   * Moves items to another channel in one transaction, noting why: what the server refused is kept for a person
   * to see rather than lost, and no longer holds back what was recorded after it.
   */
  async move(seqs: number[], channel: string, reason: string): Promise<void> {
    if (seqs.length === 0) return;
    const transaction = (await this.open()).transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    for (const seq of seqs) {
      const request = store.get(seq);
      request.onsuccess = () => {
        const item = request.result as OutboxItem<unknown> | undefined;
        if (item) store.put({ ...item, channel, reason });
      };
    }
    await finished(transaction);
  }

  /** How many items wait, in one channel or in all. */
  async count(channel?: string): Promise<number> {
    const transaction = (await this.open()).transaction(STORE, 'readonly');
    const store = transaction.objectStore(STORE);
    return promised(
      channel === undefined ? store.count() : store.index(CHANNEL_INDEX).count(IDBKeyRange.only(channel)),
    );
  }

  close(): void {
    void this.database?.then((database) => database.close());
    this.database = null;
  }
}
