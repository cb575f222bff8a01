import type {
  DriverHours,
  DriverTrip,
  DriverVehicleDay,
  FinishTripInput,
  Manifest,
  PositionBatchAnswer,
  PositionInput,
  RidershipBatchAnswer,
  RidershipEventInput,
  StopNote,
  StopNoteInput,
  StopPhoto,
  SuccessEnvelope,
} from '@school-transport/shared';
import { ApiError, apiRequest } from '../../lib/api/api-client';
import { readStorage, removeStorage, writeStorage } from '../../lib/device/storage';
import type { DriverCheck } from './outbox-sync';
import { takeFirstRequest } from '../boot/first-request';

/** An answer read from the device because the server could not be reached. */
export interface Snapshot<T> {
  data: T;
  savedAt: string;
  offline: boolean;
}

const SNAPSHOT_PREFIX = '__driver_snapshot__';

/**
 * The last answer of each screen is kept on the device: in a dead zone the driver still sees the day and the
 * manifest as they were last loaded. The API's own answers are never cached by the browser (no-store), so this
 * copy is the driver app's deliberate choice, kept only for the signed-in driver and dropped at sign-out.
 */
async function withSnapshot<T>(key: string, load: () => Promise<T>): Promise<Snapshot<T>> {
  try {
    const data = await load();
    const savedAt = new Date().toISOString();
    writeStorage(SNAPSHOT_PREFIX + key, JSON.stringify({ data, savedAt }));
    return { data, savedAt, offline: false };
  } catch (error) {
    // A trip the server no longer shows this driver (over, handed to another driver: 404, 409, 410) must not stay
    // readable on the phone either: its copy, with the children's cards and photos, goes.
    if (isRefusal(error)) removeStorage(SNAPSHOT_PREFIX + key);
    const stored = readStorage(SNAPSHOT_PREFIX + key);
    // Only a connection failure falls back: a refusal (401, 404) must show as one, in the server's words.
    if (!stored || !isConnectionFailure(error)) throw error;
    const { data, savedAt } = JSON.parse(stored) as { data: T; savedAt: string };
    return { data, savedAt, offline: true };
  }
}

export function clearSnapshots(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(SNAPSHOT_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: there is nothing stored to clear either.
  }
}

/** Whether two moments fall on the same day on this device's calendar. */
export function sameLocalDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/**
 * Drops the answers saved on an earlier day: a day's list and manifests are of no use the next day, and each trip
 * opened would otherwise stay in the phone's storage until the driver signs out.
 */
export function pruneSnapshots(now: Date): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(SNAPSHOT_PREFIX)) continue;
      let savedAt = Number.NaN;
      try {
        savedAt = Date.parse(
          (JSON.parse(localStorage.getItem(key) ?? '{}') as { savedAt?: string }).savedAt ?? '',
        );
      } catch {
        // Unreadable: dropped below like an old one.
      }
      if (Number.isNaN(savedAt) || !sameLocalDay(new Date(savedAt), now)) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** The server refused what was asked for good (a 4xx other than a lapsed session, a timeout or a rate limit). */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && [403, 404, 409, 410].includes(error.status);
}

/** The server could not be reached (status 0), as opposed to answering with a refusal. */
export function isConnectionFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
}

const TODAY_PATH = '/driver/today';

export function fetchToday(token: string): Promise<Snapshot<DriverTrip[]>> {
  return withSnapshot('today', async () => {
    // The boot script may have asked already, while this code downloaded (phone/boot/first-request.ts).
    const answer = await apiRequest<SuccessEnvelope<DriverTrip[]>>('GET', TODAY_PATH, undefined, {
      token,
      started: takeFirstRequest(TODAY_PATH, token),
    });
    return answer.data ?? [];
  });
}

export function fetchManifest(token: string, tripId: string): Promise<Snapshot<Manifest>> {
  return withSnapshot(`trip:${tripId}`, async () => {
    const answer = await apiRequest<SuccessEnvelope<Manifest>>(
      'GET',
      `/driver/trips/${encodeURIComponent(tripId)}`,
      undefined,
      { token },
    );
    if (!answer.data) throw new Error('The server answered without the trip');
    return answer.data;
  });
}

