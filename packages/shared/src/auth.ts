import { z } from 'zod';
import { messageAnswerSchema } from './envelope.js';
import { ROLES } from './roles.js';

export { EMAIL_MAX, PASSWORD_MAX, loginSchema, type LoginInput } from './login.js';

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The account's chosen language (decision 053); null or absent: the browser's. */
  language: z.string().nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /api/auth/login answers its fields at the top level: success, message, type, token, user. */
export const loginAnswerSchema = messageAnswerSchema.extend({
  message: z.string(),
  token: z.string(),
  user: sessionUserSchema,
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
