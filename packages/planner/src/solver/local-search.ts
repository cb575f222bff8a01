import type { Deadline } from './deadline.js';
import type { PreparedProblem } from './prepared-problem.js';
import type { RoutePlan } from './route-plan.js';
import { sequenceKeepsTimes } from './schedule.js';

/** Longest string moved whole by or-opt. */
const MAX_SEGMENT = 3;
/** Neighbours per customer that moves may bring it next to. */
const GRANULARITY = 30;
/** A move must gain at least this much, so rounding noise cannot make the search cycle. */
const MIN_GAIN = 1e-9;

/**
 * Descent with the classic neighbourhoods: relocate and or-opt (a string of up to three customers moved within or
 * between routes), swap (two customers of different routes exchanged), 2-opt* (the tails of two routes exchanged)
 * and 2-opt (a stretch of one route reversed). Moves between routes only bring a customer next to one of its
 * nearest neighbours, which keeps a pass near-linear in the number of customers. Each move's cost change is computed in O(1) from the edges it
 * adds and removes; only a move that gains is then checked against capacity and the route's times, and the first
 * feasible gain is applied; a pass goes on from there rather than starting over. Runs until no move gains.
 */
export class LocalSearch {
  private readonly first: Int32Array;
  private readonly second: Int32Array;
  private plan!: RoutePlan;
  /** How many nearest neighbours of a customer the moves consider (granular search). */
  private readonly granularity: number;

  constructor(private readonly p: PreparedProblem) {
    this.first = new Int32Array(p.size + MAX_SEGMENT);
    this.second = new Int32Array(p.size + MAX_SEGMENT);
    this.granularity = Math.min(GRANULARITY, p.neighbourCount);
  }

  /** Applies gaining moves until there are none or the deadline passes (checked between moves). */
  improve(plan: RoutePlan, deadline: Deadline): void {
    this.plan = plan;
    while (!deadline.passed() && (this.relocate() || this.swap() || this.tailExchange() || this.reverse())) {
      plan.dropEmptyRoutes();
    }
  }

  /** Cost of the edge from a to b; a = −1 stands for the start of a route, b = depot for its end. */
  private edge(a: number, b: number): number {
    const { cost, size, depot, openStart } = this.p;
    if (a >= 0) return cost[a * size + b]!;
    if (b === depot || openStart) return 0;
    return cost[depot * size + b]!;
  }

  /** The node at a position of a route: −1 before the first, the depot after the last. */
  private at(route: number, position: number): number {
    const nodes = this.plan.routes[route]!;
    if (position < 0) return -1;
    return position < nodes.length ? nodes[position]! : this.p.depot;
  }

  /** Relocate and or-opt: a string starting at each customer moved next to one of the customer's neighbours. */
  private relocate(): boolean {
    const plan = this.plan;
    for (let r = 0; r < plan.routeCount; r++) {
      const nodes = plan.routes[r]!;
      for (let i = 0; i < nodes.length; i++) {
        const u = nodes[i]!;
        for (let k = 0; k < this.granularity; k++) {
          const v = this.p.neighbours[u * this.p.neighbourCount + k]!;
          const s = plan.routeOf[v]!;
          if (s < 0) continue;
          const j = plan.positionOf[v]!;
          for (let segment = 1; segment <= MAX_SEGMENT && i + segment <= nodes.length; segment++) {
            if (this.tryRelocate(r, i, segment, s, j) || this.tryRelocate(r, i, segment, s, j + 1))
              return true;
          }
        }
      }
    }
    return false;
  }

  /** Moves route r's positions i … i + segment − 1 to just before position j of route s. */
  private tryRelocate(r: number, i: number, segment: number, s: number, j: number): boolean {
    if (s === r && j >= i && j <= i + segment) return false;
    const plan = this.plan;
    const head = this.at(r, i);
    const tail = this.at(r, i + segment - 1);
    if (s !== r) {
      let load = 0;
      for (let k = i; k < i + segment; k++) load += this.p.demand[this.at(r, k)]!;
      if (plan.load[s]! + load > plan.capacity[s]!) return false;
    }
    const before = this.at(r, i - 1);
    const after = this.at(r, i + segment);
    const a = this.at(s, j - 1);
    const b = this.at(s, j);
    const gain =
      this.edge(before, head) +
      this.edge(tail, after) +
      this.edge(a, b) -
      this.edge(before, after) -
      this.edge(a, head) -
      this.edge(tail, b);
    return gain > MIN_GAIN && this.applyRelocate(r, i, segment, s, j);
  }

