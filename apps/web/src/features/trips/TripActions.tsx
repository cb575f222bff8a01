import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Trip, TripMove } from '@school-transport/shared';
import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { formatTripDay } from '../../lib/time/format';
import { useMoveTrip } from './trips-api';
import { availableMoves } from './trip-moves';

const MOVE_BUTTONS: Record<TripMove, { label: string; icon: ReactElement; color: 'primary' | 'error' }> = {
  start: { label: 'Start Trip', icon: <PlayArrowIcon />, color: 'primary' },
  complete: { label: 'Complete Trip', icon: <DoneAllIcon />, color: 'primary' },
  cancel: { label: 'Cancel Trip', icon: <CancelOutlinedIcon />, color: 'error' },
};

/** The moves the trip's status allows (TRIP_MOVES), one button each; cancelling asks first, it cannot be undone. */
export function TripActions({ trip }: { trip: Trip }) {
  const move = useMoveTrip();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const run = (chosen: TripMove) => move.mutateAsync({ id: trip.id, move: chosen });

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {availableMoves(trip.status).map((chosen) => {
        const { label, icon, color } = MOVE_BUTTONS[chosen];
        return (
          <Button
            key={chosen}
            variant={chosen === 'cancel' ? 'outlined' : 'contained'}
            color={color}
            startIcon={icon}
            loading={move.isPending && move.variables?.move === chosen}
            disabled={move.isPending}
            onClick={() =>
              chosen === 'cancel'
                ? setConfirmingCancel(true)
                : // A refusal is already reported as a toast; the page shows the trip as the server has it.
                  run(chosen).catch(() => undefined)
            }
          >
            {label}
          </Button>
        );
      })}
      {confirmingCancel && (
        <ConfirmDialog
          open
          title="Cancel Trip?"
          text={`Are you sure you want to cancel the ${trip.type} trip of ${trip.route.name} on ${formatTripDay(trip.date)}? A cancelled trip cannot be started again.`}
          confirmLabel="Cancel Trip"
          cancelLabel="Keep Trip"
          onConfirm={() => run('cancel')}
          onClose={() => setConfirmingCancel(false)}
        />
      )}
    </Stack>
  );
}
