/**
 * How right the ETAs are: synthetic trips (a seeded random generator, so every run measures the same trips) are
 * replayed minute by minute through the server's own estimator (src/modules/operations/board/eta.ts). At each minute, for
 * every stop the bus will really reach within the next 5 minutes, the estimate is compared with the real arrival.
 * Prints the mean absolute error and the 90th percentile, overall and by how far away the stop was, for trips with
 * a plan and for the same trips without one (legs modelled from distances), beside the plain timetable.
 *
 *   npx tsx bench/eta-accuracy.ts [--trips 500] [--seed 15]
 *
 * A trip: 8–15 stops, planned legs of 1–4 whole minutes (a first stop 2–5 minutes from the depot), started
 * -1…+4 minutes off its planned start; it runs at a pace of its own (0.8–1.5 times the plan) with ±20 % noise per
 * leg and 15–60 s at each stop; one trip in three meets a traffic jam (the bus stands 2–6 minutes mid-leg). The
 * bus sends a fix every 10 s; a stop counts as reached at the first fix there and left at the last one, as the
 * server's stop timeline records them.
 */
import { parseArgs } from 'node:util';
import {
  estimateTrip,
  type EtaFix,
  type EtaSettings,
  type EtaStop,
  type EtaTrip,
} from '../src/modules/operations/board/eta.js';

const { values } = parseArgs({
  options: { trips: { type: 'string', default: '500' }, seed: { type: 'string', default: '15' } },
});
const TRIPS = Number(values.trips);
const SEED = Number(values.seed);
if (!(TRIPS > 0) || !Number.isInteger(SEED))
  throw new Error('--trips must be a positive number, --seed an integer');

/** The server's defaults (DETOUR_FACTOR, AVERAGE_SPEED_KMH). */
const SETTINGS: EtaSettings = { detourFactor: 1.3, averageSpeedKmh: 30 };
/** The synthetic roads: straight lines this much shorter than the road, driven at this speed when on plan. */
const ROAD_DETOUR = 1.3;
const PLANNED_SPEED_KMH = 24;
const FIX_EVERY_MS = 10_000;
const HORIZON_MS = 5 * 60_000;
const MINUTE = 60_000;

/** mulberry32: a small seeded generator, so the traces are the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(SEED);
const between = (min: number, max: number) => min + random() * (max - min);
const wholeBetween = (min: number, max: number) => Math.floor(between(min, max + 1));

interface Point {
  lat: number;
  lng: number;
}
/** Where the bus is from `from` until `until`: standing (from = to) or driving a straight line. */
interface Segment {
  from: number;
  until: number;
  start: Point;
  end: Point;
}
interface Trace {
  plannedStartAt: number;
  startedAt: number;
  stops: (Point & { plannedAt: number; arrivedAt: number; departedAt: number })[];
  segments: Segment[];
}

const METRES_PER_DEGREE = 111_195;
function offset(point: Point, metres: number, heading: number): Point {
  return {
    lat: point.lat + (metres * Math.cos(heading)) / METRES_PER_DEGREE,
    lng:
      point.lng + (metres * Math.sin(heading)) / (METRES_PER_DEGREE * Math.cos((point.lat * Math.PI) / 180)),
  };
}
const straightMetres = (minutes: number) => (minutes * 60 * PLANNED_SPEED_KMH) / 3.6 / ROAD_DETOUR;

function synthesize(day: number): Trace {
  const plannedStartAt = Date.UTC(2026, 2, 2 + day, 7, 0);
  const startedAt = plannedStartAt + between(-1, 4) * MINUTE;
  const pace = between(0.8, 1.5);
  const legMinutes = Array.from({ length: wholeBetween(8, 15) }, (_, i) =>
    i === 0 ? wholeBetween(2, 5) : wholeBetween(1, 4),
  );
  const jamLeg = random() < 1 / 3 ? wholeBetween(0, legMinutes.length - 1) : -1;
  let heading = between(0, 2 * Math.PI);
  let place: Point = { lat: 12.97 + between(-0.05, 0.05), lng: 77.6 + between(-0.05, 0.05) };
  let planned = plannedStartAt;
  let clock = startedAt;
  const stops: Trace['stops'] = [];
  const segments: Segment[] = [];
  legMinutes.forEach((minutes, i) => {
    heading += between(-0.8, 0.8);
    const stop = offset(place, straightMetres(minutes), heading);
    planned += minutes * MINUTE;
    // A leg runs from the arrival at one stop to the next: the dwell at the stop it leaves is part of it.
    const leg = minutes * MINUTE * pace * between(0.8, 1.2);
    const dwell = i === 0 ? 0 : Math.min(between(15_000, 60_000), leg / 2);
    const drive = leg - dwell;
    if (dwell) segments.push({ from: clock, until: clock + dwell, start: place, end: place });
    const departed = clock + dwell;
    if (i === jamLeg) {
      const share = between(0.2, 0.8);
      const jamAt = departed + drive * share;
      const jamPlace = {
        lat: place.lat + (stop.lat - place.lat) * share,
        lng: place.lng + (stop.lng - place.lng) * share,
      };
      const jam = between(2, 6) * MINUTE;
      segments.push({ from: departed, until: jamAt, start: place, end: jamPlace });
      segments.push({ from: jamAt, until: jamAt + jam, start: jamPlace, end: jamPlace });
      segments.push({ from: jamAt + jam, until: departed + drive + jam, start: jamPlace, end: stop });
      clock = departed + drive + jam;
    } else {
      segments.push({ from: departed, until: departed + drive, start: place, end: stop });
      clock = departed + drive;
    }
    if (i > 0) stops[i - 1]!.departedAt = departed;
    stops.push({ ...stop, plannedAt: planned, arrivedAt: clock, departedAt: Infinity });
    place = stop;
  });
  return { plannedStartAt, startedAt, stops, segments };
}

