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
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Heading,
  IconButton,
  LinkButton,
  PageLoader,
  RetryAlert,
  Stack,
  Text,
} from '../kit';
import { useT } from '../i18n';
import { fetchManifest, startTrip } from './driver-api';
import { useTripWords } from './driver-format';
import { driverPaths } from './driver-paths';
import { useDriverToken } from './driver-session';
import { useDriverSync, type Outcome } from './driver-sync';
import { CalmTripView } from './CalmTripView';
import { useCalmDriving, useCalmSetting } from './calm-driving';
import { FieldTripCard } from './FieldTripCard';
import { FinishTrip } from './FinishTrip';
import { HandOverDialog } from './HandOverDialog';
import { NextStopDetails } from './NextStopCard';
import {
  childResolver,
  deriveRiderStates,
  dueAtStop,
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
import { TripStatusChip } from './TripStatusChip';

type Translate = ReturnType<typeof useT>['t'];

/** What the server said about a scan that needs the driver's eye. */
function flagText(t: Translate, flag: Outcome['flag'], studentName: string | null): string | null {
  if (flag === 'WRONG_BUS')
    return studentName ? t('flag.wrongBus', { name: studentName }) : t('flag.wrongBusUnnamed');
  if (flag === 'UNKNOWN_TAG') return t('flag.unknownTag');
  return null;
}

interface StopGroup {
  key: string;
  title: string;
  plannedAt: string | null;
  position: number | null;
  riders: ManifestRider[];
}

function groupByStop(t: Translate, manifest: Manifest): StopGroup[] {
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
      title: groups.length === 0 ? t('trip.stop.children') : t('trip.stop.none'),
      plannedAt: null,
      position: null,
      riders: unplaced,
    });
  }
  return groups;
}

/**
 * One stop of the manifest: its time, its name, whether it is next, and its children; the next one also its note,
 * photo and Navigate (`details`).
 */
