import type { Deadline } from './deadline.js';
import type { PreparedProblem } from './prepared-problem.js';
import type { Random } from './random.js';
import type { RoutePlan } from './route-plan.js';
import { TIME_EPSILON, firstServiceStart, sequenceKeepsTimes } from './schedule.js';

/** Each position is skipped with this probability ("blinks"), so the same greedy choice is not always made. */
const BLINK_RATE = 0.01;

/**
 * Greedy reinsertion with blinks: customers go back one by one, in an order drawn among a few (random, largest
 * demand first, farthest from the depot first, nearest first), each at its cheapest feasible position. A customer
 * with no feasible position opens a route while vehicles remain, and is otherwise left out (and priced as such).
 */
export class Recreate {
  private readonly candidate: Int32Array;
  private bestRoute = -1;
  private bestPosition = -1;

  constructor(
    private readonly p: PreparedProblem,
    private readonly random: Random,
  ) {
    this.candidate = new Int32Array(p.size + 1);
  }

  /**
   * Reinserts `customers[0 … count)`; false when the deadline passed first, leaving the rest out. The first
   * `leftOut` were left out before: they go first, largest demand first, to take the room the ruin just made.
   */
  run(plan: RoutePlan, customers: Int32Array, count: number, leftOut: number, deadline: Deadline): boolean {
    const demand = this.p.demand;
    customers.subarray(0, leftOut).sort((a, b) => demand[b]! - demand[a]!);
    this.order(customers.subarray(leftOut, count));
    for (let i = 0; i < count; i++) {
      // On large problems one reinsertion can take milliseconds, so the deadline is checked between customers.
      if (deadline.passed()) return false;
      this.place(plan, customers[i]!);
    }
    return true;
  }

  /** Inserts a customer at its cheapest feasible position, or on a route of its own while vehicles remain; false
   * when neither is possible and it stays out. */
  place(plan: RoutePlan, customer: number): boolean {
    if (this.findPosition(plan, customer)) plan.insert(this.bestRoute, this.bestPosition, customer);
    else if (plan.routeCount < this.p.maxVehicles && this.servesAlone(plan, customer))
      plan.openRoute(customer);
    else return false;
    return true;
  }

  private order(slice: Int32Array): void {
    const { demand, cost, depot, size } = this.p;
    const draw = this.random.next() * 11;
    if (draw < 4) {
      for (let i = slice.length - 1; i > 0; i--) {
        const j = this.random.int(i + 1);
        const held = slice[i]!;
        slice[i] = slice[j]!;
        slice[j] = held;
      }
    } else if (draw < 8) slice.sort((a, b) => demand[b]! - demand[a]!);
    else if (draw < 10) slice.sort((a, b) => cost[depot * size + b]! - cost[depot * size + a]!);
    else slice.sort((a, b) => cost[depot * size + a]! - cost[depot * size + b]!);
  }

  /** Sets bestRoute/bestPosition to the cheapest feasible insertion; false when there is none. */
  private findPosition(plan: RoutePlan, u: number): boolean {
    const { size, cost, time, demand, service, ready, due, depot, openStart, timed, hasRideLimits } = this.p;
    const random = this.random;
    let bestDelta = Infinity;
    this.bestRoute = -1;
    const du = demand[u]!;
    const readyU = ready[u]!;
    const dueU = due[u]! + TIME_EPSILON;
    const serviceU = service[u]!;
    const fromDepotU = cost[depot * size + u]!;
    for (let r = 0; r < plan.routeCount; r++) {
      if (plan.load[r]! + du > plan.capacity[r]!) continue;
      const nodes = plan.routes[r]!;
      const start = plan.start[r]!;
      const latest = plan.latest[r]!;
      const length = nodes.length;
      let previous = depot;
      for (let position = 0; position <= length; position++) {
        const next = position < length ? nodes[position]! : depot;
        if (position > 0) previous = nodes[position - 1]!;
        if (random.next() < BLINK_RATE) continue;
        const delta =
          position === 0 && openStart
            ? cost[u * size + next]!
            : (position === 0 ? fromDepotU : cost[previous * size + u]!) +
              cost[u * size + next]! -
              cost[previous * size + next]!;
        if (delta >= bestDelta) continue;
        if (timed) {
          const startU =
            position === 0
              ? firstServiceStart(this.p, u)
              : Math.max(start[position - 1]! + service[previous]! + time[previous * size + u]!, readyU);
          if (startU > dueU) continue;
          if (startU + serviceU + time[u * size + next]! > latest[position]! + TIME_EPSILON) continue;
          if (hasRideLimits && !this.keepsRideLimits(nodes, position, u)) continue;
        }
        bestDelta = delta;
        this.bestRoute = r;
        this.bestPosition = position;
      }
    }
    return this.bestRoute >= 0;
  }

  private keepsRideLimits(nodes: number[], position: number, u: number): boolean {
    const candidate = this.candidate;
    let k = 0;
    for (let i = 0; i < nodes.length; i++) {
      if (i === position) candidate[k++] = u;
      candidate[k++] = nodes[i]!;
    }
    if (position === nodes.length) candidate[k++] = u;
    return sequenceKeepsTimes(this.p, candidate, k);
  }

  private servesAlone(plan: RoutePlan, u: number): boolean {
    if (this.p.demand[u]! > plan.nextCapacity()) return false;
    this.candidate[0] = u;
    return sequenceKeepsTimes(this.p, this.candidate, 1);
  }
}