  private applyRelocate(r: number, i: number, segment: number, s: number, j: number): boolean {
    const source = this.plan.routes[r]!;
    if (r === s) {
      let k = 0;
      for (let position = 0; position <= source.length; position++) {
        if (position === j) for (let m = i; m < i + segment; m++) this.first[k++] = source[m]!;
        if (position < source.length && (position < i || position >= i + segment))
          this.first[k++] = source[position]!;
      }
      return this.commit(r, this.first, k);
    }
    const target = this.plan.routes[s]!;
    let k = 0;
    for (let position = 0; position < source.length; position++) {
      if (position < i || position >= i + segment) this.first[k++] = source[position]!;
    }
    let m = 0;
    for (let position = 0; position <= target.length; position++) {
      if (position === j) for (let n = i; n < i + segment; n++) this.second[m++] = source[n]!;
      if (position < target.length) this.second[m++] = target[position]!;
    }
    return this.commitPair(r, this.first, k, s, this.second, m);
  }

  /**
   * Offers `move` each customer (route r, position i) with each of its near neighbours on another route (route s,
   * position j); a customer's remaining neighbours are skipped once one move was applied. True when any was.
   */
  private withNeighboursOnOtherRoutes(
    move: (r: number, i: number, s: number, j: number) => boolean,
  ): boolean {
    const plan = this.plan;
    let applied = false;
    for (let r = 0; r < plan.routeCount; r++) {
      const nodes = plan.routes[r]!;
      for (let i = 0; i < nodes.length; i++) {
        const u = nodes[i]!;
        for (let k = 0; k < this.granularity; k++) {
          const v = this.p.neighbours[u * this.p.neighbourCount + k]!;
          const s = plan.routeOf[v]!;
          if (s < 0 || s === r) continue;
          if (move(r, i, s, plan.positionOf[v]!)) {
            applied = true;
            break;
          }
        }
      }
    }
    return applied;
  }

  /** Swap: each customer exchanged with a neighbour on another route. */
  private swap(): boolean {
    return this.withNeighboursOnOtherRoutes((r, i, s, j) => this.trySwap(r, i, s, j));
  }

  private trySwap(r: number, i: number, s: number, j: number): boolean {
    const plan = this.plan;
    const u = this.at(r, i);
    const v = this.at(s, j);
    const shift = this.p.demand[v]! - this.p.demand[u]!;
    if (plan.load[r]! + shift > plan.capacity[r]! || plan.load[s]! - shift > plan.capacity[s]!) return false;
    const uBefore = this.at(r, i - 1);
    const uAfter = this.at(r, i + 1);
    const vBefore = this.at(s, j - 1);
    const vAfter = this.at(s, j + 1);
    const gain =
      this.edge(uBefore, u) +
      this.edge(u, uAfter) +
      this.edge(vBefore, v) +
      this.edge(v, vAfter) -
      this.edge(uBefore, v) -
      this.edge(v, uAfter) -
      this.edge(vBefore, u) -
      this.edge(u, vAfter);
    return gain > MIN_GAIN && this.applySwap(r, i, s, j);
  }

  private applySwap(r: number, i: number, s: number, j: number): boolean {
    const one = this.plan.routes[r]!;
    const two = this.plan.routes[s]!;
    for (let k = 0; k < one.length; k++) this.first[k] = one[k]!;
    for (let k = 0; k < two.length; k++) this.second[k] = two[k]!;
    this.first[i] = two[j]!;
    this.second[j] = one[i]!;
    return this.commitPair(r, this.first, one.length, s, this.second, two.length);
  }

  /** 2-opt*: tails of two routes exchanged so that a customer comes to follow or precede a neighbour. */
  private tailExchange(): boolean {
    return this.withNeighboursOnOtherRoutes(
      (r, i, s, j) => this.tryTailExchange(r, i, s, j - 1) || this.tryTailExchange(r, i - 1, s, j),
    );
  }

