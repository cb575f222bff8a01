import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../../lib/api/query-client';
import { AdminLayout } from './AdminLayout';

/**
 * What only a signed-in admin needs, fetched with the drawer: the management screens' query cache lives here.
 * It is created when an admin's session starts and dropped with it (this component unmounts when the session
 * ends), so answers fetched for one user never show up for whoever signs in next.
 */
export function AdminRoot() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AdminLayout />
    </QueryClientProvider>
  );
}
