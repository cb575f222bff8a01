import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Driver } from '@school-transport/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { isMissingRecord } from '../../lib/resource-api';
import { useDriver } from './api';
import { DRIVER_LIST_PATH } from './paths';

/**
 * The driver named by the address (`:id`), handed to `children` once loaded; meanwhile a loader, and instead a
 * message with a way back when there is no such driver or it could not be fetched.
 */
export function DriverGate({ children }: { children: (driver: Driver) => ReactNode }) {
  const { id = '' } = useParams();
  const { data: driver, error, isPending } = useDriver(id);

  if (isPending) return <PageLoader />;
  if (driver) return children(driver);
  const missing = isMissingRecord(error);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity={missing ? 'warning' : 'error'}>
        {missing ? 'Driver not found' : (error?.message ?? 'The driver could not be loaded.')}
      </Alert>
      <Button component={RouterLink} to={DRIVER_LIST_PATH} variant="outlined">
        Back to All Drivers
      </Button>
    </Stack>
  );
}