function StopCard({
  group,
  isNext,
  details,
  children,
}: {
  group: StopGroup;
  isNext: boolean;
  details?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useT();
  const words = useTripWords();
  const headingId = useId();
  return (
    <section className={isNext ? 'driver-stop driver-stop-next' : 'driver-stop'} aria-labelledby={headingId}>
      <div className="driver-stop-head">
        {group.position !== null && <span className="driver-stop-time">{words.clock(group.plannedAt)}</span>}
        <Heading level={2} id={headingId}>
          {group.title}
        </Heading>
        {isNext && <span className="driver-stop-badge">{t('trip.stop.next')}</span>}
      </div>
      {details}
      <ul className="driver-rows">
        {group.riders.length === 0 && (
          <li className="driver-row driver-row-empty">
            <Text tone="muted">{t('trip.stop.empty')}</Text>
          </li>
        )}
        {children}
      </ul>
    </section>
  );
}

interface ScanMessage {
  text: string;
  tone: 'success' | 'warning';
}

/**
 * What the last scan or tap did. The live region is always in the page, so that a screen reader announces each new
 * result as it replaces the last one (a region added with its text is often not read).
 */
function ScanResult({ message, onDismiss }: { message: ScanMessage | null; onDismiss: () => void }) {
  const { t } = useT();
  return (
    <div className="driver-scan-result" data-tone={message?.tone}>
      <p role="status" aria-atomic="true" className="driver-scan-text">
        {message?.text}
      </p>
      {message && <IconButton icon="close" label={t('scan.qr.done')} onClick={onDismiss} />}
    </div>
  );
}

function TripView({ manifest, savedAt, offline }: { manifest: Manifest; savedAt: string; offline: boolean }) {
  const { t, formatNumber } = useT();
  const words = useTripWords();
  const token = useDriverToken();
  const queryClient = useQueryClient();
  const sync = useDriverSync();
  const othersHeadingId = useId();
  const [message, setMessage] = useState<ScanMessage | null>(null);
  const running = manifest.status === 'STARTED';
  const [calmSetting] = useCalmSetting();
  const calmDriving = useCalmDriving(calmSetting && running);
  const { lastFix, problem: locationProblem } = useTripTracking(
    manifest.tripId,
    running,
    sync.recordPositions,
    calmDriving.onFix,
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
  const nextTripStop = manifest.stops.find((stop) => stop.position === nextStop) ?? null;
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
      receivedBy?: string,
    ) => {
      const event: RidershipEventInput = {
        eventId: crypto.randomUUID(),
        tripId: manifest.tripId,
        kind,
        method,
        ...target,
        occurredAt: new Date().toISOString(),
        ...(fix ? { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } : {}),
        ...(receivedBy ? { receivedBy } : {}),
      };
      return sync.record(event);
    },
    [manifest.tripId, sync],
  );

  // A child who must be handed to an authorized adult leaves only once the driver says who received them
  // (decision 065): leaving by tap or by card opens the choice instead of recording at once.
  const [handingOver, setHandingOver] = useState<{ rider: ManifestRider; method: ScanMethod } | null>(null);
  // "No authorized adult" said on this phone, by child: shown at once, before the manifest is read again.
  const [keptHere, setKeptHere] = useState<ReadonlyMap<string, string | null>>(new Map());
  const needsHandOver = (rider: ManifestRider) => manifest.type === 'DROP' && rider.handOver !== null;

  const recordTap = (rider: ManifestRider, kind: RidershipKind) => {
    if (kind === 'ALIGHT' && needsHandOver(rider)) {
      setHandingOver({ rider, method: 'TAP' });
      return;
    }
    void record(kind, 'TAP', { studentId: rider.studentId }, lastFix.current);
    setMessage({ text: t(`scan.result.${kind}`, { name: rider.name }), tone: 'success' });
  };

  const handedOver = (rider: ManifestRider, adultId: string) => {
    const method = handingOver?.method ?? 'TAP';
    void record('ALIGHT', method, { studentId: rider.studentId }, lastFix.current, adultId);
    const adult = rider.handOver?.adults.find((row) => row.id === adultId)?.name ?? '';
    setMessage({ text: t('handOver.received', { name: rider.name, adult }), tone: 'success' });
  };

  const noAdult = (rider: ManifestRider) => {
    void sync.recordCheck({
      kind: 'hand-over-miss',
      input: {
        missId: crypto.randomUUID(),
        tripId: manifest.tripId,
        studentId: rider.studentId,
        stopPosition: rider.stopPosition,
        occurredAt: new Date().toISOString(),
      },
    });
    const stopName = manifest.stops.find((stop) => stop.position === rider.stopPosition)?.name ?? null;
    setKeptHere((current) => new Map(current).set(rider.studentId, stopName));
  };

  /** Where a child kept on board is, from this phone's word or the server's record. */
  const keptAt = (rider: ManifestRider): string | null | undefined =>
    keptHere.has(rider.studentId) ? keptHere.get(rider.studentId) : rider.handOverMiss?.stopName;

  /** A scanned card: board or leave (by the child's state now), or say clearly what was not understood. */
  const onCode = (text: string, method: ScanMethod): string => {
    const code = method === 'NFC' ? tagOnly(text) : parseScannedCode(text);
    if (!code) {
      const said = t('scan.notOurs', { text: text.slice(0, 40) });
      setMessage({ text: said, tone: 'warning' });
      return said;
    }
    const rider = 'studentId' in code ? ridersById.get(code.studentId) : ridersByTag.get(code.tagId);
    // A card not on the list is followed too: its second scan is that child leaving, as for any other.
    const key = rider ? rider.studentId : childResolver(manifest.riders, events)(code);
    const state: RiderState | undefined = key ? states.get(key) : undefined;
    const kind = kindForScan(state);
    if (rider && kind === 'ALIGHT' && needsHandOver(rider)) {
      setHandingOver({ rider, method });
      const said = t('handOver.title', { name: rider.name });
      setMessage({ text: said, tone: 'success' });
      return said;
    }
    // An unknown card is still recorded: the server knows every child's tag and flags a child of another bus.
    void record(kind, method, rider ? { studentId: rider.studentId } : code, lastFix.current);
    const said = rider
      ? t(`scan.result.${kind}`, { name: rider.name })
      : kind === 'ALIGHT'
        ? t('scan.otherLeft')
        : 'tagId' in code
          ? t('scan.unknownCard', { tag: code.tagId })
          : t('scan.unknownStudentCard');
    setMessage({ text: said, tone: rider ? 'success' : 'warning' });
    return said;
  };

  const start = useMutation({
    // As on Today: what this phone keeps (an inspection just saved) reaches the server before the start.
    mutationFn: async () => {
      await sync.flushNow();
      return startTrip(token, manifest.tripId);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['driver'] }),
  });

  const flagged = events
    .map((event) => {
      const outcome = sync.outcomes.get(event.eventId);
      const name = outcome?.studentName ?? (event as { studentName?: string | null }).studentName ?? null;
      return flagText(t, outcome?.flag ?? event.flag, name);
    })
    .filter((text): text is string => text !== null);
  const onBus = countBoarded(states);
  const meta = { run: words.run(manifest.type), plate: manifest.vehiclePlate };

  // While the bus moves: only the next stop, in large type (the scans' outcomes still arrive, since the phone's
  // NFC reading and sending go on under either view).
  if (calmDriving.calm)
    return (
      <CalmTripView
        stop={nextTripStop}
        dueCount={nextTripStop ? dueAtStop(manifest, states, nextTripStop.position).length : 0}
        onShowFull={calmDriving.showFullView}
      />
    );

  return (
    <Stack gap={3}>
      <div>
        <LinkButton to={driverPaths.today} icon="back" variant="text">
          {t('nav.today')}
        </LinkButton>
      </div>
      <Stack direction="row" gap={1} align="center" justify="space-between" wrap>
        <Heading level={1}>{manifest.routeName}</Heading>
        <TripStatusChip status={manifest.status} />
      </Stack>
      <Text tone="muted">
        {manifest.plannedStartAt
          ? t('trip.metaStarts', { ...meta, time: words.clock(manifest.plannedStartAt) })
          : t('trip.meta', meta)}
      </Text>
      {manifest.fieldTrip && <FieldTripCard trip={manifest.fieldTrip} />}
      <Card>
        <p className="driver-count" role="status" aria-label={t('trip.onBus.label')}>
          {formatNumber(onBus)}
        </p>
        <Text tone="muted">{t('trip.onBus.unit', { count: onBus })}</Text>
      </Card>
      {manifest.status === 'PENDING' && (
        <>
          {start.error && <Alert tone="error">{start.error.message}</Alert>}
          <Button variant="filled" fullWidth busy={start.isPending} onClick={() => start.mutate()}>
            {t('trip.start')}
          </Button>
        </>
      )}
      {manifest.finishReason && (
        <Alert tone="info">{t('trip.finishedEarly', { reason: manifest.finishReason })}</Alert>
      )}
      {running && <ScanControls onCode={onCode} />}
      <ScanResult message={message} onDismiss={() => setMessage(null)} />
      {/* Below the buttons, like the scan result: a refetch that fails in a dead zone shows this mid-trip, and above
          them it would push "Scan QR codes" down under the driver's thumb (the waiting banner's rule). */}
      {offline && <Alert tone="warning">{t('trip.offline', { time: words.clock(savedAt) })}</Alert>}
      {flagged.map((text, index) => (
        <Alert key={index} tone="error">
          {text}
        </Alert>
      ))}
      {locationProblem && running && <Alert tone="warning">{t(`location.${locationProblem}`)}</Alert>}
      {/* A field trip without a list of children: the group is a count (its card says so), no one to scan. */}
      {(!manifest.fieldTrip || manifest.fieldTrip.children > 0) &&
        groupByStop(t, manifest).map((group) => (
          <StopCard
            key={group.key}
            group={group}
            isNext={group.position !== null && group.position === nextStop && running}
            details={
              nextTripStop && group.position === nextStop ? (
                <NextStopDetails tripId={manifest.tripId} stop={nextTripStop} running={running} />
              ) : undefined
            }
          >
            {group.riders.map((rider) => (
              <RiderRow
                key={rider.studentId}
                rider={rider}
                state={states.get(rider.studentId) ?? 'WAITING'}
                onRecord={running ? (kind) => recordTap(rider, kind) : null}
                handOver={needsHandOver(rider)}
                keptAt={states.get(rider.studentId) === 'ON_BUS' ? keptAt(rider) : undefined}
              />
            ))}
          </StopCard>
        ))}
      {others.length > 0 && (
        <section className="driver-stop" aria-labelledby={othersHeadingId}>
          <div className="driver-stop-head">
            <Heading level={2} id={othersHeadingId}>
              {t('trip.others.title')}
            </Heading>
          </div>
          <Text tone="muted" size="small">
            {t('trip.others.text')}
          </Text>
          <ul className="driver-rows">
            {others.map((other) => (
              <OtherChildRow
                key={other.key}
                child={other}
                onLeave={
                  running
                    ? () => {
                        void record('ALIGHT', 'TAP', other.target, lastFix.current);
                        setMessage({ text: t('trip.others.left'), tone: 'success' });
                      }
                    : null
                }
              />
            ))}
          </ul>
        </section>
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
      {manifest.status === 'COMPLETED' && <Alert tone="success">{t('trip.finished')}</Alert>}
      <HandOverDialog
        rider={handingOver?.rider ?? null}
        rule={manifest.noAdultRule}
        onReceived={handedOver}
        onNoAdult={noAdult}
        onClose={() => setHandingOver(null)}
      />
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
  const { t } = useT();
  const { id = '' } = useParams();
  const token = useDriverToken();
  const trip = useQuery({ queryKey: ['driver', 'trip', id], queryFn: () => fetchManifest(token, id) });

  if (trip.isPending) return <PageLoader />;
  if (trip.isError) {
    return (
      <Stack gap={3}>
        <Heading level={1}>{t('nav.today')}</Heading>
        <RetryAlert error={trip.error} onRetry={() => void trip.refetch()} />
        <LinkButton to={driverPaths.today} icon="back" variant="outlined">
          {t('nav.backToToday')}
        </LinkButton>
      </Stack>
    );
  }
  return <TripView manifest={trip.data.data} savedAt={trip.data.savedAt} offline={trip.data.offline} />;
}
