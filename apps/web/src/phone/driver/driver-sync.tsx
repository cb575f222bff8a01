import type { RidershipBatchAnswer, RidershipEventInput } from '@school-transport/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outbox } from './outbox';
import { readStorage, writeStorage } from '../../lib/device/storage';
import { pruneSnapshots, sameLocalDay, sendCheck, sendEvents, sendPositions } from './driver-api';
import { useDriverSession } from './driver-session';
import { OutboxSync, type DriverCheck, type SyncStatus } from './outbox-sync';
import type { TripEvent } from './rider-state';

const OUTBOX_NAME = 'schoolride-driver-outbox';
const JOURNAL_PREFIX = '__driver_journal__';

/** What the server said about one event, kept to show "wrong bus" or "unknown tag" next to the scan. */
export type Outcome = RidershipBatchAnswer['outcomes'][number];

interface DriverSyncValue {
  status: SyncStatus;
  /** Keeps a scan or tap on the device and sends it as soon as it can. */
  record: (event: RidershipEventInput) => Promise<void>;
  recordPositions: OutboxSync['recordPositions'];
  /** Keeps an inspection or child check on the device and sends it as soon as it can. */
  recordCheck: (check: DriverCheck) => Promise<void>;
  /** Sends what waits now; resolves with how many events still wait after trying. */
  flushNow: () => Promise<number>;
  /** This device's events of a trip, sent or not, so the screen is right before the server has them. */
  journal: (tripId: string) => TripEvent[];
  outcomes: ReadonlyMap<string, Outcome>;
  /** Lets go of the events the server refused, once the driver has read why. */
  discardRefused: () => Promise<void>;
}

const DriverSyncContext = createContext<DriverSyncValue | null>(null);

export function useDriverSync(): DriverSyncValue {
  const value = useContext(DriverSyncContext);
  if (!value) throw new Error('useDriverSync must be used inside the driver app');
  return value;
}

function readJournal(tripId: string): TripEvent[] {
  try {
    return JSON.parse(readStorage(JOURNAL_PREFIX + tripId) ?? '[]') as TripEvent[];
  } catch {
    return [];
  }
}

export function clearJournals(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(JOURNAL_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

interface DriverSyncProviderProps {
  token: string;
  /** The signed-in driver: only their own items are sent, with their token. */
  userId: string;
  children: ReactNode;
}

/**
 * Drops the journals of trips of an earlier day (by their latest event): the outbox, not the journal, holds what
 * is still to be sent, so this only forgets what an old trip's screen showed before the server had it.
 */
export function pruneJournals(now: Date): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(JOURNAL_PREFIX)) continue;
      const latest = Math.max(
        ...readJournal(key.slice(JOURNAL_PREFIX.length)).map((e) => Date.parse(e.occurredAt)),
      );
      if (!Number.isFinite(latest) || !sameLocalDay(new Date(latest), now)) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** One outbox and one sender for the signed-in driver, shared by every driver screen. */
export function DriverSyncProvider({ token, userId, children }: DriverSyncProviderProps) {
  const { signOut } = useDriverSession();
  const queryClient = useQueryClient();
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const [journalVersion, setJournalVersion] = useState(0);
  const [sync] = useState(
    () =>
      new OutboxSync(
        new Outbox(OUTBOX_NAME),
        userId,
        {
          events: (events) => sendEvents(token, events),
          positions: (positions) => sendPositions(token, positions),
          checks: (check) => sendCheck(token, check),
        },
        {
          onOutcomes: (answer) => {
            setOutcomes((current) => {
              const next = new Map(current);
              for (const outcome of answer.outcomes) next.set(outcome.eventId, outcome);
              return next;
            });
            // The server now has these events: the manifest it answers carries them, with the names behind tags.
            void queryClient.invalidateQueries({ queryKey: ['driver', 'trip'] });
          },
          onChecksSent: () => void queryClient.invalidateQueries({ queryKey: ['driver'] }),
          onUnauthorized: () => void signOut(true),
        },
      ),
  );
  const [status, setStatus] = useState<SyncStatus>(sync.getStatus());

  useEffect(() => {
    // Once per sign-in or app start: a phone left signed in for days keeps only today's trips.
    const now = new Date();
    pruneSnapshots(now);
    pruneJournals(now);
  }, []);

  useEffect(() => {
    sync.resume();
    const unsubscribe = sync.subscribe(setStatus);
    // Whatever an earlier visit left in the outbox goes out now.
    void sync.flush();
    const online = () => sync.retryNow();
    window.addEventListener('online', online);
    return () => {
      sync.stop();
      unsubscribe();
      window.removeEventListener('online', online);
    };
  }, [sync]);

  const record = useCallback(
    async (event: RidershipEventInput) => {
      const entry: TripEvent = {
        eventId: event.eventId,
        kind: event.kind,
        method: event.method,
        studentId: event.studentId ?? null,
        tagId: event.tagId ?? null,
        occurredAt: event.occurredAt,
        flag: null,
      };
      writeStorage(JOURNAL_PREFIX + event.tripId, JSON.stringify([...readJournal(event.tripId), entry]));
      setJournalVersion((version) => version + 1);
      await sync.recordEvents([event]);
    },
    [sync],
  );

  const flushNow = useCallback(async () => {
    sync.retryNow();
    await sync.flush();
    return sync.getStatus().waitingEvents;
  }, [sync]);

  // Stable, so that following the position (an effect that depends on it) is not restarted at every send.
  const recordPositions = useCallback<OutboxSync['recordPositions']>(
    (positions) => sync.recordPositions(positions),
    [sync],
  );

  const discardRefused = useCallback(() => sync.discardRefused(), [sync]);
  const recordCheck = useCallback((check: DriverCheck) => sync.recordCheck(check), [sync]);

  const value = useMemo<DriverSyncValue>(
    () => ({
      status,
      record,
      recordPositions,
      recordCheck,
      flushNow,
      // journalVersion makes a new function after each scan, so screens reading the journal render again.
      journal: (tripId) => (journalVersion >= 0 ? readJournal(tripId) : []),
      outcomes,
      discardRefused,
    }),
    [status, record, recordPositions, recordCheck, flushNow, journalVersion, outcomes, discardRefused],
  );

  return <DriverSyncContext.Provider value={value}>{children}</DriverSyncContext.Provider>;
}
