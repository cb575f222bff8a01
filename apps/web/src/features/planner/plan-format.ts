import type { ChildChange, PlanProgress, PlanReview, ReviewRun } from '@school-transport/shared';
import { countOf } from '../../lib/time/format';

/**
 * What the planner's screen shows of a job and its proposal, as plain values: the map's lines, the figures, the
 * table of runs and the list of changes. Kept apart from the components so the wording and sums are tested alone.
 */

/**
 * One colour per run, told apart on a map and by colour-blind eyes (Okabe–Ito's palette); the legend names each
 * run too, so colour is never the only sign.
 */
export const RUN_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];

export interface LinePoint {
  lat: number;
  lng: number;
}

export interface RunStopMark extends LinePoint {
  /** 'Stop name, 07:32, 3 children', for the marker's tooltip. */
  label: string;
}

/** A run as the map draws it: a coloured line from its first stop through the others to school. */
export interface RunLine {
  key: string;
  colour: string;
  /** The route (or, without one, the vehicle) and the plate, for the legend. */
  name: string;
  stops: RunStopMark[];
  line: LinePoint[];
}

/** What the run is called on the screen: its route and plate, or the plate alone while it has no route. */
export const runName = (run: ReviewRun) =>
  run.routeName ? `${run.routeName} · ${run.licensePlate}` : run.licensePlate;

function stopLabel(stop: ReviewRun['stops'][number]): string {
  return [stop.name, stop.time, countOf(stop.children, 'child', 'children')]
    .filter((part): part is string => part !== null)
    .join(', ');
}

/** The morning runs as lines ending at school; a run without stops draws nothing. */
export function runLines(runs: readonly ReviewRun[], school: LinePoint): RunLine[] {
  return runs
    .filter((run) => run.stops.length > 0)
    .map((run, index) => ({
      key: run.vehicleId,
      colour: RUN_COLOURS[index % RUN_COLOURS.length] ?? '#000000',
      name: runName(run),
      stops: run.stops.map((stop) => ({ lat: stop.lat, lng: stop.lng, label: stopLabel(stop) })),
      line: [...run.stops.map(({ lat, lng }) => ({ lat, lng })), { lat: school.lat, lng: school.lng }],
    }));
}

/** The figures of the routes as they are: their runs (with at least one stop) and the children seated on them. */
export function currentFigures(runs: readonly ReviewRun[]) {
  return {
    runs: runs.filter((run) => run.stops.length > 0).length,
    children: runs.reduce((sum, run) => sum + run.children, 0),
  };
}

/** The proposal's figures as the review shows them, each a label and its value. */
export function proposedFacts(summary: PlanReview['summary']): [string, string][] {
  return [
    ['Vehicles', String(summary.vehicles)],
    ['Total distance', `${summary.totalKm.toFixed(1)} km`],
    ['Total driving', `${Math.round(summary.totalMinutes)} min`],
    ['Longest ride', `${Math.round(summary.longestRideMinutes)} min`],
    ['Children per run', summary.childrenPerRun.length > 0 ? summary.childrenPerRun.join(', ') : '—'],
  ];
}

/** A row of the table of proposed runs. */
export interface RunRow {
  key: string;
  route: string;
  driver: string;
  plate: string;
  stops: number;
  children: number;
  /** When the bus is at its first stop (HH:MM), or a dash. */
  firstPickup: string;
}

export function runRows(runs: readonly ReviewRun[]): RunRow[] {
  return runs.map((run) => ({
    key: run.vehicleId,
    route: run.routeName ?? 'No route assigned',
    driver: run.driverName ?? '—',
    plate: run.licensePlate,
    stops: run.stops.length,
    children: run.children,
    firstPickup: run.stops[0]?.time ?? '—',
  }));
}

/** Where a child rides, in words: 'Route 4 · Lake Road', 'Route 4 · Own pickup point', 'Not seated'. */
export function placementText({ routeName, stopName }: ChildChange['from']): string {
  if (routeName === null) return 'Not seated';
  return `${routeName} · ${stopName ?? 'Own pickup point'}`;
}

/** A running job's progress in words: the best plan's driving time, its vehicles, the search's iteration and time. */
export function progressFacts(progress: PlanProgress | null): [string, string][] {
  // No progress yet: the thread is starting, or the job waits for the one planning before it (one at a time).
  if (progress === null)
    return [
      ['Best plan so far', 'Not started yet: starting, or waiting for the planning job before it to finish'],
    ];
  return [
    ['Best plan so far', `${Math.round(progress.bestCost / 60)} min of driving`],
    ['Vehicles', String(progress.vehicles)],
    ['Iteration', progress.iteration.toLocaleString('en')],
    ['Elapsed', `${(progress.elapsedMs / 1000).toFixed(1)} s`],
  ];
}
