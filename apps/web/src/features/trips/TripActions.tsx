import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Trip, TripMove } from '@school-transport/shared';
import { useState, type ReactElement } from 'react';
import { useMoveTrip } from './trips-api';
import { availableMoves } from './trip-moves';
import { CancelTripDialog, DelayTripDialog, RescueTripDialog } from './TripChangeDialogs';
import { CombineTripDialog } from './TripCombine';
import { useMayUse } from '../../lib/session/session';

const MOVE_BUTTONS: Record<TripMove, { label: string; icon: ReactElement; color: 'primary' | 'error' }> = {
  start: { label: 'Start Trip', icon: <PlayArrowIcon />, color: 'primary' },
  complete: { label: 'Complete Trip', icon: <DoneAllIcon />, color: 'primary' },
  cancel: { label: 'Cancel Trip', icon: <CancelOutlinedIcon />, color: 'error' },
};

type Change = 'cancel' | 'delay' | 'rescue' | 'combine';

/**
 * The moves the trip's status allows (TRIP_MOVES), one button each, and the changes parents are told of
 * (decision 056): a delay while the trip is still to run or running, a handover to a rescue vehicle while it runs,
 * and riding with another run of the day before it starts (decision 061). Each asks first, with its reason.
 */
export function TripActions({ trip }: { trip: Trip }) {
  const move = useMoveTrip();
  const [change, setChange] = useState<Change | null>(null);
  const close = () => setChange(null);
  const open = (chosen: Change) => () => setChange(chosen);
  // Running the day: administrators and dispatchers (decision 077); a viewer sees the trip without its moves.
  if (!useMayUse('dispatch')) return null;

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
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
            onClick={
              chosen === 'cancel'
                ? open('cancel')
                : // A refusal is already reported as a toast; the page shows the trip as the server has it.
                  () => move.mutateAsync({ id: trip.id, move: chosen }).catch(() => undefined)
            }
          >
            {label}
          </Button>
        );
      })}
      {(trip.status === 'PENDING' || trip.status === 'STARTED') && (
        <Button variant="outlined" startIcon={<ScheduleIcon />} onClick={open('delay')}>
          Mark delayed
        </Button>
      )}
      {trip.status === 'PENDING' && (
        <Button variant="outlined" startIcon={<CallMergeIcon />} onClick={open('combine')}>
          Combine with another run
        </Button>
      )}
      {trip.status === 'STARTED' && (
        <Button variant="outlined" startIcon={<LocalShippingOutlinedIcon />} onClick={open('rescue')}>
          Hand over to a rescue vehicle
        </Button>
      )}
      {change === 'cancel' && <CancelTripDialog trip={trip} onClose={close} />}
      {change === 'delay' && <DelayTripDialog trip={trip} onClose={close} />}
      {change === 'rescue' && <RescueTripDialog trip={trip} onClose={close} />}
      {change === 'combine' && <CombineTripDialog trip={trip} onClose={close} />}
    </Stack>
  );
}
