import { TRIP_MOVES, type TripMove, type TripStatus } from '@school-transport/shared';

/** The moves of the shared contract, in the order their buttons show. */
const MOVES = Object.keys(TRIP_MOVES) as TripMove[];

/** What a trip in `status` may do next; the server refuses anything else. */
export function availableMoves(status: TripStatus): TripMove[] {
  return MOVES.filter((move) => (TRIP_MOVES[move].from as readonly TripStatus[]).includes(status));
}
