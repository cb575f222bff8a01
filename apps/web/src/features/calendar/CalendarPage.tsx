import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { fetchFailedMessage, type CalendarDate } from '@school-transport/shared';
import { useState } from 'react';
import { PageHeader } from '../../components/page/PageHeader';
import { PageLoader } from '../../components/shell/PageLoader';
import { formatInLocale, localToday } from '../../lib/time/format';
import { useCalendarRange } from './calendar-api';
import { CalendarDayDialog } from './CalendarDayDialog';
import { dayLabel, monthRange, monthWeeks, shiftMonth } from './month-grid';
import { useMayUse } from '../../lib/session/session';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Colours by what the day is; the words are there too, so colour is never the only sign (WCAG 1.4.1). */
function dayColors(day: CalendarDate) {
  if (day.entry?.kind === 'HOLIDAY') return { bgcolor: 'warning.light', color: 'warning.contrastText' };
  if (day.entry?.kind === 'CLOSURE') return { bgcolor: 'error.light', color: 'error.contrastText' };
  if (day.schoolDay) return { bgcolor: 'background.paper', color: 'text.primary' };
  return { bgcolor: 'action.hover', color: 'text.secondary' };
}

/** The short word under a day's number; a school day on a weekday needs none. */
function dayMark(day: CalendarDate): string {
  if (day.entry?.kind === 'HOLIDAY') return 'Holiday';
  if (day.entry?.kind === 'CLOSURE') return 'Closed';
  if (day.entry?.kind === 'SCHOOL_DAY') return 'School';
  return day.schoolDay ? '' : 'No school';
}

/** `onPick`: what a date's click opens; none for a role that only reads the calendar (decision 077). */
function MonthGrid({ month, onPick }: { month: string; onPick?: (day: CalendarDate) => void }) {
  const { from, to } = monthRange(month);
  const range = useCalendarRange(from, to);
  const today = localToday();

  if (range.isPending) return <PageLoader />;
  if (range.isError) return <Alert severity="error">{fetchFailedMessage('calendar')}</Alert>;
  const byDate = new Map(range.data.map((day) => [day.date, day]));

  return (
    <Box
      role="grid"
      aria-label={`School days of ${formatInLocale(`${month}-01`, 'month')}`}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}
    >
      <Box role="row" sx={{ display: 'contents' }}>
        {WEEKDAYS.map((weekday) => (
          <Typography
            role="columnheader"
            key={weekday}
            variant="caption"
            sx={{ textAlign: 'center', fontWeight: 600, color: 'text.secondary' }}
          >
            {weekday}
          </Typography>
        ))}
      </Box>
      {monthWeeks(month).map((week) => (
        <Box role="row" key={week.find(Boolean)} sx={{ display: 'contents' }}>
          {week.map((date, index) => {
            const day = date ? byDate.get(date) : undefined;
            if (!date || !day) return <Box role="gridcell" key={`blank-${index}`} />;
            const mark = dayMark(day);
            return (
              <Box role="gridcell" key={date}>
                <ButtonBase
                  onClick={onPick && (() => onPick(day))}
                  disabled={!onPick}
                  aria-label={`${formatInLocale(date, 'longDayNoYear')}: ${dayLabel(day.schoolDay, day.entry?.kind)}${
                    day.entry?.note ? `, ${day.entry.note}` : ''
                  }`}
                  sx={{
                    ...dayColors(day),
                    width: '100%',
                    minHeight: 56,
                    borderRadius: 1,
                    border: 2,
                    borderColor: date === today ? 'primary.main' : 'divider',
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'flex-start',
                    p: 0.5,
                  }}
                >
                  <Typography sx={{ fontWeight: 600 }}>{Number(date.slice(8))}</Typography>
                  {mark && (
                    <Typography variant="caption" sx={{ lineHeight: 1.1, overflowWrap: 'anywhere' }}>
                      {mark}
                    </Typography>
                  )}
                </ButtonBase>
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The school calendar a month at a time: Monday to Friday are school days unless a date says otherwise; a date is
 * clicked to make it a holiday, a closure or a (make-up) school day, or to clear it.
 */
export function CalendarPage() {
  const [month, setMonth] = useState(() => localToday().slice(0, 7));
  const [picked, setPicked] = useState<CalendarDate | null>(null);
  const changes = useMayUse('admin');

  return (
    <>
      <PageHeader title="School Calendar" />
      <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <IconButton aria-label="Previous month" onClick={() => setMonth(shiftMonth(month, -1))}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="h6" component="h2" sx={{ flex: 1, textAlign: 'center' }}>
            {formatInLocale(`${month}-01`, 'month')}
          </Typography>
          <IconButton aria-label="Next month" onClick={() => setMonth(shiftMonth(month, 1))}>
            <ChevronRightIcon />
          </IconButton>
        </Box>
        <MonthGrid month={month} onPick={changes ? setPicked : undefined} />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          Trips are generated for school days only.{changes && ' Click a date to change what it is.'}
        </Typography>
      </Paper>
      {picked && <CalendarDayDialog day={picked} onClose={() => setPicked(null)} />}
    </>
  );
}
