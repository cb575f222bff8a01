import type { LoginInput } from '@school-transport/shared';
import type { Resolver } from 'react-hook-form';

/**
 * The sign-in forms' resolver: the shared `loginSchema`, the one the server validates with, fetched together with
 * zod and the resolver at the first validation rather than with the first screen. zod alone weighs about a
 * seventh of the first screen's 200 kB budget, and nobody needs it before pressing Log In.
 */
export const loginResolver: Resolver<LoginInput> = async (values, context, options) => {
  const [{ zodResolver }, { loginSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@school-transport/shared/login'),
  ]);
  return zodResolver(loginSchema)(values, context, options);
};
