/**
 * Children's homes grouped into stops: every child within walking distance of their stop, at most so many
 * children per stop, the operator's existing stops used where they serve, as few stops as the rules allow.
 *
 * A stop only ever stands at an existing stop or at a child's own point, so it is somewhere on a street where a
 * child lives, never the average of a few homes in the middle of a field. The result depends only on the input's
 * content, not its order (children and stops are taken in id order).
 */
import { forEachPairWithin, greatCircleMetres, METRES_PER_DEGREE_LATITUDE, type Point } from './geo.js';

export interface ChildHome extends Point {
  id: string;
  /** Special needs: picked up at their own door, alone at their stop. Absent: the child walks to a shared stop. */
  doorToDoor?: boolean;
}

export interface ExistingStop extends Point {
  id: string;
  name: string;
}

export interface GroupedStop extends Point {
  /** The existing stop this is, or null for a new stop at these coordinates. */
  existingStopId: string | null;
  childIds: string[];
}

export interface StopGroupingSettings {
  /** Longest walk from a child's home to their stop, great-circle. */
  walkingDistanceM: number;
  /** No more children at one stop; keep it at or below the smallest vehicle's capacity (a stop is one pickup). */
  maxChildrenPerStop: number;
  /** An existing stop this close to a door-to-door child's home counts as their door (the stop is on the street,
   * the home's point a few metres inside), so the stop is reused rather than duplicated at every plan. */
  doorRadiusM: number;
}

export const DEFAULT_STOP_GROUPING: StopGroupingSettings = {
  walkingDistanceM: 400,
  maxChildrenPerStop: 10,
  doorRadiusM: 25,
};

/** Rounds of merging, reassigning and moving stops: a bound only, a plan stops changing well before it. */
const MAX_IMPROVEMENT_ROUNDS = 20;

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function groupStops(
  children: readonly ChildHome[],
  existingStops: readonly ExistingStop[],
  settings: StopGroupingSettings = DEFAULT_STOP_GROUPING,
): GroupedStop[] {
  if (!(settings.maxChildrenPerStop >= 1)) throw new RangeError('maxChildrenPerStop must be at least 1');
  const sortedChildren = [...children].sort(byId);
  const sortedStops = [...existingStops].sort(byId);
  const claimed = new Set<ExistingStop>();
  const doorStops = sortedChildren
    .filter((child) => child.doorToDoor)
    .map((child) => doorStop(child, sortedStops, claimed, settings.doorRadiusM));
  const walkers = sortedChildren.filter((child) => !child.doorToDoor);
  const freeStops = sortedStops.filter((stop) => !claimed.has(stop));
  return [...doorStops, ...new WalkingStops(walkers, freeStops, settings).group()];
}

function doorStop(
  child: ChildHome,
  stops: readonly ExistingStop[],
  claimed: Set<ExistingStop>,
  doorRadiusM: number,
): GroupedStop {
  let nearest: ExistingStop | undefined;
  let nearestMetres = doorRadiusM;
  for (const stop of stops) {
    const metres = greatCircleMetres(child, stop);
    if (!claimed.has(stop) && metres <= nearestMetres) [nearest, nearestMetres] = [stop, metres];
  }
  if (!nearest) return { existingStopId: null, lat: child.lat, lng: child.lng, childIds: [child.id] };
  claimed.add(nearest);
  return { existingStopId: nearest.id, lat: nearest.lat, lng: nearest.lng, childIds: [child.id] };
}

/** A point within walking distance: a place in a child's list, a child in a place's list. */
interface Near {
  index: number;
  metres: number;
}

interface Stop {
  place: number;
  members: number[];
  /** Already at the best place for its members: checked again only once they change. */
  settled: boolean;
}