export function startTrip(token: string, tripId: string): Promise<SuccessEnvelope> {
  return apiRequest('POST', `/driver/trips/${encodeURIComponent(tripId)}/start`, undefined, { token });
}

export function finishTrip(token: string, tripId: string, input: FinishTripInput): Promise<SuccessEnvelope> {
  return apiRequest('POST', `/driver/trips/${encodeURIComponent(tripId)}/finish`, input, { token });
}

/** A stop's note rewritten by the driver of the running trip through it (decision 058): online only. */
export async function saveStopNote(
  token: string,
  tripId: string,
  stopId: string,
  input: StopNoteInput,
): Promise<StopNote> {
  const answer = await apiRequest<SuccessEnvelope<StopNote>>(
    'PUT',
    `/driver/trips/${encodeURIComponent(tripId)}/stops/${encodeURIComponent(stopId)}/note`,
    input,
    { token },
  );
  if (!answer.data) throw new Error('The server answered without the note');
  return answer.data;
}

/** A stop's photo taken or chosen by the driver of the running trip through it (decision 058): online only. */
export async function saveStopPhoto(
  token: string,
  tripId: string,
  stopId: string,
  photo: Blob,
): Promise<StopPhoto> {
  const form = new FormData();
  form.append('image', photo, 'stop.jpg');
  const answer = await apiRequest<SuccessEnvelope<StopPhoto>>(
    'POST',
    `/driver/trips/${encodeURIComponent(tripId)}/stops/${encodeURIComponent(stopId)}/photo`,
    form,
    { token },
  );
  if (!answer.data) throw new Error('The server answered without the photo');
  return answer.data;
}

export async function sendEvents(
  token: string,
  events: RidershipEventInput[],
): Promise<RidershipBatchAnswer> {
  const answer = await apiRequest<SuccessEnvelope<RidershipBatchAnswer>>(
    'POST',
    '/driver/events',
    { events },
    { token },
  );
  return answer.data ?? { created: 0, duplicates: 0, outcomes: [] };
}

/** The answer's counts are for other clients; the app only needs to know the server took the batch. */
export async function sendPositions(token: string, positions: PositionInput[]): Promise<void> {
  await apiRequest<SuccessEnvelope<PositionBatchAnswer>>(
    'POST',
    '/driver/positions',
    { positions },
    { token },
  );
}

export const vehicleDaysQueryKey = ['driver', 'vehicles'] as const;

/** The vehicles of today's trips: inspection due or done, what blocks a start, the child check due. */
export function fetchVehicleDays(token: string): Promise<Snapshot<DriverVehicleDay[]>> {
  return withSnapshot('vehicles', async () => {
    const answer = await apiRequest<SuccessEnvelope<DriverVehicleDay[]>>(
      'GET',
      '/driver/inspections',
      undefined,
      {
        token,
      },
    );
    return answer.data ?? [];
  });
}

/** Where each kind of kept item goes. */
const CHECK_PATHS: Record<DriverCheck['kind'], string> = {
  inspection: '/driver/inspections',
  'child-check': '/driver/child-checks',
  'hand-over-miss': '/driver/hand-over-misses',
  clock: '/driver/hours/clock',
};

export async function sendCheck(token: string, check: DriverCheck): Promise<void> {
  await apiRequest('POST', CHECK_PATHS[check.kind], check.input, { token });
}

export const hoursQueryKey = ['driver', 'hours'] as const;

/** The driver's open shift and their shifts of the last two weeks (decision 074); kept for a dead zone. */
export function fetchHours(token: string): Promise<Snapshot<DriverHours>> {
  return withSnapshot('hours', async () => {
    const answer = await apiRequest<SuccessEnvelope<DriverHours>>('GET', '/driver/hours', undefined, {
      token,
    });
    if (!answer.data) throw new Error('The server answered without the hours');
    return answer.data;
  });
}
