import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  countBoarded,
  type Manifest,
  type ManifestRider,
  type RiderState,
  type RidershipEventInput,
  type RidershipKind,
  type ScanMethod,
} from '@school-transport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { TripStatusChip } from '../../components/trips/TripChips';
import { fetchManifest, startTrip } from './driver-api';
import { clockOrDash, RUN_LABELS, useOperatorTimeZone } from './driver-format';
import { driverPaths } from './driver-paths';
import { useDriverToken } from './driver-session';
import { useDriverSync, type Outcome } from './driver-sync';
import { FinishTrip } from './FinishTrip';
import {
  childResolver,
  deriveRiderStates,
  kindForScan,
  mergeEvents,
  nextStopPosition,
  otherChildren,
} from './rider-state';
import { OtherChildRow } from './OtherChildRow';
import { RiderRow } from './RiderRow';
import { ScanControls } from './ScanControls';
import { normaliseTagId, parseScannedCode } from './scan-codes';
import { useTripTracking, type Fix } from './tracking';

const KIND_DONE: Record<RidershipKind, string> = {
  BOARD: 'boarded',
  ALIGHT: 'left the bus',
  NO_SHOW: 'did not show up',
};

/** What the server said about a scan that needs the driver's eye. */
function flagText(flag: Outcome['flag'], studentName: string | null): string | null {
  if (flag === 'WRONG_BUS')
    return `Wrong bus: ${studentName ?? 'this child'} is not on this trip's list. The scan is kept and the office is told.`;
  if (flag === 'UNKNOWN_TAG') return 'Unknown card: no child has this tag. The office is told.';
  return null;
}

interface StopGroup {
  key: string;
  title: string;
  plannedAt: string | null;
  position: number | null;
  riders: ManifestRider[];
}

function groupByStop(manifest: Manifest): StopGroup[] {
  const stops = [...manifest.stops].sort((a, b) => a.position - b.position);
  const groups: StopGroup[] = stops.map((stop) => ({
    key: `stop-${stop.position}`,
    title: stop.name,
    plannedAt: stop.plannedAt,
    position: stop.position,
    riders: manifest.riders.filter((rider) => rider.stopPosition === stop.position),
  }));
  const known = new Set(stops.map((stop) => stop.position));
  const unplaced = manifest.riders.filter(
    (rider) => rider.stopPosition === null || !known.has(rider.stopPosition),
  );
  if (unplaced.length > 0 || groups.length === 0) {
    groups.push({
      key: 'no-stop',
      title: groups.length === 0 ? 'Children' : 'No stop chosen',
      plannedAt: null,
      position: null,
      riders: unplaced,
    });
  }
  return groups;
}

