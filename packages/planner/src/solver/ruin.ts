import type { PreparedProblem } from './prepared-problem.js';
import type { Random } from './random.js';
import type { RoutePlan } from './route-plan.js';

/** Average number of customers removed per ruin, and the longest string cut from one route. */
const AVERAGE_REMOVED = 10;
const MAX_STRING_LENGTH = 10;
/** Customers left out that each ruin offers back to reinsertion: all of them would make an iteration slow when
 * many cannot be placed. */
const MAX_RETRIED_UNASSIGNED = 20;
/** Chance of keeping one more customer inside a split string. */
const SPLIT_KEEP_MORE = 0.01;

/**
 * Adjacent string removal (after Christiaens and Vanden Berghe's SISR): around a random seed customer, cut a string
 * of consecutive customers from each of a few nearby routes, sometimes keeping a short piece of the string in
 * place. Removing neighbours from several routes at once is what lets reinsertion move work between routes.
 */
export class Ruin {
  private readonly ruinedRoutes: number[] = [];

  constructor(
    private readonly p: PreparedProblem,
    private readonly random: Random,
  ) {}

  /** How many of the last run's customers, at the front of `removed`, were already left out before it. */
  leftOutCount = 0;

  /**
   * Removes customers from `plan` and writes them to `removed`, after some customers already left out (see
   * leftOutCount); returns how many in all. While customers are left out, half the ruins start at one of them, to
   * make room where it is needed.
   */
  run(plan: RoutePlan, removed: Int32Array): number {
    let count = 0;
    let leftOutSeed = -1;
    if (plan.unassignedCount > 0) {
      const offset = this.random.int(this.p.customers.length);
      for (let k = 0; k < this.p.customers.length && count < MAX_RETRIED_UNASSIGNED; k++) {
        const customer = this.p.customers[(offset + k) % this.p.customers.length]!;
        if (plan.routeOf[customer]! < 0) removed[count++] = customer;
      }
      if (this.random.next() < 0.5) leftOutSeed = removed[this.random.int(count)]!;
    }
    this.leftOutCount = count;
    const assigned = this.p.customers.length - plan.unassignedCount;
    if (plan.routeCount === 0 || assigned === 0) return count;

    const random = this.random;
    const longestString = Math.min(MAX_STRING_LENGTH, assigned / plan.routeCount);
    const maxStrings = (4 * AVERAGE_REMOVED) / (1 + longestString) - 1;
    const strings = Math.floor(random.next() * maxStrings) + 1;
    const seed = leftOutSeed >= 0 ? leftOutSeed : this.p.customers[random.int(this.p.customers.length)]!;
    const ruined = this.ruinedRoutes;
    ruined.length = 0;

    const { neighbours, neighbourCount } = this.p;
    for (let k = -1; k < neighbourCount && ruined.length < strings; k++) {
      const customer = k < 0 ? seed : neighbours[seed * neighbourCount + k]!;
      const route = plan.routeOf[customer]!;
      if (route < 0 || ruined.includes(route)) continue;
      ruined.push(route);
      count = this.cutString(plan, route, customer, longestString, removed, count);
    }
    plan.dropEmptyRoutes();
    return count;
  }

  private cutString(
    plan: RoutePlan,
    route: number,
    customer: number,
    longestString: number,
    removed: Int32Array,
    count: number,
  ): number {
    const random = this.random;
    const nodes = plan.routes[route]!;
    const length = nodes.length;
    const cutLength = Math.floor(random.next() * Math.min(length, longestString)) + 1;
    let kept = 0;
    if (cutLength < length && random.next() < 0.5) {
      kept = 1;
      while (cutLength + kept < length && random.next() < SPLIT_KEEP_MORE) kept++;
    }
    const span = cutLength + kept;
    const position = plan.positionOf[customer]!;
    const lowest = Math.max(0, position - span + 1);
    const highest = Math.min(position, length - span);
    const first = lowest + random.int(highest - lowest + 1);
    const keptFrom = first + random.int(span - kept + 1);

    let write = 0;
    for (let read = 0; read < length; read++) {
      const node = nodes[read]!;
      const inSpan = read >= first && read < first + span;
      const inKept = read >= keptFrom && read < keptFrom + kept;
      if (inSpan && !inKept) {
        removed[count++] = node;
        plan.markRemoved(node);
      } else nodes[write++] = node;
    }
    nodes.length = write;
    plan.refresh(route);
    return count;
  }
}
