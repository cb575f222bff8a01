import { z } from 'zod';
import { ROLES } from './roles.js';

export { EMAIL_MAX, PASSWORD_MAX, loginSchema, type LoginInput } from './login.js';

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /api/auth/login answers the spec's fields at the top level: success, message, type, token, user. */
export interface LoginAnswer {
  success: true;
  type: 'success';
  message: string;
  token: string;
  user: SessionUser;
}
