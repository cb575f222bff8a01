import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FakeSource } from '../../test/fake-event-source';
import { EventStream, type StreamSchemas } from './event-stream';

type Events = { bus: { tripId: string; lat: number } };
const schemas: StreamSchemas<Events> = { bus: z.object({ tripId: z.string(), lat: z.number() }) };

describe('a stream whose schemas are loaded with its first connection', () => {
  let sources: FakeSource[];
  let loadSchemas: ReturnType<typeof vi.fn<() => Promise<StreamSchemas<Events>>>>;
  let stream: EventStream<Events>;

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    loadSchemas = vi.fn(() => Promise.resolve(schemas));
    stream = new EventStream<Events>(loadSchemas, {
      openSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
      requestCookie: () => Promise.resolve(),
      lingerMs: 1000,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('loads them only once a screen follows it, once, and checks every event with them', async () => {
    expect(loadSchemas).not.toHaveBeenCalled();
    const buses = vi.fn();
    stream.subscribe('bus', buses);
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    expect(loadSchemas).toHaveBeenCalledTimes(1);
    sources[0]!.send('ready', { lastId: 1 });
    sources[0]!.send('bus', { tripId: 't1', lat: 12.9 });
    sources[0]!.send('bus', { tripId: 't1' }); // not a bus: skipped
    expect(buses).toHaveBeenCalledTimes(1);
    expect(buses).toHaveBeenCalledWith({ tripId: 't1', lat: 12.9 });

    // A new connection (the browser gave up) uses what was loaded.
    sources[0]!.fail(2);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(sources).toHaveLength(2));
    expect(loadSchemas).toHaveBeenCalledTimes(1);
  });

  it('tries again later when they could not be loaded (offline), as when the cookie could not be had', async () => {
    loadSchemas.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    stream.subscribe('bus', () => {});
    await vi.waitFor(() => expect(loadSchemas).toHaveBeenCalledTimes(1));
    expect(sources).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    expect(loadSchemas).toHaveBeenCalledTimes(2);
  });

  it('opens nothing when the last screen left while they were on their way, and opens for the next one', async () => {
    let arrive!: (loaded: StreamSchemas<Events>) => void;
    loadSchemas.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    const leave = stream.subscribe('bus', () => {});
    leave();
    arrive(schemas);
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(0);

    stream.subscribe('bus', () => {});
    await vi.waitFor(() => expect(sources).toHaveLength(1));
  });
});
