import type { FastifyBaseLogger } from 'fastify';
import { AnswerTooLarge, DEFAULT_MAX_ANSWER_BYTES, readLimitedText } from '@school-transport/planner';
import type { Point } from '../../../lib/geo-distance.js';

/**
 * Driving times between a trip's stops from an OSRM server (ROUTING_URL), for trips without planned times: its
 * `route` service answers the duration of each leg between consecutive points, by road. Stops do not move, so each
 * pair is asked once per process and kept. When the server cannot be reached or answers nonsense, the estimates
 * fall back to straight lines (eta.ts) and the server is left alone for a minute, so a dead routing server costs
 * one warning a minute, not a slow board.
 */
export interface RoadDurations {
  /** Per stop, the driving time in ms from the stop before it (null for the first); null when unknown. */
  legsOf(stops: Point[]): Promise<(number | null)[] | null>;
}

export interface RoadDurationsOptions {
  /** The OSRM server's base URL, such as http://osrm.internal:5000. */
  url: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  /** The largest answer read (the planner's 4 MB): a bigger one is a failure, read no further. */
  maxAnswerBytes?: number;
}

/** How long a failed server is left alone. */
const RETRY_AFTER_MS = 60_000;
/** Pairs kept at most; a new operator's stops fit many times over, and the cache starts again beyond it. */
const MAX_PAIRS = 100_000;

const pairKey = (a: Point, b: Point) => `${a.lat},${a.lng};${b.lat},${b.lng}`;

interface OsrmRouteAnswer {
  code?: string;
  routes?: { legs?: { duration?: unknown }[] }[];
}

export function createRoadDurations({
  url,
  log,
  timeoutMs = 2_000,
  maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES,
}: RoadDurationsOptions): RoadDurations {
  const seconds = new Map<string, number>();
  let quietUntil = 0;

  async function ask(stops: Point[]): Promise<boolean> {
    const path = stops.map((stop) => `${stop.lng},${stop.lat}`).join(';');
    const address = `${url.replace(/\/$/, '')}/route/v1/driving/${path}?overview=false&steps=false`;
    try {
      const answer = await fetch(address, { signal: AbortSignal.timeout(timeoutMs) });
      const body = JSON.parse(await readLimitedText(answer, maxAnswerBytes)) as OsrmRouteAnswer;
      const legs = body.routes?.[0]?.legs ?? [];
      const durations = legs.map((leg) => leg.duration);
      if (body.code !== 'Ok' || durations.length !== stops.length - 1)
        throw new Error(`the routing server answered ${answer.status} ${body.code ?? 'without a code'}`);
      if (!durations.every((d): d is number => typeof d === 'number' && Number.isFinite(d) && d >= 0))
        throw new Error('the routing server answered a leg without a duration');
      if (seconds.size + durations.length > MAX_PAIRS) seconds.clear();
      durations.forEach((duration, i) => seconds.set(pairKey(stops[i]!, stops[i + 1]!), duration));
      return true;
    } catch (error) {
      quietUntil = Date.now() + RETRY_AFTER_MS;
      const err =
        error instanceof AnswerTooLarge
          ? new Error(`the routing server's answer is larger than ${maxAnswerBytes} bytes`)
          : error;
      log.warn({ err }, 'routing server unavailable: ETAs use straight-line distances for a minute');
      return false;
    }
  }

  return {
    async legsOf(stops) {
      if (stops.length < 2) return null;
      const known = () =>
        stops.map((stop, i) => (i === 0 ? null : seconds.get(pairKey(stops[i - 1]!, stop))));
      let legs = known();
      if (legs.slice(1).some((leg) => leg === undefined)) {
        if (Date.now() < quietUntil || !(await ask(stops))) return null;
        legs = known();
      }
      return legs.map((leg) => (leg === null || leg === undefined ? null : leg * 1000));
    },
  };
}
