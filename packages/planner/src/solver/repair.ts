import type { Deadline } from './deadline.js';
import type { PreparedProblem } from './prepared-problem.js';
import type { RoutePlan } from './route-plan.js';
import { sequenceKeepsTimes } from './schedule.js';

/** A load change must gain at least this much, so rounding noise in fractional demands cannot make it cycle. */
const MIN_GAIN = 1e-9;
/** Moves per run at most: a few gather the room on the tight benchmarks (10 did as well as no limit), and each
 * costs a pass over all pairs of customers, which a large problem whose customers fit nowhere should not repeat. */
const MAX_MOVES = 20;

/** Puts a left-out customer into the plan where it fits; false when it fits nowhere. */
type Placement = (plan: RoutePlan, customer: number) => boolean;

/**
 * Makes room for customers that reinsertion left out while every vehicle is in use, as on instances whose demands
 * fill the fleet almost exactly: there the spare room is spread over many routes in pieces too small for the
 * customer left out, and ruin and recreate rarely gathers it by chance. A bin-packing descent moves one customer to
 * another route, or swaps two of different demands, always from the emptier route to the fuller one (raising the
 * sum of squared loads), which gathers the spare room in the emptiest routes, until a left-out customer fits.
 * Driving cost only breaks ties: serving everyone comes first, and the annealing shortens the routes afterwards.
 */
export class Repair {
  private readonly sequence: Int32Array;
  private readonly move = { gain: 0, cost: 0, from: -1, to: -1, customer: -1, other: -1, position: -1 };

  constructor(
    private readonly p: PreparedProblem,
    private readonly place: Placement,
  ) {
    this.sequence = new Int32Array(p.size);
  }

  /** Places as many left-out customers as the descent makes room for, largest demand first. */
  run(plan: RoutePlan, deadline: Deadline): void {
    const { customers, demand } = this.p;
    let moves = 0;
    const leftOut = Array.from(customers)
      .filter((customer) => plan.routeOf[customer]! < 0)
      .sort((a, b) => demand[b]! - demand[a]!);
    for (const customer of leftOut) {
      // Total spare room below the demand means no rearrangement can help, as with too few vehicles.
      if (this.spareRoom(plan) < demand[customer]!) continue;
      while (!this.place(plan, customer)) {
        if (moves++ >= MAX_MOVES || deadline.passed() || !this.findMove(plan)) break;
        this.apply(plan);
      }
    }
  }

  private spareRoom(plan: RoutePlan): number {
    let room = 0;
    for (let r = 0; r < plan.routeCount; r++) room += plan.capacity[r]! - plan.load[r]!;
    return room;
  }

  /** The best load-gathering relocate or swap in `move`; false when none gains. */
  private findMove(plan: RoutePlan): boolean {
    const { demand } = this.p;
    const move = this.move;
    move.gain = 0;
    move.from = -1;
    for (let from = 0; from < plan.routeCount; from++) {
      const fromLoad = plan.load[from]!;
      for (const customer of plan.routes[from]!) {
        const dc = demand[customer]!;
        for (let to = 0; to < plan.routeCount; to++) {
          if (to === from) continue;
          const toLoad = plan.load[to]!;
          const capacity = plan.capacity[to]!;
          if (toLoad + dc <= capacity)
            this.considerRelocate(plan, from, to, customer, 2 * dc * (toLoad + dc - fromLoad));
          for (const other of plan.routes[to]!) {
            const shift = dc - demand[other]!;
            if (shift <= 0 || toLoad + shift > capacity) continue;
            this.considerSwap(plan, from, to, customer, other, 2 * shift * (toLoad + shift - fromLoad));
          }
        }
      }
    }
    return move.from >= 0;
  }

  private considerRelocate(plan: RoutePlan, from: number, to: number, customer: number, gain: number): void {
    if (!this.gainsEnough(gain)) return;
    const { cost, size, depot, openStart } = this.p;
    const nodes = plan.routes[to]!;
    const saving = this.removalSaving(plan, from, customer);
    if (this.p.timed && !this.keepsTimesWithout(plan.routes[from]!, customer)) return;
    for (let position = 0; position <= nodes.length; position++) {
      const previous = position > 0 ? nodes[position - 1]! : depot;
      const next = position < nodes.length ? nodes[position]! : depot;
      const added =
        position === 0 && openStart
          ? cost[customer * size + next]!
          : cost[previous * size + customer]! + cost[customer * size + next]! - cost[previous * size + next]!;
      const delta = added - saving;
      if (!this.better(gain, delta)) continue;
      if (this.p.timed && !this.keepsTimesWithInsert(nodes, position, customer)) continue;
      Object.assign(this.move, { gain, cost: delta, from, to, customer, other: -1, position });
    }
  }

