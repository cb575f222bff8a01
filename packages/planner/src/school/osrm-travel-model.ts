/**
 * Travel times from an OSRM road router's Table service, for a planner whose roads are not straight lines.
 *
 * Points are rounded to about a metre (1e-5 degree) before they are asked or remembered, so one place gives one
 * answer whatever digits it came with. Every leg asked is kept in a `TravelCache` the caller may keep across jobs:
 * the next table over the same places, or a few more, asks the router only for the legs it has never given. Big
 * tables are asked in blocks of at most `maxTableSize` sources × `maxTableSize` destinations, the limit OSRM puts on
 * one request (`osrm-routed --max-table-size`, 100 by default), one block at a time so a shared router is not
 * flooded by one job.
 */
import type { Point } from './geo.js';
import type { TravelModel, TravelTable } from './travel-model.js';

/**
 * Anything that keeps the planner from a road router's table: the message is written for the person who asked
 * and may name the points (children's homes); `loggable` says the same without them, for the server's log.
 */
export class RouterError extends Error {
  readonly loggable: string;
  constructor(message: string, loggable: string = message) {
    super(message);
    this.loggable = loggable;
  }
}

export interface OsrmSettings {
  /** Where the router answers, e.g. `http://127.0.0.1:5000` (the part before `/table/v1/…`). */
  url: string;
  /** The profile the router was built with; `osrm-routed` answers under any name, a proxy may not. */
  profile?: string;
  /** The router's `--max-table-size`: no request asks more than this many sources × this many destinations. */
  maxTableSize?: number;
  /** Longest wait for one block's answer before the table fails. */
  timeoutMs?: number;
  /** The largest answer read; a larger one fails the table (DEFAULT_MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
  fetch?: typeof globalThis.fetch;
  /** Legs already known; by default a cache of this model's own, so keep one outside to share it across models. */
  cache?: TravelCache;
}

export const DEFAULT_OSRM_PROFILE = 'driving';
export const DEFAULT_MAX_TABLE_SIZE = 100;
export const DEFAULT_ROUTER_TIMEOUT_MS = 30_000;
/**
 * The largest answer read from the router: a full block of 100 × 100 legs is some 250 kB of JSON, so 4 MB leaves
 * room for a larger --max-table-size while a router (or a proxy's page) cannot fill the planner's memory.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** About 120 bytes a leg: some 60 MB, the whole table of 700 places. */
export const DEFAULT_CACHE_PAIRS = 500_000;

/** 1e-5 degree: 1.1 m of latitude, at most that of longitude. */
const UNITS_PER_DEGREE = 100_000;

/** A point as the router is asked it: rounded, and its key in the cache. */
interface Place {
  lat: number;
  lng: number;
  /** The rounded latitude and longitude in whole 1e-5 degrees. */
  key: string;
}

function placeOf(point: Point): Place {
  const latUnits = Math.round(point.lat * UNITS_PER_DEGREE);
  const lngUnits = Math.round(point.lng * UNITS_PER_DEGREE);
  return {
    lat: latUnits / UNITS_PER_DEGREE,
    lng: lngUnits / UNITS_PER_DEGREE,
    key: `${latUnits},${lngUnits}`,
  };
}

/** Past its bound, a cache forgets at least this share of its legs at once, so finding them is paid rarely. */
const FORGET_SHARE = 1 / 8;

/**
 * Legs a road router gave, from one place to another, bounded to `maxPairs` legs: when full, the least recently
 * used eighth is forgotten (one leg at a time for a cache of fewer than 16).
 *
 * Built for tables of a million legs read in the API's own process: a map per origin keyed by the destination's
 * key (strings a table reuses, whose hashes are computed once) rather than one map keyed by both (a new string,
 * hashed anew, per leg: ten times slower); figures, last use and owner of each leg in arrays at its slot rather
 * than an object per leg. About 120 bytes a leg.
 */
