import type { PreparedProblem } from './prepared-problem.js';
import { firstServiceStart } from './schedule.js';

/**
 * A set of routes with what insertion needs cached per route: load, capacity, cost, and per position the earliest
 * service start and the latest one that keeps the rest of the route on time. Route arrays are reused (the first
 * `routeCount` are live), so copying a plan, as the search does every iteration, allocates nothing once warm.
 *
 * With a mixed fleet each route holds a vehicle, and the routes always hold the `routeCount` largest: whenever
 * routes come or go they are reseated, the fullest route on the largest vehicle. That is the seating that fits
 * whenever any does, and it leaves the largest free vehicle for the next route opened.
 */
export class RoutePlan {
  routeCount = 0;
  readonly routes: number[][] = [];
  readonly load: number[] = [];
  /** What the route's vehicle carries: the moves keep `load` within it. */
  readonly capacity: number[] = [];
  /** With a mixed fleet, the route's vehicle as its rank in `fleet` (largest first). */
  readonly vehicle: number[] = [];
  readonly cost: number[] = [];
  /** Load of positions 0 … k at index k. */
  readonly prefixLoad: number[][] = [];
  /** Earliest service start at each position. */
  readonly start: number[][] = [];
  /** Latest service start at each position; index `length` holds the latest arrival back at the depot. */
  readonly latest: number[][] = [];
  readonly routeOf: Int32Array;
  readonly positionOf: Int32Array;
  unassignedCount: number;
  /** Routes ordered fullest first, reused by `reseat`. */
  private readonly byLoad: number[] = [];

  constructor(private readonly p: PreparedProblem) {
    this.routeOf = new Int32Array(p.size).fill(-1);
    this.positionOf = new Int32Array(p.size).fill(-1);
    this.unassignedCount = p.customers.length;
  }

  drivingCost(): number {
    let total = 0;
    for (let r = 0; r < this.routeCount; r++) total += this.cost[r]!;
    return total;
  }

  /** What the search minimises: driving, vehicles, and a prohibitive price for each customer left out. */
  objective(): number {
    return (
      this.drivingCost() +
      this.p.vehicleCost * this.routeCount +
      this.p.unassignedPenalty * this.unassignedCount
    );
  }

  copyFrom(other: RoutePlan): void {
    this.ensureRoutes(other.routeCount);
    for (let r = 0; r < other.routeCount; r++) {
      copyInto(this.routes[r]!, other.routes[r]!);
      copyInto(this.prefixLoad[r]!, other.prefixLoad[r]!);
      copyInto(this.start[r]!, other.start[r]!);
      copyInto(this.latest[r]!, other.latest[r]!);
      this.load[r] = other.load[r]!;
      this.capacity[r] = other.capacity[r]!;
      this.vehicle[r] = other.vehicle[r]!;
      this.cost[r] = other.cost[r]!;
    }
    this.routeCount = other.routeCount;
    this.routeOf.set(other.routeOf);
    this.positionOf.set(other.positionOf);
    this.unassignedCount = other.unassignedCount;
  }

  insert(route: number, position: number, customer: number): void {
    this.routes[route]!.splice(position, 0, customer);
    this.unassignedCount--;
    this.refresh(route);
  }

  /** A new route serving only `customer`; returns its index. */
  openRoute(customer: number): number {
    this.ensureRoutes(this.routeCount + 1);
    const route = this.routeCount++;
    const nodes = this.routes[route]!;
    nodes.length = 0;
    nodes.push(customer);
    this.unassignedCount--;
    this.refresh(route);
    if (this.p.mixedFleet) this.reseat();
    return route;
  }

  /** What the vehicle of a route opened now would carry: the largest free one (a mixed fleet's routes hold the
   * largest, see the class comment). */
  nextCapacity(): number {
    return this.p.mixedFleet ? (this.p.fleet[this.routeCount] ?? 0) : this.p.capacity;
  }

