import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { timesheetQuerySchema, type Driver, type Shift, type Timesheet } from '@school-transport/shared';
import { DayRangeFields } from '../../components/page/DayRangeFields';
import { RetryAlert } from '../../components/page/RetryAlert';
import { TitledPanel } from '../../components/page/TitledPanel';
import { PageLoader } from '../../components/shell/PageLoader';
import { useMayUse } from '../../lib/session/session';
import { formatMoment, formatTripDay, localToday } from '../../lib/time/format';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import { ShiftTimesDialog, type ShiftTimesTarget } from './ShiftTimesDialog';
import { downloadTimesheet, useDriverSearch, useOpenShifts, useTimesheet } from './drivers-hours-api';

const hours = (minutes: number) => `${(Math.round((minutes / 60) * 100) / 100).toString()} h`;
const clockOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** A box per entry, wrapping at 390 px rather than a table that would scroll sideways. */
const rowSx = {
  display: 'flex',
  gap: 1.5,
  flexWrap: 'wrap',
  alignItems: 'center',
  p: 1.5,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
} as const;

function ShiftLine({ shift, onCorrect }: { shift: Shift; onCorrect: () => void }) {
  const last = shift.corrections.at(-1);
  // A first correction with no times before it is the office adding the shift (the driver never clocked in).
  const added = shift.corrections[0]?.clockInBefore === null;
  // Corrections are administrators' (decision 069); the office's readers read the timesheet.
  const corrects = useMayUse('admin');
  return (
    <Box component="li" sx={rowSx} aria-label={`Shift from ${formatMoment(shift.clockInAt)}`}>
      <Box sx={{ flex: '1 1 14rem' }}>
        <Typography>
          {clockOf(shift.clockInAt)} – {shift.clockOutAt ? clockOf(shift.clockOutAt) : 'not clocked out'}
          {shift.clockOutAt && shift.day !== shift.clockOutAt.slice(0, 10) ? ' (next day)' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {shift.minutes === null ? 'Open' : hours(shift.minutes)}, driving {hours(shift.drivingMinutes)}
        </Typography>
        {last && (
          <Typography variant="body2" color="text.secondary">
            {added && shift.corrections.length === 1 ? 'Added' : 'Corrected'} by {last.correctedByName}:{' '}
            {last.reason}
          </Typography>
        )}
      </Box>
      {shift.open && <Chip size="small" color="warning" label="Open" />}
      {added && <Chip size="small" label="Added by the office" />}
      {shift.corrections.length > (added ? 1 : 0) && <Chip size="small" label="Corrected" />}
      {corrects && <Button onClick={onCorrect}>Correct</Button>}
    </Box>
  );
}

/** Every shift still open: most are forgotten clock-outs, each corrected here with a reason. */
function OpenShifts({ onCorrect }: { onCorrect: (target: ShiftTimesTarget) => void }) {
  const open = useOpenShifts();
  const corrects = useMayUse('admin');
  return (
    <TitledPanel title="Open shifts">
      {open.isPending && <PageLoader />}
      {open.isError && <RetryAlert error={open.error} onRetry={() => void open.refetch()} />}
      {open.data && open.data.length === 0 && <Alert severity="success">No shift is open.</Alert>}
      {open.data && open.data.length > 0 && (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {open.data.map((shift) => (
            <Box component="li" key={shift.id} sx={rowSx} aria-label={`Open shift of ${shift.driverName}`}>
              <Box sx={{ flex: '1 1 14rem' }}>
                <Typography>{shift.driverName}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Clocked in {formatMoment(shift.clockInAt)}
                </Typography>
              </Box>
              {corrects && (
                <Button onClick={() => onCorrect({ kind: 'correct', shift, driverName: shift.driverName })}>
                  Close shift
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </TitledPanel>
  );
}

function DriverPicker({ onPick }: { onPick: (driver: Driver) => void }) {
  const [search, setSearch] = useState('');
  const drivers = useDriverSearch(useDebouncedValue(search, 250));
  return (
    <Autocomplete<Driver>
      sx={{ flex: '1 1 16rem' }}
      options={drivers.data ?? []}
      loading={drivers.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(driver) => `${driver.user.name} · ${driver.licenseNo}`}
      onInputChange={(_, value) => setSearch(value)}
      onChange={(_, driver) => driver && onPick(driver)}
      renderInput={(params) => (
        <TextField {...params} size="small" label="Driver" placeholder="Name or licence" />
      )}
    />
  );
}

function TimesheetView({
  sheet,
  onCorrect,
}: {
  sheet: Timesheet;
  onCorrect: (target: ShiftTimesTarget) => void;
}) {
  const { totals } = sheet;
  return (
    <Stack spacing={2}>
      <Typography aria-label="Totals">
        {totals.days} {totals.days === 1 ? 'day' : 'days'}, {totals.shifts}{' '}
        {totals.shifts === 1 ? 'shift' : 'shifts'}, {hours(totals.minutes)}, driving{' '}
        {hours(totals.drivingMinutes)}
        {totals.corrections > 0 ? `, ${totals.corrections} corrected` : ''}
      </Typography>
      {totals.openShifts > 0 && (
        <Alert severity="warning">
          {totals.openShifts === 1 ? 'One shift is' : `${totals.openShifts} shifts are`} still open and count
          no hours until closed.
        </Alert>
      )}
      {totals.tripsOutsideShifts > 0 && (
        <Alert severity="warning">
          {totals.tripsOutsideShifts === 1 ? 'One trip was' : `${totals.tripsOutsideShifts} trips were`}{' '}
          driven outside any shift ({hours(totals.outsideMinutes)}).
        </Alert>
      )}
      {sheet.days.length === 0 && <Alert severity="info">No shifts or trips in these days.</Alert>}
      {sheet.days.map((day) => (
        <Box component="section" key={day.day} aria-label={formatTripDay(day.day)}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {formatTripDay(day.day)}: {hours(day.minutes)}, driving {hours(day.drivingMinutes)}
          </Typography>
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {day.shifts.map((shift) => (
              <ShiftLine
                key={shift.id}
                shift={shift}
                onCorrect={() => onCorrect({ kind: 'correct', shift, driverName: sheet.driverName })}
              />
            ))}
            {day.trips
              .filter((trip) => trip.outsideShift)
              .map((trip) => (
                <Box component="li" key={trip.tripId} sx={rowSx}>
                  <Box sx={{ flex: '1 1 14rem' }}>
                    <Typography>
                      {trip.routeName}: {clockOf(trip.startedAt)} – {clockOf(trip.completedAt)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {hours(trip.outsideMinutes)} of driving outside any shift
                    </Typography>
                  </Box>
                  <Chip size="small" color="warning" label="Outside shift" />
                </Box>
              ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/**
 * Drivers' hours (decision 074): the open shifts (forgotten clock-outs) and a driver's timesheet for a period,
 * with its shifts, driving inside them and trips outside any, each shift corrected with a reason, and the CSV for
 * payroll. The driver and period are in the address (`?driver=…&from=…&to=…`).
 */
export function DriversHoursPage() {
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const driverId = params.get('driver') ?? '';
  const from = params.get('from') ?? monthStart(today);
  const to = params.get('to') ?? today;
  const [driverName, setDriverName] = useState<string | null>(null);
  const [editing, setEditing] = useState<ShiftTimesTarget | null>(null);
  // Adding and correcting shifts are administrators' (decision 069); the office's readers read the timesheet.
  const edits = useMayUse('admin');
  const [downloading, setDownloading] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const checked = timesheetQuerySchema.safeParse({ driverId, from, to });
  const sheet = useTimesheet(checked.success ? checked.data : null);
  const set = (changes: Record<string, string>) => setParams({ driver: driverId, from, to, ...changes });

  const download = async () => {
    if (!checked.success) return;
    setDownloading(true);
    try {
      await downloadTimesheet(checked.data);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Drivers’ hours
      </Typography>
      <OpenShifts onCorrect={setEditing} />
      <TitledPanel title="Timesheet">
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            <DriverPicker
              onPick={(driver) => {
                setDriverName(driver.user.name);
                set({ driver: driver.id });
              }}
            />
            <DayRangeFields
              from={from}
              to={to}
              checked={checked}
              onChange={(field, day) => set({ [field]: day })}
            />
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              disabled={!checked.success || downloading}
              onClick={() => void download()}
            >
              Export CSV
            </Button>
          </Box>
          {!driverId && (
            <Typography color="text.secondary">Choose a driver to see their timesheet.</Typography>
          )}
          {sheet.isFetching && !sheet.data && <PageLoader />}
          {sheet.isError && <RetryAlert error={sheet.error} onRetry={() => void sheet.refetch()} />}
          {sheet.data && (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography variant="h6" component="h3" sx={{ flex: '1 1 auto' }}>
                  {driverName ?? sheet.data.driverName}
                </Typography>
                {edits && (
                  <Button
                    onClick={() =>
                      setEditing({ kind: 'add', driverId, driverName: driverName ?? sheet.data.driverName })
                    }
                  >
                    Add a missed shift
                  </Button>
                )}
              </Box>
              <TimesheetView sheet={sheet.data} onCorrect={setEditing} />
            </>
          )}
        </Stack>
      </TitledPanel>
      {editing && <ShiftTimesDialog target={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
