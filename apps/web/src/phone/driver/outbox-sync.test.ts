import 'fake-indexeddb/auto';
import type { RidershipEventInput } from '@school-transport/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-client';
import { Outbox } from './outbox';
import { BATCH_SIZE, channelOf, OutboxSync, type DriverCheck, type SyncSenders } from './outbox-sync';

let databases = 0;
const DRIVER = 'driver-1';
const EVENTS = channelOf('events', DRIVER);
const POSITIONS = channelOf('positions', DRIVER);
const TRIP = '11111111-1111-4111-8111-111111111111';

function event(n: number): RidershipEventInput {
  return {
    eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    tripId: TRIP,
    kind: 'BOARD',
    studentId: '22222222-2222-4222-8222-222222222222',
    method: 'TAP',
    occurredAt: new Date(Date.UTC(2026, 10, 23, 7, 0, n)).toISOString(),
  };
}

function setUp(events: SyncSenders['events']) {
  const outbox = new Outbox(`sync-test-${++databases}`);
  const sync = new OutboxSync(outbox, DRIVER, { events, positions: vi.fn(async () => undefined) });
  return { outbox, sync };
}

const answered = (batch: RidershipEventInput[]) =>
  Promise.resolve({ created: batch.length, duplicates: 0, outcomes: [] });

