import { lazy, Suspense } from 'react';
import { OfficeShell } from '../../components/shell/OfficeShell';
import { useSession } from '../../lib/session/session';
import { PublicLayout } from './PublicLayout';

/** Visitors never need the drawer's code nor the query cache, so they stay out of the first download. */
const AdminRoot = lazy(async () => ({ default: (await import('./AdminRoot')).AdminRoot }));

/** The same routes (the 404 page above all) appear inside the admin chrome or the public one. */
export function SessionLayout() {
  const { role } = useSession();
  if (!role) return <PublicLayout />;
  return (
    <Suspense fallback={<OfficeShell />}>
      <AdminRoot />
    </Suspense>
  );
}
