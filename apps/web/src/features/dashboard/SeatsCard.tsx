import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DashboardSummary } from '@school-transport/shared';

/** A share as a bar's value, 0 to 100; nothing of nothing is an empty bar. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);

interface SeatBarProps {
  label: string;
  part: number;
  whole: number;
  /** The numbers in words, under the bar. */
  text: string;
}

function SeatBar({ label, part, whole, text }: SeatBarProps) {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent(part, whole)}
        aria-label={label}
        aria-valuetext={text}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}

/**
 * Seats taken by children against the seats of the vehicles that have an assignment, and those against the
 * whole fleet: how full the running vehicles are, and how much of the fleet runs.
 */
export function SeatsCard({ seats }: { seats: DashboardSummary['seats'] | undefined }) {
  return (
    <Paper sx={{ p: 3, height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Seats
      </Typography>
      {seats === undefined ? (
        <Stack spacing={2}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : (
        <Stack spacing={3}>
          <SeatBar
            label="Seats used in assigned vehicles"
            part={seats.used}
            whole={seats.inAssignedVehicles}
            text={`${seats.used} of ${seats.inAssignedVehicles} seats used`}
          />
          <SeatBar
            label="Seats in assigned vehicles of the fleet"
            part={seats.inAssignedVehicles}
            whole={seats.fleet}
            text={`${seats.inAssignedVehicles} of ${seats.fleet} fleet seats are in assigned vehicles`}
          />
        </Stack>
      )}
    </Paper>
  );
}
