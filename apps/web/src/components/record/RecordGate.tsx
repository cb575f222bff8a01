import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { isMissingRecord } from '../../lib/api/resource-api';
import { PageHeader } from '../page/PageHeader';
import { PageLoader } from '../shell/PageLoader';
import { RetryAlert } from '../page/RetryAlert';

interface RecordGateOptions<T> {
  /** The resource's get-one query. */
  useRecord: (id: string) => UseQueryResult<T>;
  /** What the record is, e.g. 'Driver' (as in 'Driver not found'). */
  noun: string;
  /** The record's list, e.g. all drivers: the breadcrumb, and the way back when there is nothing to show. */
  back: { label: string; to: string };
}

interface RecordGateProps<T> {
  /** The screen's heading, e.g. 'Driver Details'. */
  title: string;
  children: (record: T) => ReactNode;
}

/**
 * A details or update screen: a component that shows the heading (the list in its breadcrumbs) and hands the
 * record named by the address (`:id`) to its `children` once loaded; meanwhile a loader, and instead a message
 * with a way back when there is no such record or it could not be fetched.
 */
export function recordGate<T>({ useRecord, noun, back }: RecordGateOptions<T>) {
  const breadcrumbs = [back];

  function RecordContent({ children }: Pick<RecordGateProps<T>, 'children'>) {
    const { id = '' } = useParams();
    const { data: record, error, isPending, refetch } = useRecord(id);

    if (isPending) return <PageLoader />;
    if (record !== undefined) return children(record);
    const missing = isMissingRecord(error);
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {missing || !error ? (
          <Alert severity="warning">{noun} not found</Alert>
        ) : (
          // A failed fetch (the network, the server) may well work a moment later: ask again in place.
          <RetryAlert error={error} onRetry={() => void refetch()} />
        )}
        <Button component={RouterLink} to={back.to} variant="outlined">
          Back to {back.label}
        </Button>
      </Stack>
    );
  }

  return function RecordGate({ title, children }: RecordGateProps<T>) {
    return (
      <>
        <PageHeader title={title} breadcrumbs={breadcrumbs} />
        <RecordContent>{children}</RecordContent>
      </>
    );
  };
}