  private considerSwap(
    plan: RoutePlan,
    from: number,
    to: number,
    customer: number,
    other: number,
    gain: number,
  ): void {
    if (!this.gainsEnough(gain)) return;
    const fromNodes = plan.routes[from]!;
    const toNodes = plan.routes[to]!;
    const delta =
      this.replacementDelta(fromNodes, plan.positionOf[customer]!, other) +
      this.replacementDelta(toNodes, plan.positionOf[other]!, customer);
    if (!this.better(gain, delta)) return;
    if (this.p.timed) {
      if (!this.keepsTimesReplacing(fromNodes, customer, other)) return;
      if (!this.keepsTimesReplacing(toNodes, other, customer)) return;
    }
    Object.assign(this.move, { gain, cost: delta, from, to, customer, other, position: -1 });
  }

  /** Whether a move with this gain could be the best so far (an equal gain may still win on cost). */
  private gainsEnough(gain: number): boolean {
    return gain > MIN_GAIN && gain >= this.move.gain - MIN_GAIN;
  }

  private better(gain: number, delta: number): boolean {
    const move = this.move;
    if (move.from < 0 || gain > move.gain + MIN_GAIN) return true;
    return gain >= move.gain - MIN_GAIN && delta < move.cost;
  }

  private apply(plan: RoutePlan): void {
    const { from, to, customer, other, position } = this.move;
    const fromNodes = plan.routes[from]!;
    const toNodes = plan.routes[to]!;
    if (other < 0) {
      fromNodes.splice(plan.positionOf[customer]!, 1);
      toNodes.splice(position, 0, customer);
    } else {
      fromNodes[plan.positionOf[customer]!] = other;
      toNodes[plan.positionOf[other]!] = customer;
    }
    plan.refresh(from);
    plan.refresh(to);
    // A relocate may empty a route: dropping it frees a vehicle for the customer left out.
    plan.dropEmptyRoutes();
  }

  /** Driving into `node` at `position` of a route: nothing for the first node of an open route. */
  private arc(previous: number, node: number, position: number): number {
    return position === 0 && this.p.openStart ? 0 : this.p.cost[previous * this.p.size + node]!;
  }

  private removalSaving(plan: RoutePlan, route: number, customer: number): number {
    const nodes = plan.routes[route]!;
    if (nodes.length === 1) return plan.cost[route]!;
    const { cost, size, depot } = this.p;
    const position = plan.positionOf[customer]!;
    const previous = position > 0 ? nodes[position - 1]! : depot;
    const next = position < nodes.length - 1 ? nodes[position + 1]! : depot;
    return (
      this.arc(previous, customer, position) +
      cost[customer * size + next]! -
      this.arc(previous, next, position)
    );
  }

  /** The change in a route's cost when the node at `position` is replaced by `added`. */
  private replacementDelta(nodes: number[], position: number, added: number): number {
    const { cost, size, depot } = this.p;
    const removed = nodes[position]!;
    const previous = position > 0 ? nodes[position - 1]! : depot;
    const next = position < nodes.length - 1 ? nodes[position + 1]! : depot;
    return (
      this.arc(previous, added, position) +
      cost[added * size + next]! -
      this.arc(previous, removed, position) -
      cost[removed * size + next]!
    );
  }

  private keepsTimesReplacing(nodes: number[], removed: number, added: number): boolean {
    let length = 0;
    for (const node of nodes) {
      const kept = node === removed ? added : node;
      if (kept >= 0) this.sequence[length++] = kept;
    }
    return sequenceKeepsTimes(this.p, this.sequence, length);
  }

  private keepsTimesWithout(nodes: number[], removed: number): boolean {
    return this.keepsTimesReplacing(nodes, removed, -1);
  }

  private keepsTimesWithInsert(nodes: number[], position: number, added: number): boolean {
    let length = 0;
    for (let k = 0; k <= nodes.length; k++) {
      if (k === position) this.sequence[length++] = added;
      if (k < nodes.length) this.sequence[length++] = nodes[k]!;
    }
    return sequenceKeepsTimes(this.p, this.sequence, length);
  }
}