function TripView({ manifest, savedAt, offline }: { manifest: Manifest; savedAt: string; offline: boolean }) {
  const token = useDriverToken();
  const timeZone = useOperatorTimeZone();
  const queryClient = useQueryClient();
  const sync = useDriverSync();
  const [message, setMessage] = useState<{ text: string; severity: 'success' | 'warning' } | null>(null);
  const running = manifest.status === 'STARTED';
  const { lastFix, problem: locationProblem } = useTripTracking(
    manifest.tripId,
    running,
    sync.recordPositions,
  );

  const events = useMemo(
    () => mergeEvents(manifest, sync.journal(manifest.tripId), sync.outcomes),
    [manifest, sync],
  );
  const states = useMemo(() => deriveRiderStates(manifest.riders, events), [manifest.riders, events]);
  const others = useMemo(
    () => otherChildren(manifest.riders, events, states),
    [manifest.riders, events, states],
  );
  const nextStop = nextStopPosition(manifest, states);
  // Everyone the server counts on board, another bus's child too: finishing is refused while any of them is.
  const boarded: Array<{ studentId: string } | { tagId: string }> = [
    ...manifest.riders
      .filter((rider) => states.get(rider.studentId) === 'ON_BUS')
      .map((rider) => ({ studentId: rider.studentId })),
    ...others.filter((other) => other.state === 'ON_BUS').map((other) => other.target),
  ];
  const ridersById = useMemo(
    () => new Map(manifest.riders.map((rider) => [rider.studentId, rider])),
    [manifest.riders],
  );
  const ridersByTag = useMemo(
    () => new Map(manifest.riders.filter((r) => r.nfcTagId).map((rider) => [rider.nfcTagId!, rider])),
    [manifest.riders],
  );

  const record = useCallback(
    (
      kind: RidershipKind,
      method: ScanMethod,
      target: { studentId: string } | { tagId: string },
      fix: Fix | null,
    ) => {
      const event: RidershipEventInput = {
        eventId: crypto.randomUUID(),
        tripId: manifest.tripId,
        kind,
        method,
        ...target,
        occurredAt: new Date().toISOString(),
        ...(fix ? { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } : {}),
      };
      return sync.record(event);
    },
    [manifest.tripId, sync],
  );

  const recordTap = (rider: ManifestRider, kind: RidershipKind) => {
    void record(kind, 'TAP', { studentId: rider.studentId }, lastFix.current);
    setMessage({ text: `${rider.name} ${KIND_DONE[kind]}.`, severity: 'success' });
  };

  /** A scanned card: board or leave (by the child's state now), or say clearly what was not understood. */
  const onCode = (text: string, method: ScanMethod): string => {
    const code = method === 'NFC' ? tagOnly(text) : parseScannedCode(text);
    if (!code) {
      const said = `This card is not a SchoolRide card (read "${text.slice(0, 40)}").`;
      setMessage({ text: said, severity: 'warning' });
      return said;
    }
    const rider = 'studentId' in code ? ridersById.get(code.studentId) : ridersByTag.get(code.tagId);
    // A card not on the list is followed too: its second scan is that child leaving, as for any other.
    const key = rider ? rider.studentId : childResolver(manifest.riders, events)(code);
    const state: RiderState | undefined = key ? states.get(key) : undefined;
    const kind = kindForScan(state);
    // An unknown card is still recorded: the server knows every child's tag and flags a child of another bus.
    void record(kind, method, rider ? { studentId: rider.studentId } : code, lastFix.current);
    const said = rider
      ? `${rider.name} ${KIND_DONE[kind]}.`
      : kind === 'ALIGHT'
        ? "A child not on this trip's list left the bus. Recorded for the office."
        : `Unknown card ${'tagId' in code ? code.tagId : ''}: not a child of this trip. Recorded for the office to check.`;
    setMessage({ text: said, severity: rider ? 'success' : 'warning' });
    return said;
  };

  const start = useMutation({
    mutationFn: () => startTrip(token, manifest.tripId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['driver'] }),
  });

  const flagged = events
    .map((event) => {
      const outcome = sync.outcomes.get(event.eventId);
      const name = outcome?.studentName ?? (event as { studentName?: string | null }).studentName ?? null;
      return flagText(outcome?.flag ?? event.flag, name);
    })
    .filter((text): text is string => text !== null);

  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={driverPaths.today} startIcon={<ArrowBackIcon />} size="small">
          Today
        </Button>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {manifest.routeName}
        </Typography>
        <TripStatusChip status={manifest.status} />
      </Stack>
      <Typography color="text.secondary">
        {RUN_LABELS[manifest.type]} · {manifest.vehiclePlate}
        {manifest.plannedStartAt && ` · starts ${clockOrDash(manifest.plannedStartAt, timeZone)}`}
      </Typography>
      {offline && (
        <Alert severity="warning">
          Offline: the manifest as it was at {clockOrDash(savedAt, timeZone)}. Scans are kept on this phone.
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h4" component="p" role="status" aria-label="Children on the bus">
            {countBoarded(states)}
          </Typography>
          <Typography color="text.secondary">
            {countBoarded(states) === 1 ? 'child' : 'children'} on the bus
          </Typography>
        </CardContent>
      </Card>
      {manifest.status === 'PENDING' && (
        <>
          {start.error && <Alert severity="error">{start.error.message}</Alert>}
          <Button variant="contained" size="large" loading={start.isPending} onClick={() => start.mutate()}>
            Start trip
          </Button>
        </>
      )}
      {manifest.finishReason && <Alert severity="info">Finished early: {manifest.finishReason}</Alert>}
      {running && <ScanControls onCode={onCode} />}
      {message && (
        <Alert severity={message.severity} role="status" onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      {flagged.map((text, index) => (
        <Alert key={index} severity="error">
          {text}
        </Alert>
      ))}
      {locationProblem && running && <Alert severity="warning">{locationProblem}</Alert>}
      {groupByStop(manifest).map((group) => {
        const isNext = group.position !== null && group.position === nextStop && running;
        return (
          <Card
            key={group.key}
            component="section"
            aria-label={group.title}
            variant="outlined"
            sx={isNext ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
          >
            <CardContent sx={{ pb: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                {group.position !== null && (
                  <Typography sx={{ fontWeight: 700, minWidth: '3em' }}>
                    {clockOrDash(group.plannedAt, timeZone)}
                  </Typography>
                )}
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
                  {group.title}
                </Typography>
                {isNext && (
                  <Typography variant="caption" color="primary" sx={{ fontWeight: 700 }}>
                    NEXT STOP
                  </Typography>
                )}
              </Stack>
            </CardContent>
            <List dense={false}>
              {group.riders.length === 0 && (
                <Typography color="text.secondary" sx={{ px: 2, pb: 1 }}>
                  No child at this stop.
                </Typography>
              )}
              {group.riders.map((rider) => (
                <RiderRow
                  key={rider.studentId}
                  rider={rider}
                  state={states.get(rider.studentId) ?? 'WAITING'}
                  onRecord={running ? (kind) => recordTap(rider, kind) : null}
                />
              ))}
            </List>
          </Card>
        );
      })}
      {others.length > 0 && (
        <Card component="section" aria-label="Other children on the bus" variant="outlined">
          <CardContent sx={{ pb: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Other children on the bus
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Scanned here but not on this trip's list. Record them leaving like any child.
            </Typography>
          </CardContent>
          <List>
            {others.map((other) => (
              <OtherChildRow
                key={other.key}
                child={other}
                onLeave={
                  running
                    ? () => {
                        void record('ALIGHT', 'TAP', other.target, lastFix.current);
                        setMessage({ text: 'The child left the bus.', severity: 'success' });
                      }
                    : null
                }
              />
            ))}
          </List>
        </Card>
      )}
      {running && (
        <FinishTrip
          manifest={manifest}
          boarded={boarded}
          alightAll={async (targets) => {
            for (const target of targets) await record('ALIGHT', 'TAP', target, lastFix.current);
          }}
        />
      )}
      {manifest.status === 'COMPLETED' && <Alert severity="success">Trip finished.</Alert>}
    </Stack>
  );
}

/** An NFC tag's serial number is always a tag id, never a QR text. */
function tagOnly(serial: string) {
  const tagId = normaliseTagId(serial);
  return tagId ? { tagId } : null;
}

/** /driver/trips/:id: the manifest, the scanners and Finish. */
export function DriverTripPage() {
  const { id = '' } = useParams();
  const token = useDriverToken();
  const trip = useQuery({ queryKey: ['driver', 'trip', id], queryFn: () => fetchManifest(token, id) });

  if (trip.isPending) return <PageLoader />;
  if (trip.isError) {
    return (
      <Stack spacing={2}>
        <RetryAlert error={trip.error} onRetry={() => void trip.refetch()} />
        <Button component={RouterLink} to={driverPaths.today} startIcon={<ArrowBackIcon />}>
          Back to today
        </Button>
      </Stack>
    );
  }
  return <TripView manifest={trip.data.data} savedAt={trip.data.savedAt} offline={trip.data.offline} />;
}
