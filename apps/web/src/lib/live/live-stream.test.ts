import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSource } from '../../test/fake-event-source';
import { LiveStream } from './live-stream';

const position = {
  tripId: 't1',
  lat: 12.9,
  lng: 77.6,
  accuracy: 8,
  recordedAt: '2026-03-02T07:30:00.000Z',
};

describe('the live stream of a tab', () => {
  let sources: FakeSource[];
  let requestCookie: ReturnType<typeof vi.fn<() => Promise<void>>>;
  let stream: LiveStream;

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    requestCookie = vi.fn(() => Promise.resolve());
    stream = new LiveStream({
      openSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
      requestCookie,
      lingerMs: 1000,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('opens one connection for every screen, after asking for its cookie, and hands each topic its events', async () => {
    const positions = vi.fn();
    const trips = vi.fn();
    const syncs = vi.fn();
    stream.subscribe('position', positions);
    stream.subscribe('trip', trips);
    stream.subscribe('sync', syncs);
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    expect(requestCookie).toHaveBeenCalledTimes(1);
    expect(sources[0]!.url).toBe('/api/live');
    expect(stream.status).toBe('connecting');

    sources[0]!.send('ready', { lastId: 7 });
    expect(stream.status).toBe('live');
    expect(syncs).toHaveBeenCalledTimes(1);

    sources[0]!.send('position', position);
    sources[0]!.send('position', { tripId: 't1' }); // not a position: skipped, the others go on
    expect(positions).toHaveBeenCalledTimes(1);
    expect(positions).toHaveBeenCalledWith(position);
    expect(trips).not.toHaveBeenCalled();
  });

  it('says "reconnecting" while the browser reconnects, and "live" again once it is back', async () => {
    stream.subscribe('position', () => {});
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    sources[0]!.send('ready', { lastId: 1 });
    sources[0]!.fail(0);
    expect(stream.status).toBe('reconnecting');
    sources[0]!.send('ready', { lastId: 1 });
    expect(stream.status).toBe('live');
    expect(sources).toHaveLength(1);
  });

  it('asks for a new cookie and a new connection when the browser gives up (e.g. an expired cookie)', async () => {
    stream.subscribe('position', () => {});
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    sources[0]!.send('ready', { lastId: 1 });
    sources[0]!.fail(2);
    expect(stream.status).toBe('reconnecting');
    expect(sources[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(sources).toHaveLength(2));
    expect(requestCookie).toHaveBeenCalledTimes(2);
  });

  it('reloads and starts afresh when the server says reset', async () => {
    const syncs = vi.fn();
    stream.subscribe('sync', syncs);
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    sources[0]!.send('ready', { lastId: 1 });
    sources[0]!.send('reset', {});
    expect(syncs).toHaveBeenCalledTimes(2);
    expect(sources[0]!.closed).toBe(true);
    await vi.waitFor(() => expect(sources).toHaveLength(2));
  });

  it('keeps the connection while one screen follows another, and closes it after the last leaves', async () => {
    const leaveMap = stream.subscribe('position', () => {});
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    leaveMap();
    const leaveBoard = stream.subscribe('trip', () => {});
    await vi.advanceTimersByTimeAsync(5000);
    expect(sources).toHaveLength(1);
    expect(sources[0]!.closed).toBe(false);
    leaveBoard();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources[0]!.closed).toBe(true);
  });
});
