import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../modules/audit/audit-log.js';
import { requireAuth } from '../plugins/authentication.js';

/** Who is making a change and from where: what every audit entry records. */
export interface ChangeContext {
  actor: AuditActor;
  ip: string;
}

export function changeContextOf(request: FastifyRequest): ChangeContext {
  const { user } = requireAuth(request);
  return { actor: { id: user.id, email: user.email }, ip: request.ip };
}
