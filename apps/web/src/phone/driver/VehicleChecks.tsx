import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ChildCheckInput, DriverVehicleDay } from '@school-transport/shared';
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
      setDone('Child check recorded. Thank you.');
      await queryClient.invalidateQueries({ queryKey: ['driver'] });
    } catch (error) {
      if (!isConnectionFailure(error)) {
        setProblem(error instanceof Error ? error.message : String(error));
        return;
      }
      await recordCheck({ kind: 'child-check', input });
      setDone('No signal: the child check is kept on this phone and sent when there is one.');
    }
  };

  if (done) return <Alert severity="success">{done}</Alert>;
  return (
    <Card variant="outlined" component="section" aria-label={`Child check of ${vehicle.licensePlate}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            Child check: {vehicle.licensePlate}
          </Typography>
          <Typography>
            Walk to the back of the bus, check every seat, then scan the tag fixed there.
          </Typography>
          <ScanControls
            onCode={(text) => {
              const tagId = normaliseTagId(text);
              if (!tagId) return 'This is not a tag.';
              void send({ method: 'TAG', tagId });
              return 'Tag read.';
            }}
          />
          {problem && <Alert severity="error">{problem}</Alert>}
          {tapping ? (
            <>
              <TextField
                label="Why the tag cannot be scanned"
                value={reason}
                error={Boolean(reasonError)}
                helperText={reasonError}
                onChange={(event) => setReason(event.target.value)}
              />
              <Button
                variant="contained"
                onClick={() => {
                  if (!reason.trim()) {
                    setReasonError('Say why the tag could not be scanned');
                    return;
                  }
                  setReasonError(null);
                  void send({ method: 'TAP', reason });
                }}
              >
                The bus is empty
              </Button>
            </>
          ) : (
            <Button onClick={() => setTapping(true)}>No tag to scan?</Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** "Inspect", on an alert about a vehicle whose checklist is still due today: the way to clear it. */
export function inspectAction(vehicle: DriverVehicleDay | undefined) {
  if (!vehicle?.checklist || vehicle.inspectedToday) return undefined;
  return (
    <Button
      component={RouterLink}
      to={driverPaths.inspection(vehicle.vehicleId)}
      color="inherit"
      size="small"
    >
      Inspect
    </Button>
  );
}

/** Above the day's trips: inspections due, what keeps a vehicle off the road, and child checks due. */
export function VehicleChecks({ vehicles }: { vehicles: DriverVehicleDay[] }) {
  const { status } = useDriverSync();
  return (
    <Stack spacing={2}>
      {status.waitingChecks > 0 && (
        <Alert severity="warning">
          An inspection or child check is kept on this phone and will be sent when there is a signal.
        </Alert>
      )}
      {vehicles.map((vehicle) => {
        const due = vehicle.checklist !== null && !vehicle.inspectedToday;
        return (
          <Stack key={vehicle.vehicleId} spacing={1}>
            {vehicle.blockers.length > 0 && (
              <Alert severity={due ? 'warning' : 'error'} action={inspectAction(vehicle)}>
                {vehicle.blockers.map((blocker) => (
                  <div key={blocker}>{blocker}</div>
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