  /** Marks a customer as out of every route; the caller compacts the route array and refreshes it. */
  markRemoved(customer: number): void {
    this.routeOf[customer] = -1;
    this.positionOf[customer] = -1;
    this.unassignedCount++;
  }

  /** Drops empty routes, moving the last live route into each gap. */
  dropEmptyRoutes(): void {
    for (let r = 0; r < this.routeCount;) {
      if (this.routes[r]!.length > 0) {
        r++;
        continue;
      }
      const last = --this.routeCount;
      if (r !== last) {
        swap(this.routes, r, last);
        swap(this.prefixLoad, r, last);
        swap(this.start, r, last);
        swap(this.latest, r, last);
        this.load[r] = this.load[last]!;
        this.capacity[r] = this.capacity[last]!;
        this.vehicle[r] = this.vehicle[last]!;
        this.cost[r] = this.cost[last]!;
        for (const node of this.routes[r]!) this.routeOf[node] = r;
      }
    }
    if (this.p.mixedFleet) this.reseat();
  }

  /**
   * Seats a mixed fleet's routes on its `routeCount` largest vehicles, the fullest route on the largest. If the
   * routes fit any of the vehicles they fit this way, since pairing both sides in sorted order gives each route a
   * vehicle at least as large as any seating that fits. Ties keep the route order, so the seating is deterministic.
   */
  reseat(): void {
    const order = this.byLoad;
    order.length = this.routeCount;
    for (let r = 0; r < this.routeCount; r++) order[r] = r;
    order.sort((a, b) => this.load[b]! - this.load[a]! || a - b);
    for (let rank = 0; rank < order.length; rank++) {
      const route = order[rank]!;
      this.vehicle[route] = rank;
      this.capacity[route] = this.p.fleet[rank]!;
    }
  }

  /** Recomputes a route's caches after its node list changed. */
  refresh(route: number): void {
    const { size, cost, time, demand, service, ready, due, depot, openStart, timed } = this.p;
    const nodes = this.routes[route]!;
    const length = nodes.length;
    const prefixLoad = this.prefixLoad[route]!;
    prefixLoad.length = length;
    let load = 0;
    let driving = 0;
    let previous = depot;
    for (let k = 0; k < length; k++) {
      const node = nodes[k]!;
      load += demand[node]!;
      prefixLoad[k] = load;
      if (k > 0 || !openStart) driving += cost[previous * size + node]!;
      this.routeOf[node] = route;
      this.positionOf[node] = k;
      previous = node;
    }
    if (length > 0) driving += cost[previous * size + depot]!;
    this.load[route] = load;
    this.cost[route] = driving;
    if (!timed) return;

    const start = this.start[route]!;
    const latest = this.latest[route]!;
    start.length = length;
    latest.length = length + 1;
    previous = depot;
    for (let k = 0; k < length; k++) {
      const node = nodes[k]!;
      start[k] =
        k === 0
          ? firstServiceStart(this.p, node)
          : Math.max(start[k - 1]! + service[previous]! + time[previous * size + node]!, ready[node]!);
      previous = node;
    }
    latest[length] = due[depot]!;
    let next = depot;
    for (let k = length - 1; k >= 0; k--) {
      const node = nodes[k]!;
      latest[k] = Math.min(due[node]!, latest[k + 1]! - time[node * size + next]! - service[node]!);
      next = node;
    }
  }

  private ensureRoutes(count: number): void {
    while (this.routes.length < count) {
      this.routes.push([]);
      this.prefixLoad.push([]);
      this.start.push([]);
      this.latest.push([]);
      this.load.push(0);
      this.capacity.push(this.p.capacity);
      this.vehicle.push(-1);
      this.cost.push(0);
    }
  }
}

function copyInto(target: number[], source: number[]): void {
  target.length = source.length;
  for (let i = 0; i < source.length; i++) target[i] = source[i]!;
}

function swap<T>(items: T[], i: number, j: number): void {
  const held = items[i]!;
  items[i] = items[j]!;
  items[j] = held;
}