export class TravelCache {
  /** Origin key → destination key → slot. */
  readonly #rows = new Map<string, Map<string, number>>();
  #size = 0;
  #clock = 0;
  #seconds = new Float64Array(0);
  #metres = new Float64Array(0);
  /** The clock at a slot's last use; -1 for a free slot. */
  #lastUsed = new Float64Array(0);
  readonly #origins: string[] = [];
  readonly #destinations: string[] = [];
  readonly #freeSlots: number[] = [];

  constructor(readonly maxPairs: number = DEFAULT_CACHE_PAIRS) {
    if (!(Number.isInteger(maxPairs) && maxPairs >= 1)) {
      throw new RangeError('maxPairs must be a whole number ≥ 1');
    }
  }

  get size(): number {
    return this.#size;
  }

  /**
   * Copies every known leg from `places[source]` into that row of `table` (over `places`), marking each as used;
   * returns the other places whose leg it does not know.
   */
  copyRow(places: readonly Place[], source: number, table: TravelTable): number[] {
    const row = this.#rows.get(places[source]!.key);
    const unknown: number[] = [];
    places.forEach((to, destination) => {
      if (destination === source) return;
      const slot = row?.get(to.key);
      if (slot === undefined) {
        unknown.push(destination);
        return;
      }
      this.#lastUsed[slot] = ++this.#clock;
      table.seconds[source * table.size + destination] = this.#seconds[slot]!;
      table.metres[source * table.size + destination] = this.#metres[slot]!;
    });
    return unknown;
  }

