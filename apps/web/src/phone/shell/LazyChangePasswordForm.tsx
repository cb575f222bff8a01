import { lazy, Suspense, type ComponentProps } from 'react';
import { PageLoader } from '../kit';
import type { ChangePasswordForm as Form } from './ChangePasswordForm';

const Loaded = lazy(async () => ({ default: (await import('./ChangePasswordForm')).ChangePasswordForm }));

/**
 * The change-password form, loaded with zod and the form library when an account screen shows it. Imported
 * statically by both account screens, the bundler would put it in the chunk they share with the shell, which every
 * first screen loads.
 */
export function ChangePasswordForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Loaded {...props} />
    </Suspense>
  );
}
