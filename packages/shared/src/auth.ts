import { z } from 'zod';
import { ROLES } from './roles.js';

/** Upper bounds keep hostile input cheap to refuse; no composition rules (NIST 800-63B). */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email Address is required' })
    .trim()
    .min(1, 'Email Address is required')
    .max(EMAIL_MAX, `Email Address must be at most ${EMAIL_MAX} characters`)
    .pipe(z.email('Enter a valid email address')),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type LoginInput = z.infer<typeof loginSchema>;

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
