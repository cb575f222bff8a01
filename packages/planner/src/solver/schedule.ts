import type { PreparedProblem } from './prepared-problem.js';

/** Slack for comparing times that went through different sums of the same floating-point distances. */
export const TIME_EPSILON = 1e-7;

/** When a route's first service can begin: at the first node's ready time with an open start, else after the drive
 * from the depot (which opens at its own ready time). */
export function firstServiceStart(p: PreparedProblem, first: number): number {
  const leave = p.ready[p.depot]!;
  const arrival = p.openStart ? leave : leave + p.time[p.depot * p.size + first]!;
  return Math.max(arrival, p.ready[first]!);
}

/**
 * Whether the nodes `sequence[0 … length)` make a route that keeps every time window and ride limit (capacity is
 * checked apart). Service starts as early as possible, which gives the earliest arrival at the depot; ride times
 * are then measured on the latest schedule that still arrives then, because a driver who would wait somewhere
 * rather leaves later, so children sit in the bus no longer than needed.
 */
export function sequenceKeepsTimes(p: PreparedProblem, sequence: Int32Array, length: number): boolean {
  if (length === 0) return true;
  const { size, time, service, ready, due, depot } = p;
  let node = sequence[0]!;
  let start = firstServiceStart(p, node);
  if (start > due[node]! + TIME_EPSILON) return false;
  for (let k = 1; k < length; k++) {
    const next = sequence[k]!;
    start = Math.max(start + service[node]! + time[node * size + next]!, ready[next]!);
    if (start > due[next]! + TIME_EPSILON) return false;
    node = next;
  }
  const depotArrival = start + service[node]! + time[node * size + depot]!;
  if (depotArrival > due[depot]! + TIME_EPSILON) return false;
  if (!p.hasRideLimits) return true;

  let nextStart = depotArrival;
  let nextNode = depot;
  for (let k = length - 1; k >= 0; k--) {
    const here = sequence[k]!;
    const latest = Math.min(due[here]!, nextStart - time[here * size + nextNode]! - service[here]!);
    if (depotArrival - (latest + service[here]!) > p.maxRide[here]! + TIME_EPSILON) return false;
    nextStart = latest;
    nextNode = here;
  }
  return true;
}
