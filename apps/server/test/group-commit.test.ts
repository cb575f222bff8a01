import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../src/lib/group-commit.js';

/** A write that records each batch it was given and waits until released, so a test decides what overlaps. */
function gatedWrite() {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((release) => gates.push(release));
    return items.map((item) => (item < 0 ? new Error(`refused ${item}`) : item * 10));
  };
  const releaseNext = async () => {
    while (!gates.length) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()!();
  };
  return { batches, write, releaseNext };
}

const options = { maxBatch: 3, maxPending: 100, overloaded: () => new Error('busy') };

describe('group commit', () => {
  it('writes an item that comes alone at once, and those that come meanwhile together in the next batch', async () => {
    const gated = gatedWrite();
    const commits = createGroupCommit(gated.write, options);
    const first = commits.submit(1);
    expect(gated.batches).toEqual([[1]]);
    const later = [commits.submit(2), commits.submit(3)];
    expect(commits.pending).toBe(3);
    await gated.releaseNext();
    expect(await first).toBe(10);
    await gated.releaseNext();
    expect(await Promise.all(later)).toEqual([20, 30]);
    expect(gated.batches).toEqual([[1], [2, 3]]);
    expect(commits.pending).toBe(0);
  });

  it('keeps batches to maxBatch items, in the order they came', async () => {
    const gated = gatedWrite();
    const commits = createGroupCommit(gated.write, options);
    const answers = [1, 2, 3, 4, 5, 6, 7].map((item) => commits.submit(item));
    for (let batch = 0; batch < 3; batch += 1) await gated.releaseNext();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(gated.batches).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
  });

  it('refuses one item with its own error, and every item of a batch whose write failed', async () => {
    let fail = false;
    const commits = createGroupCommit(async (items: number[]) => {
      if (fail) throw new Error('the transaction failed');
      return items.map((item) => (item < 0 ? new Error(`refused ${item}`) : item));
    }, options);
    const [good, bad] = await Promise.allSettled([commits.submit(1), commits.submit(-1)]);
    expect(good).toEqual({ status: 'fulfilled', value: 1 });
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'refused -1' } });
    fail = true;
    await expect(commits.submit(2)).rejects.toThrow('the transaction failed');
    fail = false;
    expect(await commits.submit(3)).toBe(3);
  });

  it('refuses an item past maxPending with the overloaded error, and takes items again once drained', async () => {
    const gated = gatedWrite();
    const commits = createGroupCommit(gated.write, { ...options, maxPending: 2 });
    const taken = [commits.submit(1), commits.submit(2)];
    await expect(commits.submit(3)).rejects.toThrow('busy');
    await gated.releaseNext();
    await gated.releaseNext();
    expect(await Promise.all(taken)).toEqual([10, 20]);
    const after = commits.submit(4);
    await gated.releaseNext();
    expect(await after).toBe(40);
  });

  it('when busy, waits lingerMs for company before writing; when idle, writes at once', async () => {
    const gated = gatedWrite();
    const commits = createGroupCommit(gated.write, { ...options, lingerMs: 5, busyWindowMs: 60_000 });
    const first = commits.submit(1);
    expect(gated.batches).toEqual([[1]]);
    await gated.releaseNext();
    await first;
    // A batch has just ended: the next item waits, and one that comes meanwhile shares its batch.
    const pair = [commits.submit(2), commits.submit(3)];
    expect(gated.batches).toEqual([[1]]);
    await gated.releaseNext();
    expect(await Promise.all(pair)).toEqual([20, 30]);
    expect(gated.batches).toEqual([[1], [2, 3]]);

    const idle = createGroupCommit(gated.write, { ...options, lingerMs: 5, busyWindowMs: 0 });
    void idle.submit(4);
    void idle.submit(5);
    expect(gated.batches.at(-1)).toEqual([4]);
  });
});
