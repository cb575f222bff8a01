import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ChildCheckInput, DriverVehicleDay } from '@school-transport/shared';
import { Alert, Button, Card, Heading, LinkButton, Stack, Text, TextField } from '../kit';
import { useT } from '../i18n';
import { isConnectionFailure, sendCheck } from './driver-api';
import { driverPaths } from './driver-paths';
import { useDriverToken } from './driver-session';
import { useDriverSync } from './driver-sync';
import { normaliseTagId } from './scan-codes';
import { ScanControls } from './ScanControls';

/**
 * The child check after the vehicle's last trip: the tag at the back of the bus (NFC, QR or card reader, as
 * children are scanned), or a tap with a reason. Sent at once so that a wrong tag is told on the spot; without a
 * signal it waits in the outbox (its id is made here, so a repeat is stored once).
 */
function ChildCheckCard({ vehicle }: { vehicle: DriverVehicleDay }) {
  const { t } = useT();
  const headingId = useId();
  const token = useDriverToken();
  const queryClient = useQueryClient();
  const { recordCheck } = useDriverSync();
  const [checkId] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [tapping, setTapping] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const send = async (fields: Pick<ChildCheckInput, 'method' | 'tagId' | 'reason'>) => {
    const input: ChildCheckInput = {
      checkId,
      tripId: vehicle.childCheckTripId!,
      checkedAt: new Date().toISOString(),
      ...fields,
    };
    setProblem(null);
    try {
      await sendCheck(token, { kind: 'child-check', input });
      setDone(t('childCheck.recorded'));
      await queryClient.invalidateQueries({ queryKey: ['driver'] });
    } catch (error) {
      if (!isConnectionFailure(error)) {
        setProblem(error instanceof Error ? error.message : String(error));
        return;
      }
      await recordCheck({ kind: 'child-check', input });
      setDone(t('childCheck.kept'));
    }
  };

  if (done) return <Alert tone="success">{done}</Alert>;
  return (
    <Card as="section" labelledBy={headingId}>
      <Stack gap={2}>
        <Heading level={2} id={headingId}>
          {t('childCheck.title', { plate: vehicle.licensePlate })}
        </Heading>
        <Text>{t('childCheck.instructions')}</Text>
        <ScanControls
          onCode={(text) => {
            const tagId = normaliseTagId(text);
            if (!tagId) return t('childCheck.notATag');
            void send({ method: 'TAG', tagId });
            return t('childCheck.tagRead');
          }}
        />
        {problem && <Alert tone="error">{problem}</Alert>}
        {tapping ? (
          <>
            <TextField
              label={t('childCheck.reason')}
              value={reason}
              error={reasonError ?? undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            <Button
              variant="filled"
              fullWidth
              onClick={() => {
                if (!reason.trim()) {
                  setReasonError(t('childCheck.reasonMissing'));
                  return;
                }
                setReasonError(null);
                void send({ method: 'TAP', reason });
              }}
            >
              {t('childCheck.empty')}
            </Button>
          </>
        ) : (
          <Button variant="text" onClick={() => setTapping(true)}>
            {t('childCheck.noTag')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** "Inspect", on an alert about a vehicle whose checklist is still due today: the way to clear it. */
export function InspectLink({ vehicle }: { vehicle: DriverVehicleDay | undefined }) {
  const { t } = useT();
  if (!vehicle?.checklist || vehicle.inspectedToday) return null;
  return (
    <LinkButton
      to={driverPaths.inspection(vehicle.vehicleId)}
      variant="outlined"
      tone="neutral"
      aria-label={t('checks.inspectVehicle', { plate: vehicle.licensePlate })}
    >
      {t('checks.inspect')}
    </LinkButton>
  );
}

/** Above the day's trips: inspections due, what keeps a vehicle off the road, and child checks due. */
export function VehicleChecks({ vehicles }: { vehicles: DriverVehicleDay[] }) {
  const { t } = useT();
  const { status } = useDriverSync();
  return (
    <Stack gap={2}>
      {status.waitingChecks > 0 && <Alert tone="warning">{t('checks.waiting')}</Alert>}
      {vehicles.map((vehicle) => {
        const due = vehicle.checklist !== null && !vehicle.inspectedToday;
        return (
          <Stack key={vehicle.vehicleId} gap={2}>
            {vehicle.blockers.length > 0 && (
              <Alert tone={due ? 'warning' : 'error'} action={<InspectLink vehicle={vehicle} />}>
                {vehicle.blockers.map((blocker) => (
                  <span key={blocker} className="driver-line">
                    {blocker}
                  </span>
                ))}
              </Alert>
            )}
            {vehicle.childCheckTripId && !vehicle.childCheckDone && <ChildCheckCard vehicle={vehicle} />}
          </Stack>
        );
      })}
    </Stack>
  );
}
