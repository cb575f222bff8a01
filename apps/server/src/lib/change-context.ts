import { refusal } from './errors.js';

/** Who makes a change: the signed-in user, as every audit entry names them. */
export interface ChangeActor {
  id: string;
  email: string;
}

/**
 * How a parent reads who made a change someone else made for their child (an absence, a stop change): never the
 * office user's sign-in address.
 */
export const OFFICE_BY = 'the office';

/** Who is making a change and from where: what every audit entry records. */
export interface ChangeContext {
  actor: ChangeActor;
  ip: string;
}

/**
 * The context of a change from a request of a signed-in route: the access check (plugins/authentication.ts) has
 * put the session on the request. Typed by shape, so this helper needs nothing from the layers above it.
 */
export function changeContextOf(request: { auth: { user: ChangeActor } | null; ip: string }): ChangeContext {
  if (!request.auth) throw refusal(401, { code: 'refusal.signInRequired' });
  const { user } = request.auth;
  return { actor: { id: user.id, email: user.email }, ip: request.ip };
}