  remember(from: Place, to: Place, seconds: number, metres: number): void {
    let row = this.#rows.get(from.key);
    let slot = row?.get(to.key);
    if (slot === undefined) {
      if (this.#size === this.maxPairs) this.#forgetLeastRecentlyUsed();
      slot = this.#freeSlots.pop() ?? this.#size;
      this.#ensureRoom(slot);
      if (!row) this.#rows.set(from.key, (row = new Map()));
      row.set(to.key, slot);
      this.#origins[slot] = from.key;
      this.#destinations[slot] = to.key;
      this.#size += 1;
    }
    this.#seconds[slot] = seconds;
    this.#metres[slot] = metres;
    this.#lastUsed[slot] = ++this.#clock;
  }

  /**
   * Every leg known, least recently used first, in arrays that can be moved to another thread without a copy: a
   * planning thread hands its cache back to the runner, which gives it to the next job's thread unread.
   */
  snapshot(): TravelCacheSnapshot {
    const slots: number[] = [];
    for (let slot = 0; slot < this.#lastUsed.length; slot += 1)
      if (this.#lastUsed[slot]! >= 0) slots.push(slot);
    slots.sort((a, b) => this.#lastUsed[a]! - this.#lastUsed[b]!);
    const units = new Int32Array(slots.length * 4);
    const seconds = new Float64Array(slots.length);
    const metres = new Float64Array(slots.length);
    slots.forEach((slot, index) => {
      const [fromLat, fromLng] = this.#origins[slot]!.split(',').map(Number);
      const [toLat, toLng] = this.#destinations[slot]!.split(',').map(Number);
      units.set([fromLat!, fromLng!, toLat!, toLng!], index * 4);
      seconds[index] = this.#seconds[slot]!;
      metres[index] = this.#metres[slot]!;
    });
    return { maxPairs: this.maxPairs, units, seconds, metres };
  }

  /** A cache holding a snapshot's legs, their order of use kept. */
  static restore(snapshot: TravelCacheSnapshot): TravelCache {
    const cache = new TravelCache(snapshot.maxPairs);
    const place = (latUnits: number, lngUnits: number): Place => ({
      lat: latUnits / UNITS_PER_DEGREE,
      lng: lngUnits / UNITS_PER_DEGREE,
      key: `${latUnits},${lngUnits}`,
    });
    const { units } = snapshot;
    for (let index = 0; index < snapshot.seconds.length; index += 1) {
      const at = index * 4;
      cache.remember(
        place(units[at]!, units[at + 1]!),
        place(units[at + 2]!, units[at + 3]!),
        snapshot.seconds[index]!,
        snapshot.metres[index]!,
      );
    }
    return cache;
  }

  #forgetLeastRecentlyUsed(): void {
    const count = Math.max(1, Math.floor(this.maxPairs * FORGET_SHARE));
    // Every use has its own tick, so the count-th smallest last use marks exactly the legs to forget.
    const lastUses = this.#lastUsed.filter((tick) => tick >= 0).sort();
    const newestForgotten = lastUses[count - 1]!;
    for (let slot = 0; slot < this.#lastUsed.length; slot += 1) {
      const tick = this.#lastUsed[slot]!;
      if (tick < 0 || tick > newestForgotten) continue;
      const row = this.#rows.get(this.#origins[slot]!)!;
      row.delete(this.#destinations[slot]!);
      if (row.size === 0) this.#rows.delete(this.#origins[slot]!);
      this.#lastUsed[slot] = -1;
      this.#freeSlots.push(slot);
      this.#size -= 1;
    }
  }

  /** The arrays grow by doubling, so a cache that never fills never holds its whole bound in memory. */
  #ensureRoom(slot: number): void {
    if (slot < this.#seconds.length) return;
    const length = Math.min(this.maxPairs, Math.max(1024, this.#seconds.length * 2));
    const grown = (old: Float64Array) => {
      const array = new Float64Array(length).fill(-1);
      array.set(old);
      return array;
    };
    this.#seconds = grown(this.#seconds);
    this.#metres = grown(this.#metres);
    this.#lastUsed = grown(this.#lastUsed);
  }
}

/** A cache's legs as plain arrays: per leg, origin and destination in whole 1e-5 degrees (4 numbers), its figures. */
export interface TravelCacheSnapshot {
  maxPairs: number;
  units: Int32Array;
  seconds: Float64Array;
  metres: Float64Array;
}

/** One request: the legs from every source to every destination (places by their index in the table's places). */
interface Block {
  sources: number[];
  destinations: number[];
}

/**
 * The requests that ask every missing leg and no known one. Sources missing the same destinations share a block;
 * a place's leg to itself is free to ask (the router answers 0), so a source may also join the block whose
 * destinations are its own plus itself. Of its two candidates a source joins the one more sources share: the
 * first table (every source missing every other place) is then one group, and a table over known places and a few
 * new ones two (the known places to the new ones; the new ones to every place), whatever the order of the points.
 * `missing[source]` lists the places whose leg from `source` is not known, in ascending order.
 */
export function plannedBlocks(missing: readonly (readonly number[])[], maxTableSize: number): Block[] {
  const candidates = missing.map((destinations, source) => {
    if (destinations.length === 0) return null;
    // The destinations are in ascending order (as `copyRow` lists them): the source goes in its place.
    const after = destinations.findIndex((destination) => destination > source);
    const split = after === -1 ? destinations.length : after;
    const withSelf = [...destinations.slice(0, split), source, ...destinations.slice(split)];
    return { own: destinations.join(','), withSelf: withSelf.join(','), withSelfList: withSelf };
  });
  const shared = new Map<string, number>();
  for (const candidate of candidates) {
    if (!candidate) continue;
    shared.set(candidate.own, (shared.get(candidate.own) ?? 0) + 1);
    shared.set(candidate.withSelf, (shared.get(candidate.withSelf) ?? 0) + 1);
  }
  const groups = new Map<string, Block>();
  candidates.forEach((candidate, source) => {
    if (!candidate) return;
    const joinsWithSelf = shared.get(candidate.withSelf)! > shared.get(candidate.own)!;
    const key = joinsWithSelf ? candidate.withSelf : candidate.own;
    const group = groups.get(key);
    if (group) {
      group.sources.push(source);
    } else {
      const destinations = joinsWithSelf ? candidate.withSelfList : [...missing[source]!];
      groups.set(key, { sources: [source], destinations });
    }
  });
  const blocks: Block[] = [];
  for (const group of groups.values()) {
    for (const sources of chunks(group.sources, maxTableSize)) {
      for (const destinations of chunks(group.destinations, maxTableSize)) {
        blocks.push({ sources, destinations });
      }
    }
  }
  return blocks;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * The router's address without its user name and password (a router behind a proxy's basic authentication), which
 * go in a header instead: fetch refuses a URL with credentials, and a message or a log must never show them.
 */
function splitCredentials(url: URL): { address: string; authorization: string | null } {
  const address = new URL(url);
  address.username = '';
  address.password = '';
  const authorization =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
      : null;
  return { address: address.href.replace(/\/$/, ''), authorization };
}

/** Why fetch failed, in the words of the system: fetch itself says only "fetch failed", its cause says which. */
function failureReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(cause instanceof Error)) return String(cause);
  // Trying each address of a host gives an AggregateError with no message of its own, only a code.
  const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
  return cause.message || code || (error instanceof Error ? error.message : 'unknown error');
}

/** An answer longer than the reader's limit (readLimitedText). */
export class AnswerTooLarge extends Error {}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The answer's text, read a chunk at a time and given up (the connection closed) as soon as it passes `maxBytes`:
 * a declared length over the limit is refused before any of it is read.
 */
export async function readLimitedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new AnswerTooLarge();
  }
  if (!response.body) return '';
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  let read = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel();
      throw new AnswerTooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

const shownPlace = (place: Place) => `${place.lat.toFixed(5)}, ${place.lng.toFixed(5)}`;

interface OsrmTableAnswer {
  code?: unknown;
  message?: unknown;
  durations?: unknown;
  distances?: unknown;
}

/** A `rows` × `columns` array of numbers or nulls (null: no road). */
function isMatrix(value: unknown, rows: number, columns: number): value is (number | null)[][] {
  return (
    Array.isArray(value) &&
    value.length === rows &&
    value.every(
      (row) =>
        Array.isArray(row) &&
        row.length === columns &&
        row.every(
          (cell) => cell === null || (typeof cell === 'number' && Number.isFinite(cell) && cell >= 0),
        ),
    )
  );
}

export function osrmTravelModel(settings: OsrmSettings): TravelModel {
  const base = new URL(settings.url);
  const profile = settings.profile ?? DEFAULT_OSRM_PROFILE;
  const maxTableSize = settings.maxTableSize ?? DEFAULT_MAX_TABLE_SIZE;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_ROUTER_TIMEOUT_MS;
  const maxAnswerBytes = settings.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const fetchAnswer = settings.fetch ?? globalThis.fetch;
  const cache = settings.cache ?? new TravelCache();
  if (!(Number.isInteger(maxTableSize) && maxTableSize >= 1)) {
    throw new RangeError('maxTableSize must be a whole number ≥ 1');
  }
  const { address: where, authorization } = splitCredentials(base);
  const tableUrl = `${where}/table/v1/${encodeURIComponent(profile)}/`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authorization) headers.authorization = authorization;

  /** Asks one block and writes its legs into the places' table and the cache. */
  async function askBlock(places: readonly Place[], block: Block, table: TravelTable): Promise<void> {
    // The coordinates of the request: the sources, then the destinations that are not also sources.
    const asked = [...new Set([...block.sources, ...block.destinations])];
    const position = new Map(asked.map((place, index) => [place, index]));
    const coordinates = asked.map((place) => `${places[place]!.lng},${places[place]!.lat}`).join(';');
    // Digits, commas and semicolons only: written as OSRM's documentation writes them, nothing to escape.
    const sources = block.sources.map((place) => position.get(place)).join(';');
    const destinations = block.destinations.map((place) => position.get(place)).join(';');
    const { durations, distances } = await askRouter(
      `${tableUrl}${coordinates}?sources=${sources}&destinations=${destinations}&annotations=duration,distance`,
    );
    const rows = block.sources.length;
    const columns = block.destinations.length;
    if (!isMatrix(durations, rows, columns) || !isMatrix(distances, rows, columns)) {
      throw new RouterError(
        `The road router at ${where} did not answer: its answer has no table of ${rows} × ${columns} durations ` +
          'and distances (is it OSRM 5.18 or later?)',
      );
    }
    block.sources.forEach((source, row) => {
      block.destinations.forEach((destination, column) => {
        if (source === destination) return;
        const seconds = durations[row]![column];
        const metres = distances[row]![column];
        if (seconds === null || seconds === undefined || metres === null || metres === undefined) {
          const advice = `check that both points are near a road the '${profile}' profile may drive, and that the router has the map of this area`;
          throw new RouterError(
            `The road router at ${where} finds no road from ${shownPlace(places[source]!)} to ` +
              `${shownPlace(places[destination]!)}: ${advice}`,
            `The road router at ${where} finds no road between two of the table's ${table.size} places: ${advice}`,
          );
        }
        const cell = source * table.size + destination;
        table.seconds[cell] = seconds;
        table.metres[cell] = metres;
        cache.remember(places[source]!, places[destination]!, seconds, metres);
      });
    });
  }

  /** The router's JSON answer with `code: "Ok"`, or a RouterError saying why there is none. */
  async function askRouter(url: string): Promise<OsrmTableAnswer> {
    const failed = (reason: string) =>
      new RouterError(`The road router at ${where} did not answer: ${reason}`);
    let status: number;
    let text: string;
    try {
      const response = await fetchAnswer(url, {
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await readLimitedText(response, maxAnswerBytes);
    } catch (error) {
      if (error instanceof AnswerTooLarge)
        throw failed(`its answer is larger than ${megabytes(maxAnswerBytes)}`);
      // AbortSignal.timeout rejects with a DOMException named TimeoutError.
      if (typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError') {
        throw failed(`no answer within ${timeoutMs / 1000} s`);
      }
      throw failed(failureReason(error));
    }
    let answer: OsrmTableAnswer | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) answer = parsed;
    } catch {
      // Not JSON: a proxy's error page or another service; the status says more than the body.
    }
    if (answer && typeof answer.code === 'string' && answer.code !== 'Ok') {
      const detail = typeof answer.message === 'string' ? `: ${answer.message}` : '';
      throw failed(`${answer.code}${detail}`);
    }
    if (status < 200 || status > 299) throw failed(`HTTP status ${status}`);
    if (!answer || answer.code !== 'Ok') throw failed('its answer is not an OSRM table');
    return answer;
  }

  return {
    async table(points) {
      const size = points.length;
      // The distinct places: points that round to the same 1e-5 degree are one place, their legs 0.
      const places: Place[] = [];
      const indexOfKey = new Map<string, number>();
      const placeOfPoint = points.map((point) => {
        const place = placeOf(point);
        let index = indexOfKey.get(place.key);
        if (index === undefined) {
          index = places.push(place) - 1;
          indexOfKey.set(place.key, index);
        }
        return index;
      });
      // Kept here rather than read back from the cache, which may forget legs of a table bigger than itself.
      const count = places.length;
      const legs: TravelTable = {
        size: count,
        seconds: new Float64Array(count * count),
        metres: new Float64Array(count * count),
      };
      const missing = places.map((_, source) => cache.copyRow(places, source, legs));
      for (const block of plannedBlocks(missing, maxTableSize)) await askBlock(places, block, legs);

      const seconds = new Float64Array(size * size);
      const metres = new Float64Array(size * size);
      placeOfPoint.forEach((from, i) => {
        placeOfPoint.forEach((to, j) => {
          seconds[i * size + j] = legs.seconds[from * count + to]!;
          metres[i * size + j] = legs.metres[from * count + to]!;
        });
      });
      return { size, seconds, metres };
    },
  };
}
