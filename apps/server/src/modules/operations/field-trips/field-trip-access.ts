import type { Role } from '@school-transport/shared';

/**
 * Who may see a field trip request (decision 073), in one place. The office (admin) sees every request; anyone
 * else, only the requests they made. Requesters are admins for now; when the school-staff role exists its routes
 * open to it (their `config.access`) and this rule already keeps each requester to their own.
 */
export interface Viewer {
  id: string;
  role: Role;
}

export const seesEveryRequest = (viewer: Viewer) => viewer.role === 'admin';

export const maySee = (viewer: Viewer, trip: { requestedBy: string | null }) =>
  seesEveryRequest(viewer) || (trip.requestedBy !== null && trip.requestedBy === viewer.id);