class WalkingStops {
  /** Where a stop may stand: the existing stops (places 0 … E − 1), then the children's homes (E + child). */
  private readonly places: Point[];
  /** For each child, the places within walking distance, nearest first. */
  private readonly reachable: Near[][];
  /** For each child, the metres to each place within walking distance. */
  private readonly metresTo: Map<number, number>[];
  /** For each place, the children within walking distance, nearest first. */
  private readonly walkers: Near[][];
  private stops: Stop[] = [];
  private readonly stopAt = new Map<number, Stop>();

  constructor(
    private readonly children: readonly ChildHome[],
    private readonly existing: readonly ExistingStop[],
    private readonly settings: StopGroupingSettings,
  ) {
    this.places = [...existing, ...children];
    this.reachable = children.map(() => []);
    this.metresTo = children.map(() => new Map());
    this.walkers = this.places.map(() => []);
    this.linkWithinWalkingDistance();
  }

  group(): GroupedStop[] {
    this.cover((place) => this.isExisting(place));
    this.cover(() => true);
    for (let round = 0; round < MAX_IMPROVEMENT_ROUNDS; round += 1) {
      const merged = this.mergeNeighbours();
      const reassigned = this.moveChildrenToNearestStop();
      const moved = this.moveStopsToBestPlace();
      if (!merged && !reassigned && !moved) break;
    }
    return this.stops.map(({ place, members }) => ({
      existingStopId: this.isExisting(place) ? this.existing[place]!.id : null,
      lat: this.places[place]!.lat,
      lng: this.places[place]!.lng,
      childIds: [...members].sort((a, b) => a - b).map((child) => this.children[child]!.id),
    }));
  }

  private isExisting(place: number): boolean {
    return place < this.existing.length;
  }

  private linkWithinWalkingDistance(): void {
    forEachPairWithin(this.children, this.places, this.settings.walkingDistanceM, (child, place, metres) => {
      this.reachable[child]!.push({ index: place, metres });
      this.metresTo[child]!.set(place, metres);
      this.walkers[place]!.push({ index: child, metres });
    });
    const nearestFirst = (a: Near, b: Near) => a.metres - b.metres || a.index - b.index;
    for (const list of [...this.reachable, ...this.walkers]) list.sort(nearestFirst);
  }

  /** Greedy set cover: a stop at the allowed place reaching the most children not yet served, until none is left
   * that reaches one. Existing stops are covered first, in a pass of their own, so they are reused wherever they
   * serve anybody; the later merges still remove any that a single stop can replace. */
  private cover(allowed: (place: number) => boolean): void {
    const assigned = new Set(this.stops.flatMap((stop) => stop.members));
    const waiting = this.walkers.map((list) => list.filter((near) => !assigned.has(near.index)).length);
    const max = this.settings.maxChildrenPerStop;
    for (;;) {
      let best = -1;
      for (let place = 0; place < this.places.length; place += 1) {
        if (!allowed(place) || this.stopAt.has(place) || waiting[place] === 0) continue;
        if (best < 0 || Math.min(waiting[place]!, max) > Math.min(waiting[best]!, max)) best = place;
      }
      if (best < 0) return;
      const members = this.walkers[best]!.filter((near) => !assigned.has(near.index))
        .slice(0, max)
        .map((near) => near.index);
      for (const child of members) {
        assigned.add(child);
        for (const { index: place } of this.reachable[child]!) waiting[place]! -= 1;
      }
      this.addStop({ place: best, members, settled: false });
    }
  }

  private addStop(stop: Stop): void {
    this.stops.push(stop);
    this.stopAt.set(stop.place, stop);
  }

  private removeStop(stop: Stop): void {
    this.stops = this.stops.filter((other) => other !== stop);
    this.stopAt.delete(stop.place);
  }

