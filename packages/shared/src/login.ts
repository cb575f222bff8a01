import * as zm from 'zod/mini';

/** Upper bounds keep hostile input cheap to refuse; no composition rules (NIST 800-63B). */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;

/**
 * POST /api/auth/login's body, checked by the server and by the Log In form. It sits alone in this module and is
 * written with zod's tree-shakeable "mini" API (the same checks and messages as `z.string().trim().min(1)...`):
 * Log In, the first screen, then carries only the zod code it uses rather than all of classic zod, which
 * cannot be tree-shaken (docs/decisions/015-first-screen-bundle-budget.md).
 */
export const loginSchema = zm.object({
  email: zm.pipe(
    zm
      .string({ error: 'Email Address is required' })
      .check(
        zm.trim(),
        zm.minLength(1, 'Email Address is required'),
        zm.maxLength(EMAIL_MAX, `Email Address must be at most ${EMAIL_MAX} characters`),
      ),
    zm.email('Enter a valid email address'),
  ),
  password: zm
    .string({ error: 'Password is required' })
    .check(
      zm.minLength(1, 'Password is required'),
      zm.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    ),
});
export type LoginInput = zm.infer<typeof loginSchema>;