function placeAt(trace: Trace, at: number): Point {
  const segment = trace.segments.find((s) => at < s.until) ?? trace.segments.at(-1)!;
  const share =
    segment.until > segment.from
      ? Math.min(1, Math.max(0, (at - segment.from) / (segment.until - segment.from)))
      : 1;
  return {
    lat: segment.start.lat + (segment.end.lat - segment.start.lat) * share,
    lng: segment.start.lng + (segment.end.lng - segment.start.lng) * share,
  };
}

/** The fix grid: the bus reports every FIX_EVERY_MS from its start. */
const fixAtOrAfter = (trace: Trace, at: number) =>
  trace.startedAt + Math.ceil((at - trace.startedAt) / FIX_EVERY_MS) * FIX_EVERY_MS;
const fixAtOrBefore = (trace: Trace, at: number) =>
  trace.startedAt + Math.floor((at - trace.startedAt) / FIX_EVERY_MS) * FIX_EVERY_MS;

/** What the server knows of the trip at `now`: the stops reached and left by then, as fixes show them. */
function known(trace: Trace, now: number, withPlan: boolean): EtaTrip {
  const stops: EtaStop[] = trace.stops.map((stop) => {
    const arrived = fixAtOrAfter(trace, stop.arrivedAt);
    const departed = fixAtOrBefore(trace, stop.departedAt);
    return {
      lat: stop.lat,
      lng: stop.lng,
      plannedAt: withPlan ? stop.plannedAt : null,
      arrivedAt: arrived <= now ? arrived : null,
      // Left once a later fix shows the bus elsewhere.
      departedAt: departed + FIX_EVERY_MS <= now ? departed : null,
    };
  });
  const fixAt = fixAtOrBefore(trace, now);
  const lastFix: EtaFix = { ...placeAt(trace, fixAt), at: fixAt };
  return {
    startedAt: trace.startedAt,
    plannedStartAt: withPlan ? trace.plannedStartAt : null,
    stops,
    lastFix,
  };
}

interface Errors {
  all: number[];
  byMinute: number[][];
}
const newErrors = (): Errors => ({ all: [], byMinute: [[], [], [], [], []] });

const traces = Array.from({ length: TRIPS }, (_, day) => synthesize(day));
const measured = { plan: newErrors(), model: newErrors(), timetable: newErrors() };
for (const trace of traces) {
  const end = fixAtOrAfter(trace, trace.stops.at(-1)!.arrivedAt);
  for (let now = trace.startedAt + MINUTE; now < end; now += MINUTE) {
    const withPlan = estimateTrip(known(trace, now, true), now, SETTINGS);
    const withoutPlan = estimateTrip(known(trace, now, false), now, SETTINGS);
    trace.stops.forEach((stop, i) => {
      const actual = fixAtOrAfter(trace, stop.arrivedAt);
      const ahead = actual - now;
      if (ahead <= 0 || ahead > HORIZON_MS) return;
      const record = (errors: Errors, eta: number | null | undefined) => {
        if (eta === null || eta === undefined) return;
        const error = Math.abs(eta - actual) / 1000;
        errors.all.push(error);
        errors.byMinute[Math.min(4, Math.floor(ahead / MINUTE))]!.push(error);
      };
      record(measured.plan, withPlan.etas[i]);
      record(measured.model, withoutPlan.etas[i]);
      record(measured.timetable, stop.plannedAt);
    });
  }
}

const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
function percentile(xs: number[], p: number) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const seconds = (x: number) => `${Math.round(x)} s`;

const jams = traces.filter((trace) =>
  trace.segments.some((s) => s.until - s.from > 90_000 && s.start === s.end),
).length;
console.log(
  `${TRIPS} synthetic trips (seed ${SEED}, ${jams} with a traffic jam), replayed minute by minute; ` +
    'errors of the estimates for stops reached within the next 5 minutes:\n',
);
console.log('| estimate | estimates | mean absolute error | p90 | MAE 0–1 min | 1–2 | 2–3 | 3–4 | 4–5 min |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const rows: [string, Errors][] = [
  ['eta.ts, trip with a plan', measured.plan],
  ['eta.ts, no plan (distances × detour at average speed)', measured.model],
  ['the timetable alone (planned times)', measured.timetable],
];
for (const [label, errors] of rows) {
  console.log(
    `| ${label} | ${errors.all.length} | ${seconds(mean(errors.all))} | ${seconds(percentile(errors.all, 90))} | ` +
      `${errors.byMinute.map((bucket) => seconds(mean(bucket))).join(' | ')} |`,
  );
}
const target = mean(measured.plan.all) <= 60;
console.log(`\nTarget (mean absolute error ≤ 60 s with a plan): ${target ? 'met' : 'NOT met'}.`);
if (!target) process.exitCode = 1;
