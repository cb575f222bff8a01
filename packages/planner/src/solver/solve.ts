import { Annealing } from './annealing.js';
import { Deadline } from './deadline.js';
import { routesAreFeasible } from './feasibility.js';
import { LocalSearch } from './local-search.js';
import { prepareProblem } from './prepared-problem.js';
import type { RoutingProblem, Solution, SolveOptions } from './problem.js';
import { Random } from './random.js';
import { Recreate } from './recreate.js';
import { Repair } from './repair.js';
import { RoutePlan } from './route-plan.js';
import { Ruin } from './ruin.js';

/** Annealing temperatures as multiples of a typical short edge: explore early, settle at the end. */
const INITIAL_TEMPERATURE = 2;
const FINAL_TEMPERATURE = 0.01;
/** The final polish may run this long past the time limit (never past a cancel). */
const POLISH_GRACE_SECONDS = 0.02;
/** Progress reports while the best does not change, at most this often. */
const QUIET_PROGRESS_MS = 250;
/** Improvements closer together than this are reported once. */
const IMPROVEMENT_PROGRESS_MS = 50;

/**
 * Builds a plan by greedy insertion, then improves it by ruin and recreate under simulated annealing until the time
 * or iteration limit, or a cancel; local search polishes the first plan and the best one. The search is
 * synchronous: it reads `signal.aborted` and the clock between steps (each well under a millisecond for benchmark sizes, a few on thousands of nodes), so a cancel
 * from the same thread cannot land before it returns: run it in a worker and abort from outside, or abort from
 * `onProgress`.
 */
export function solve(problem: RoutingProblem, options: SolveOptions): Solution {
  const began = performance.now();
  const p = prepareProblem(problem);
  const random = new Random(options.seed);
  const ruin = new Ruin(p, random);
  const recreate = new Recreate(p, random);
  const repair = new Repair(p, (plan, customer) => recreate.place(plan, customer));
  const localSearch = new LocalSearch(p);
  const removed = new Int32Array(p.size);
  const deadline = new Deadline(began, options.seconds, options.signal);

  let current = new RoutePlan(p);
  removed.set(p.customers);
  recreate.run(current, removed, p.customers.length, p.customers.length, deadline);
  if (current.unassignedCount > 0) repair.run(current, deadline);
  localSearch.improve(current, deadline);
  let candidate = new RoutePlan(p);
  const best = new RoutePlan(p);
  best.copyFrom(current);
  let currentObjective = current.objective();
  let bestObjective = currentObjective;

  const annealing = new Annealing(INITIAL_TEMPERATURE * p.typicalEdge, FINAL_TEMPERATURE * p.typicalEdge);
  const limitMs = options.seconds * 1000;
  const maxIterations = options.maxIterations ?? Infinity;
  let lastReport = -Infinity;
  let pendingImprovement = false;
  const report = (iteration: number, elapsedMs: number) => {
    lastReport = elapsedMs;
    pendingImprovement = false;
    options.onProgress?.({ bestCost: best.drivingCost(), vehicles: best.routeCount, iteration, elapsedMs });
  };

  let iteration = 0;
  for (; iteration < maxIterations && !deadline.passed(); iteration++) {
    const elapsedMs = deadline.elapsedMs();
    // With an iteration budget the schedule follows iterations, so the run does not depend on the machine's speed.
    const progress = Number.isFinite(maxIterations) ? iteration / maxIterations : elapsedMs / limitMs;

    candidate.copyFrom(current);
    const count = ruin.run(candidate, removed);
    if (!recreate.run(candidate, removed, count, ruin.leftOutCount, deadline)) break;
    // Only while no complete plan is held: once one is, a candidate leaving customers out is simply rejected, and
    // repairing every such candidate measured several times slower per iteration on tight instances.
    if (candidate.unassignedCount > 0 && current.unassignedCount > 0) repair.run(candidate, deadline);
    const objective = candidate.objective();
    if (objective < annealing.threshold(currentObjective, progress, random.next())) {
      [current, candidate] = [candidate, current];
      currentObjective = objective;
      if (objective < bestObjective - 1e-9) {
        best.copyFrom(current);
        bestObjective = objective;
        pendingImprovement = true;
      }
    }
    const sinceReport = elapsedMs - lastReport;
    if (pendingImprovement ? sinceReport >= IMPROVEMENT_PROGRESS_MS : sinceReport >= QUIET_PROGRESS_MS) {
      report(iteration, elapsedMs);
    }
  }
  // Descent after every new best measured worse than more ruin and recreate in the same time (it pulls the
  // annealing into deep local optima), so it only polishes the start and the end.
  localSearch.improve(best, new Deadline(began, options.seconds + POLISH_GRACE_SECONDS, options.signal));
  if (best.objective() < bestObjective - 1e-9) pendingImprovement = true;
  if (pendingImprovement) report(iteration, performance.now() - began);
  // The polish moved load between routes without reseating them: the fullest route goes back on the largest vehicle.
  if (p.mixedFleet) best.reseat();

  const routes = best.routes.slice(0, best.routeCount).map((route) => [...route]);
  const routeVehicles = p.mixedFleet
    ? best.vehicle.slice(0, best.routeCount).map((rank) => p.fleetOrder[rank]!)
    : undefined;
  return {
    routes,
    cost: best.drivingCost(),
    vehicles: best.routeCount,
    ...(routeVehicles && { routeVehicles }),
    feasible: best.unassignedCount === 0 && routesAreFeasible(p, routes, routeVehicles),
    iterations: iteration,
    elapsedMs: performance.now() - began,
  };
}
