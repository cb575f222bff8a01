import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ALERT_KIND_LABELS, type Alert, type AlertKind } from '@school-transport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { formatClock, useOperatorTimeZone } from '../../lib/time/operator-time';
import { acknowledgeAlert, OPEN_ALERTS_KEY, useOpenAlerts } from './live-api';
import { LivePanel } from './LivePanel';
import { useMayUse } from '../../lib/session/session';

/** A child or a bus unaccounted for comes before a delay. */
const KIND_COLORS: Record<AlertKind, 'error' | 'warning'> = {
  WRONG_BUS: 'error',
  ABSENT_SCANNED: 'error',
  FINISHED_WITH_CHILD: 'error',
  NO_POSITION: 'error',
  LATE: 'warning',
  NOT_STARTED: 'warning',
  CHILD_CHECK_MISSING: 'error',
  VEHICLE_OUT_OF_SERVICE: 'error',
  CREDENTIAL_EXPIRED: 'error',
  CREDENTIAL_EXPIRING: 'warning',
  OFF_ROUTE: 'warning',
  MISSED_STOP: 'error',
  NO_AUTHORIZED_ADULT: 'error',
};

function useAcknowledge() {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const forget = (alert: Alert) =>
    client.setQueryData<Alert[]>(OPEN_ALERTS_KEY, (alerts) => alerts?.filter((each) => each.id !== alert.id));
  return useMutation({
    mutationFn: (alert: Alert) => acknowledgeAlert(alert.id),
    onSuccess: (answer, alert) => {
      forget(alert);
      enqueueSnackbar(answer.message ?? 'Alert acknowledged.', { variant: 'success' });
    },
    onError: (error, alert) => {
      if (error instanceof ApiError && error.status === 409) {
        // Someone else acknowledged it meanwhile: it is no longer open, whatever this screen still showed.
        forget(alert);
        // The server's answer names who did and when.
        enqueueSnackbar(error.message, { variant: 'info' });
        return;
      }
      enqueueSnackbar(error.message, { variant: 'error' });
    },
  });
}

function AlertItem({ alert, timeZone }: { alert: Alert; timeZone: string }) {
  const acknowledge = useAcknowledge();
  const acknowledges = useMayUse('dispatch');
  const titleId = useId();
  const label = ALERT_KIND_LABELS[alert.kind];
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" color={KIND_COLORS[alert.kind]} label={label} />
        <Typography id={titleId} component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
          {alert.routeName ?? 'No route'}
        </Typography>
        <Typography
          component="time"
          dateTime={alert.raisedAt}
          variant="body2"
          sx={{ ml: 'auto', color: 'text.secondary' }}
        >
          {formatClock(alert.raisedAt, timeZone)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {alert.message}
      </Typography>
      {alert.studentName && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Child: {alert.studentName}
        </Typography>
      )}
      {acknowledges && (
        <Button
          size="small"
          variant="outlined"
          sx={{ mt: 1 }}
          disabled={acknowledge.isPending}
          aria-label={`Acknowledge ${label}, ${alert.routeName ?? 'no route'}`}
          onClick={() => acknowledge.mutate(alert)}
        >
          Acknowledge
        </Button>
      )}
    </>
  );
}

/**
 * The open alerts, newest first, each acknowledged by a person. Alerts raised or acknowledged anywhere arrive
 * through the stream (useFollowLive on the screen around this panel).
 */
export function AlertsPanel() {
  const { data: alerts, error, refetch } = useOpenAlerts();
  const timeZone = useOperatorTimeZone();
  return (
    <LivePanel
      title="Alerts"
      icon={<NotificationsActiveOutlinedIcon color={alerts?.length ? 'error' : 'action'} aria-hidden />}
      items={alerts}
      error={error}
      onRetry={() => void refetch()}
      empty="No open alerts."
      listLabel="Open alerts"
      keyOf={(alert) => alert.id}
      renderItem={(alert) => <AlertItem alert={alert} timeZone={timeZone} />}
    />
  );
}