  /** Two stops become one where their children fit and one place is within walking distance of all of them. */
  private mergeNeighbours(): boolean {
    const max = this.settings.maxChildrenPerStop;
    const reach = 2 * this.settings.walkingDistanceM;
    const latitudeSpan = reach / METRES_PER_DEGREE_LATITUDE;
    const latOf = (stop: Stop) => this.places[stop.place]!.lat;
    const byLat = [...this.stops].sort((a, b) => latOf(a) - latOf(b) || a.place - b.place);
    const gone = new Set<Stop>();
    byLat.forEach((first, index) => {
      for (let k = index + 1; k < byLat.length && latOf(byLat[k]!) - latOf(first) <= latitudeSpan; k += 1) {
        const second = byLat[k]!;
        if (gone.has(first)) return;
        if (gone.has(second) || second.members.length + first.members.length > max) continue;
        if (greatCircleMetres(this.places[first.place]!, this.places[second.place]!) > reach) continue;
        const members = [...first.members, ...second.members];
        const place = this.bestPlace(members, (candidate) => {
          const holder = this.stopAt.get(candidate);
          return !holder || holder === first || holder === second;
        });
        if (place === undefined) continue;
        this.removeStop(first);
        this.removeStop(second);
        gone.add(first).add(second);
        this.addStop({ place, members, settled: false });
      }
    });
    return gone.size > 0;
  }

  /** Each child to the nearest stop within walking distance that has room. */
  private moveChildrenToNearestStop(): boolean {
    const stopOf = new Map<number, Stop>();
    for (const stop of this.stops) for (const child of stop.members) stopOf.set(child, stop);
    let moved = false;
    this.children.forEach((_, child) => {
      const current = stopOf.get(child)!;
      for (const { index: place } of this.reachable[child]!) {
        const stop = this.stopAt.get(place);
        if (!stop) continue;
        if (stop === current) return;
        if (stop.members.length >= this.settings.maxChildrenPerStop) continue;
        current.members = current.members.filter((member) => member !== child);
        stop.members.push(child);
        current.settled = stop.settled = false;
        stopOf.set(child, stop);
        if (current.members.length === 0) this.removeStop(current);
        moved = true;
        return;
      }
    });
    return moved;
  }

  /** A new stop moves to an existing stop that serves all its children, or else to their medoid. */
  private moveStopsToBestPlace(): boolean {
    let moved = false;
    for (const stop of this.stops) {
      if (stop.settled || this.isExisting(stop.place)) continue;
      stop.settled = true;
      const place = this.bestPlace(stop.members, (candidate) => {
        const holder = this.stopAt.get(candidate);
        return !holder || holder === stop;
      });
      if (place === undefined || place === stop.place) continue;
      if (
        !this.isExisting(place) &&
        this.walkingSum(stop.members, place) >= this.walkingSum(stop.members, stop.place)
      )
        continue;
      this.stopAt.delete(stop.place);
      stop.place = place;
      this.stopAt.set(place, stop);
      moved = true;
    }
    return moved;
  }

  /** Among the free places within walking distance of every member: an existing stop if there is one, then the
   * least total walk, then the lowest index. */
  private bestPlace(members: readonly number[], free: (place: number) => boolean): number | undefined {
    let best: number | undefined;
    let bestSum = Infinity;
    // Every candidate is within reach of each member, so the member reaching fewest places lists them all.
    const fewest = members.reduce((a, b) => (this.reachable[b]!.length < this.reachable[a]!.length ? b : a));
    for (const { index: place } of this.reachable[fewest]!) {
      if (!free(place)) continue;
      const sum = this.walkingSum(members, place);
      if (!Number.isFinite(sum)) continue;
      const better =
        best === undefined ||
        (this.isExisting(place) && !this.isExisting(best)) ||
        (this.isExisting(place) === this.isExisting(best) &&
          (sum < bestSum || (sum === bestSum && place < best)));
      if (better) [best, bestSum] = [place, sum];
    }
    return best;
  }

  /** Total walk of the members to a place; Infinity when it is beyond walking distance for one of them. */
  private walkingSum(members: readonly number[], place: number): number {
    let sum = 0;
    for (const child of members) {
      const metres = this.metresTo[child]!.get(place);
      if (metres === undefined) return Infinity;
      sum += metres;
    }
    return sum;
  }
}