describe('OutboxSync', () => {
  it('sends in batches of at most 100, oldest first, and empties the outbox once answered', async () => {
    const sent: string[][] = [];
    const { sync } = setUp(async (batch) => {
      sent.push(batch.map((item) => item.eventId));
      return answered(batch);
    });
    const events = Array.from({ length: 250 }, (_, index) => event(index));
    await sync.recordEvents(events);
    await sync.flush();

    expect(sent.map((batch) => batch.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 50]);
    expect(sent.flat()).toEqual(events.map((item) => item.eventId));
    expect(sync.getStatus().waitingEvents).toBe(0);
  });

  it('keeps events while the server cannot be reached and sends them when it can', async () => {
    let reachable = false;
    const events = vi.fn(async (batch: RidershipEventInput[]) => {
      if (!reachable) throw new ApiError(0, 'Cannot reach the server.');
      return answered(batch);
    });
    const { sync } = setUp(events);
    await sync.recordEvents([event(1), event(2)]);
    await sync.flush();
    expect(sync.getStatus()).toMatchObject({ waitingEvents: 2, problem: 'Cannot reach the server.' });

    reachable = true;
    sync.retryNow();
    await sync.flush();
    expect(sync.getStatus()).toEqual({
      waitingEvents: 0,
      waitingPositions: 0,
      waitingChecks: 0,
      problem: null,
      refusedEvents: 0,
      refusedReason: null,
    });
    sync.stop();
  });

  it('keeps an inspection without a signal, sends it before the scans once there is one, and says so', async () => {
    let reachable = false;
    const order: string[] = [];
    const checks = vi.fn(async (check: DriverCheck) => {
      if (!reachable) throw new ApiError(0, 'Cannot reach the server.');
      order.push(check.kind);
    });
    const onChecksSent = vi.fn();
    const outbox = new Outbox(`sync-test-${++databases}`);
    const sync = new OutboxSync(
      outbox,
      DRIVER,
      {
        events: async (batch) => {
          if (!reachable) throw new ApiError(0, 'Cannot reach the server.');
          order.push('events');
          return answered(batch);
        },
        positions: vi.fn(async () => undefined),
        checks,
      },
      { onChecksSent },
    );
    const inspection: DriverCheck = {
      kind: 'inspection',
      input: {
        inspectionId: '33333333-3333-4333-8333-333333333333',
        vehicleId: '44444444-4444-4444-8444-444444444444',
        completedAt: new Date(Date.UTC(2026, 10, 23, 6, 50)).toISOString(),
        items: [{ itemId: 'brakes', ok: true }],
      },
    };
    await sync.recordEvents([event(1)]);
    await sync.recordCheck(inspection);
    await sync.flush();
    expect(sync.getStatus()).toMatchObject({ waitingChecks: 1, waitingEvents: 1 });
    expect(onChecksSent).not.toHaveBeenCalled();

    reachable = true;
    sync.retryNow();
    await sync.flush();
    expect(order).toEqual(['inspection', 'events']);
    expect(checks).toHaveBeenLastCalledWith(inspection);
    expect(sync.getStatus()).toMatchObject({ waitingChecks: 0, waitingEvents: 0, problem: null });
    expect(onChecksSent).toHaveBeenCalledTimes(1);
    sync.stop();
  });

  it('retries on its own, waiting longer after each failure', async () => {
    const calledAt: number[] = [];
    const outbox = new Outbox(`sync-test-${++databases}`);
    const sync = new OutboxSync(
      outbox,
      DRIVER,
      {
        events: async (batch) => {
          calledAt.push(performance.now());
          if (calledAt.length < 3) throw new ApiError(503, 'Busy');
          return answered(batch);
        },
        positions: async () => undefined,
      },
      { firstRetryMs: 40 },
    );
    await sync.recordEvents([event(1)]);
    await vi.waitFor(() => expect(sync.getStatus().waitingEvents).toBe(0), { timeout: 10_000 });
    expect(calledAt).toHaveLength(3);
    // A timer never fires early, so these lower bounds hold however busy the machine is.
    expect(calledAt[1]! - calledAt[0]!).toBeGreaterThanOrEqual(39);
    expect(calledAt[2]! - calledAt[1]!).toBeGreaterThanOrEqual(79);
  });

  it('sends a scan made while a long track is being sent before the rest of the track', async () => {
    const calls: string[] = [];
    const outbox = new Outbox(`sync-test-${++databases}`);
    const sync = new OutboxSync(outbox, DRIVER, {
      events: async (batch) => {
        calls.push('events');
        return answered(batch);
      },
      positions: async () => {
        calls.push('positions');
        if (calls.length === 1) await outbox.add(EVENTS, [event(1)]);
      },
    });
    const fixes = Array.from({ length: 2 * BATCH_SIZE }, (_, index) => ({
      positionId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      tripId: TRIP,
      lat: 12,
      lng: 77,
      recordedAt: new Date(Date.UTC(2026, 10, 23, 7, 0, index)).toISOString(),
    }));
    await outbox.add(POSITIONS, fixes);
    await sync.flush();
    expect(calls).toEqual(['positions', 'events', 'positions']);
    expect(sync.getStatus()).toMatchObject({ waitingEvents: 0, waitingPositions: 0 });
  });

  it('sets aside only the events the server refuses for good, keeps them with the reason, and sends the rest', async () => {
    const sent: string[] = [];
    const { outbox, sync } = setUp(async (batch) => {
      if (batch.some((item) => item.eventId === event(2).eventId)) throw new ApiError(404, 'Trip not found');
      sent.push(...batch.map((item) => item.eventId));
      return answered(batch);
    });
    await sync.recordEvents([event(1), event(2), event(3)]);
    await sync.flush();
    expect(sent).toEqual([event(1).eventId, event(3).eventId]);
    expect(sync.getStatus()).toMatchObject({
      waitingEvents: 0,
      refusedEvents: 1,
      refusedReason: 'Trip not found',
    });

    await sync.recordEvents([event(4)]);
    await sync.flush();
    expect(sent).toContain(event(4).eventId);
    expect(sync.getStatus().refusedEvents).toBe(1);

    await sync.discardRefused();
    expect(sync.getStatus().refusedEvents).toBe(0);
    expect(await outbox.count()).toBe(0);
  });

  it("sends only the signed-in driver's items: another driver's wait on the device for them", async () => {
    const outbox = new Outbox(`sync-test-${++databases}`);
    await outbox.add(channelOf('events', 'driver-2'), [event(9)]);
    const events = vi.fn(async (batch: RidershipEventInput[]) => answered(batch));
    const sync = new OutboxSync(outbox, DRIVER, { events, positions: async () => undefined });
    await sync.recordEvents([event(1)]);
    await sync.flush();
    expect(events.mock.calls.flat(2).map((item) => item.eventId)).toEqual([event(1).eventId]);
    expect(await outbox.count(channelOf('events', 'driver-2'))).toBe(1);
  });

  it('stops and keeps everything when the session has ended', async () => {
    const onUnauthorized = vi.fn();
    const outbox = new Outbox(`sync-test-${++databases}`);
    const sync = new OutboxSync(
      outbox,
      DRIVER,
      {
        events: async () => {
          throw new ApiError(401, 'Session ended');
        },
        positions: async () => undefined,
      },
      { onUnauthorized },
    );
    await sync.recordEvents([event(1)]);
    await sync.flush();
    expect(onUnauthorized).toHaveBeenCalled();
    expect(await outbox.count(EVENTS)).toBe(1);
  });
});