  /** Route r keeps its nodes up to position i and takes s's after j; s the other way round. */
  private tryTailExchange(r: number, i: number, s: number, j: number): boolean {
    const plan = this.plan;
    const length = plan.routes[r]!.length;
    const otherLength = plan.routes[s]!.length;
    // Exchanging everything or nothing only renames the routes.
    if ((i === -1 && j === -1) || (i === length - 1 && j === otherLength - 1)) return false;
    const headLoad = this.headLoad(r, i);
    const otherHeadLoad = this.headLoad(s, j);
    if (headLoad + plan.load[s]! - otherHeadLoad > plan.capacity[r]!) return false;
    if (otherHeadLoad + plan.load[r]! - headLoad > plan.capacity[s]!) return false;
    const a = this.at(r, i);
    const aNext = this.at(r, i + 1);
    const b = this.at(s, j);
    const bNext = this.at(s, j + 1);
    const gain = this.edge(a, aNext) + this.edge(b, bNext) - this.edge(a, bNext) - this.edge(b, aNext);
    return gain > MIN_GAIN && this.applyTailExchange(r, i, s, j);
  }

  /** Load of a route's positions 0 … i, kept as a prefix sum by the plan. */
  private headLoad(route: number, i: number): number {
    return i < 0 ? 0 : this.plan.prefixLoad[route]![i]!;
  }

  private applyTailExchange(r: number, i: number, s: number, j: number): boolean {
    const one = this.plan.routes[r]!;
    const two = this.plan.routes[s]!;
    let k = 0;
    for (let n = 0; n <= i; n++) this.first[k++] = one[n]!;
    for (let n = j + 1; n < two.length; n++) this.first[k++] = two[n]!;
    let m = 0;
    for (let n = 0; n <= j; n++) this.second[m++] = two[n]!;
    for (let n = i + 1; n < one.length; n++) this.second[m++] = one[n]!;
    return this.commitPair(r, this.first, k, s, this.second, m);
  }

  /** 2-opt within a route; the inner edges' change is tracked too, as costs may differ by direction. */
  private reverse(): boolean {
    const plan = this.plan;
    let applied = false;
    const { cost, size } = this.p;
    for (let r = 0; r < plan.routeCount; r++) {
      const nodes = plan.routes[r]!;
      for (let i = 0; i < nodes.length - 1; i++) {
        const before = this.at(r, i - 1);
        const first = nodes[i]!;
        const outer = this.edge(before, first);
        let forward = 0;
        let backward = 0;
        for (let j = i + 1; j < nodes.length; j++) {
          const previous = nodes[j - 1]!;
          const last = nodes[j]!;
          forward += cost[previous * size + last]!;
          backward += cost[last * size + previous]!;
          const after = this.at(r, j + 1);
          const gain =
            outer +
            this.edge(last, after) +
            forward -
            this.edge(before, last) -
            this.edge(first, after) -
            backward;
          if (gain > MIN_GAIN && this.applyReverse(r, i, j)) {
            applied = true;
            break;
          }
        }
      }
    }
    return applied;
  }

  private applyReverse(r: number, i: number, j: number): boolean {
    const nodes = this.plan.routes[r]!;
    for (let k = 0; k < nodes.length; k++) this.first[k] = k >= i && k <= j ? nodes[i + j - k]! : nodes[k]!;
    return this.commit(r, this.first, nodes.length);
  }

  /** Writes a new node list into a route if it keeps the route's times (capacity is checked by the caller). */
  private commit(route: number, sequence: Int32Array, length: number): boolean {
    if (this.p.timed && !sequenceKeepsTimes(this.p, sequence, length)) return false;
    this.write(route, sequence, length);
    return true;
  }

  private commitPair(
    r: number,
    one: Int32Array,
    oneLength: number,
    s: number,
    two: Int32Array,
    twoLength: number,
  ) {
    if (
      this.p.timed &&
      !(sequenceKeepsTimes(this.p, one, oneLength) && sequenceKeepsTimes(this.p, two, twoLength))
    ) {
      return false;
    }
    this.write(r, one, oneLength);
    this.write(s, two, twoLength);
    return true;
  }

  private write(route: number, sequence: Int32Array, length: number): void {
    const nodes = this.plan.routes[route]!;
    nodes.length = length;
    for (let k = 0; k < length; k++) nodes[k] = sequence[k]!;
    this.plan.refresh(route);
  }
}
