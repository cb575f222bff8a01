import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Outbox } from './outbox';

let databases = 0;
const freshOutbox = () => new Outbox(`outbox-test-${++databases}`);

describe('Outbox', () => {
  it('gives back a channel’s items oldest first, at most the asked number', async () => {
    const outbox = freshOutbox();
    await outbox.add('events', [{ n: 1 }, { n: 2 }]);
    await outbox.add('positions', [{ n: 'p' }]);
    await outbox.add('events', [{ n: 3 }]);

    const first = await outbox.peek<{ n: number }>('events', 2);
    expect(first.map((item) => item.payload.n)).toEqual([1, 2]);
    expect(await outbox.count('events')).toBe(3);
    expect(await outbox.count('positions')).toBe(1);
    expect(await outbox.count()).toBe(4);
  });

  it('keeps an item until it is removed, and removes only the given ones', async () => {
    const outbox = freshOutbox();
    await outbox.add('events', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    const [first, second] = await outbox.peek<{ n: number }>('events', 2);
    await outbox.remove([first!.seq, second!.seq]);
    expect((await outbox.peek<{ n: number }>('events', 10)).map((item) => item.payload.n)).toEqual([3]);
  });

  it('survives being closed and opened again, as after a reload', async () => {
    const name = `outbox-test-${++databases}`;
    const before = new Outbox(name);
    await before.add('events', [{ id: 'a' }]);
    before.close();
    const after = new Outbox(name);
    expect((await after.peek<{ id: string }>('events', 10)).map((item) => item.payload.id)).toEqual(['a']);
  });

  it('adds nothing for an empty list', async () => {
    const outbox = freshOutbox();
    await outbox.add('events', []);
    await outbox.remove([]);
    expect(await outbox.count()).toBe(0);
  });
});

describe('Outbox.move', () => {
  it('moves items to another channel with the reason, keeping their order and payload', async () => {
    const outbox = freshOutbox();
    await outbox.add('events', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    const [first, second] = await outbox.peek<{ n: number }>('events', 2);
    await outbox.move([first!.seq, second!.seq], 'refused', 'Not one of your trips');

    expect((await outbox.peek<{ n: number }>('events', 10)).map((item) => item.payload.n)).toEqual([3]);
    const refused = await outbox.peek<{ n: number }>('refused', 10);
    expect(refused.map((item) => [item.payload.n, item.reason])).toEqual([
      [1, 'Not one of your trips'],
      [2, 'Not one of your trips'],
    ]);
    expect(await outbox.count()).toBe(3);
  });
});
