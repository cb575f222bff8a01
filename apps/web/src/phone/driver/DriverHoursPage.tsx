import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ClockAction, DriverHours, Shift } from '@school-transport/shared';
import {
  Alert,
  Button,
  Card,
  Heading,
  LinkButton,
  List,
  ListItem,
  PageLoader,
  RetryAlert,
  Stack,
  Text,
} from '../kit';
import { useT } from '../i18n';
import {
  addToClockJournal,
  clockState,
  readClockJournal,
  serverHasTap,
  writeClockJournal,
} from './clock-journal';
import { fetchHours, hoursQueryKey } from './driver-api';
import { useTripWords } from './driver-format';
import { driverPaths } from './driver-paths';
import { useDriverSession, useDriverToken } from './driver-session';
import { useDriverSync } from './driver-sync';

/** How long a tap waits for the phone's position before it is kept without one. */
const PLACE_WAIT_MS = 4_000;

/** Where the phone is now, if it can tell within a few seconds; a tap is never held back for want of a place. */
function placeNow(): Promise<{ lat: number; lng: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: PLACE_WAIT_MS, maximumAge: 60_000 },
    );
  });
}

const hoursOf = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

function ShiftRow({ shift }: { shift: Shift }) {
  const { t, formatDate, formatNumber } = useT();
  const words = useTripWords();
  const day = formatDate(shift.clockInAt, 'longDayNoYear');
  const last = shift.corrections.at(-1);
  return (
    <ListItem>
      <Stack gap={1}>
        <Text>
          {shift.clockOutAt
            ? t('hours.shift', { day, from: words.clock(shift.clockInAt), to: words.clock(shift.clockOutAt) })
            : t('hours.shiftOpen', { day, from: words.clock(shift.clockInAt) })}
        </Text>
        <Text tone="muted" size="small">
          {t('hours.totals', {
            hours: formatNumber(shift.minutes === null ? 0 : hoursOf(shift.minutes)),
            driving: formatNumber(hoursOf(shift.drivingMinutes)),
          })}
        </Text>
        {last && (
          <Text tone="muted" size="small">
            {t('hours.corrected', { reason: last.reason })}
          </Text>
        )}
      </Stack>
    </ListItem>
  );
}

/**
 * /driver/hours: clock in and out (decision 074), and the driver's shifts of the last two weeks. A tap is kept in
 * the outbox with its own time and place and sent as soon as the phone can, like a scan; until the server's answer
 * shows it, the screen shows it from this phone's journal of taps.
 */
export function DriverHoursPage() {
  const { t } = useT();
  const words = useTripWords();
  const token = useDriverToken();
  const { session } = useDriverSession();
  const owner = session?.user.id ?? '';
  const { recordCheck, status } = useDriverSync();
  const hours = useQuery({ queryKey: hoursQueryKey, queryFn: () => fetchHours(token) });
  const [journal, setJournal] = useState(() => readClockJournal(owner));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Taps the server's answer shows are no longer pending; once nothing waits to be sent and the server answered
  // after a tap, a tap it does not show was refused (the waiting banner says why) and is not shown either.
  const served: DriverHours | undefined = hours.data && !hours.data.offline ? hours.data.data : undefined;
  const pending = useMemo(
    () =>
      journal.filter(
        (tap) =>
          !(served && serverHasTap(served, tap)) &&
          !(served && status.waitingChecks === 0 && hours.dataUpdatedAt > Date.parse(tap.occurredAt)),
      ),
    [journal, served, status.waitingChecks, hours.dataUpdatedAt],
  );
  // The phone's copy forgets them too; the next tap reads the journal back from it.
  useEffect(() => {
    if (pending.length !== journal.length) writeClockJournal(owner, pending);
  }, [pending, journal, owner]);

  const state = clockState(hours.data?.data, pending);
  const action: ClockAction = state.since ? 'OUT' : 'IN';

  async function clock() {
    // The time is the tap's, taken before anything is waited for.
    const occurredAt = new Date().toISOString();
    setBusy(true);
    setFailure(null);
    try {
      const place = await placeNow();
      const tap = { clientId: crypto.randomUUID(), action, occurredAt };
      addToClockJournal(owner, tap);
      setJournal(readClockJournal(owner));
      await recordCheck({ kind: 'clock', input: { ...tap, ...(place ?? {}) } });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  const recent = hours.data?.data.recent ?? [];
  return (
    <Stack gap={3}>
      <div>
        <LinkButton to={driverPaths.today} icon="back" variant="text">
          {t('nav.today')}
        </LinkButton>
      </div>
      <Heading level={1}>{t('hours.title')}</Heading>
      {hours.data?.offline && (
        <Alert tone="warning">{t('hours.offline', { time: words.clock(hours.data.savedAt) })}</Alert>
      )}
      <Card as="section">
        <Stack gap={2}>
          {/* Said when it changes: the tap's effect shows here, not on the button alone. */}
          <div role="status">
            <Text>{state.since ? t('hours.in', { time: words.clock(state.since) }) : t('hours.out')}</Text>
          </div>
          {state.waiting && (
            <Text tone="muted" size="small">
              {t('hours.waiting')}
            </Text>
          )}
          {failure && <Alert tone="error">{failure}</Alert>}
          <Button
            variant="filled"
            tone={action === 'IN' ? 'primary' : 'neutral'}
            icon="clock"
            fullWidth
            busy={busy}
            // Until the first answer (or the copy on the phone) the screen cannot tell in from out.
            disabled={hours.isPending && pending.length === 0}
            onClick={() => void clock()}
          >
            {action === 'IN' ? t('hours.clockIn') : t('hours.clockOut')}
          </Button>
        </Stack>
      </Card>
      <Heading level={2}>{t('hours.recent')}</Heading>
      {hours.isPending && <PageLoader />}
      {hours.isError && <RetryAlert error={hours.error} onRetry={() => void hours.refetch()} />}
      {hours.data && recent.length === 0 && <Alert tone="info">{t('hours.empty')}</Alert>}
      {recent.length > 0 && (
        <List label={t('hours.recent')}>
          {recent.map((shift) => (
            <ShiftRow key={shift.id} shift={shift} />
          ))}
        </List>
      )}
    </Stack>
  );
}
