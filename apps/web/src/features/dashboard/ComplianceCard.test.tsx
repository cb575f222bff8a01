import type { Alert } from '@school-transport/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSource } from '../../test/fake-event-source';
import { renderWithProviders } from '../../test/render-app';
import { ComplianceCard } from './ComplianceCard';

// The tab's stream, opened on a source the test drives instead of the server's.
const sources = vi.hoisted(() => [] as FakeSource[]);
vi.mock('../../lib/live/live-stream', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/live/live-stream')>();
  return {
    ...actual,
    liveStream: new actual.LiveStream({
      openSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
      requestCookie: () => Promise.resolve(),
      // Each test's card opens a connection of its own once the one before has unmounted.
      lingerMs: 0,
    }),
  };
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function alert(overrides: Partial<Alert>): Alert {
  return {
    id: 'a1',
    kind: 'CREDENTIAL_EXPIRED',
    tripId: null,
    routeName: null,
    studentId: null,
    studentName: null,
    message: "Driver Asha Rao's licence expired on 1 March 2026.",
    raisedAt: '2026-03-02T00:00:05.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  };
}

describe('the Compliance card', () => {
  let expired: number;
  let recounts: number;

  beforeEach(() => {
    expired = 1;
    recounts = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (!String(input).endsWith('/api/compliance/summary')) throw new Error(`unexpected ${String(input)}`);
      recounts += 1;
      return json({
        success: true,
        type: 'success',
        data: { expired, expiring: 0, vehiclesOutOfService: 0, credentials: [] },
      });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** The card shown with the stream live, its catch-up recount ('sync' on connecting) done. */
  async function shownLive() {
    renderWithProviders(<ComplianceCard />);
    expect(await screen.findByRole('link', { name: 'Expired: 1' })).toBeInTheDocument();
    const source = await vi.waitFor(() => {
      const open = sources.filter((each) => !each.closed);
      expect(open).toHaveLength(1);
      return open[0]!;
    });
    source.send('ready', { lastId: 1 });
    await vi.waitFor(() => expect(recounts).toBe(2));
    return source;
  }

  it('recounts once when the expiry run raises its credential alerts, however many arrive', async () => {
    const source = await shownLive();
    expired = 3;
    source.send('alert', alert({ id: 'a1' }));
    source.send('alert', alert({ id: 'a2' }));
    source.send('alert', alert({ id: 'a3', kind: 'CREDENTIAL_EXPIRING' }));
    expect(await screen.findByRole('link', { name: 'Expired: 3' })).toBeInTheDocument();
    expect(recounts).toBe(3);
  });

  it('does not recount for an alert about a trip, nor for an acknowledgement', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const source = await shownLive();
      expired = 2;
      source.send('alert', alert({ kind: 'LATE', tripId: 't1', routeName: 'North' }));
      source.send('alert', alert({ acknowledgedAt: '2026-03-02T08:00:00.000Z', acknowledgedBy: 'Ada' }));
      // Past the longest a burst is held back before its recount.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(recounts).toBe(2);
      expect(screen.getByRole('link', { name: 'Expired: 1' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
