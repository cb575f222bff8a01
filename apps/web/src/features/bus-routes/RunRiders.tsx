import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RunSchedule } from '@school-transport/shared';
import { countOf } from '../../lib/time/format';
import { useTieRider } from './schedule-api';

const NO_STOP = '';

interface RunRidersProps {
  run: RunSchedule;
  /** While the run has unsaved changes the stops offered may not exist on the server yet: moving waits. */
  locked: boolean;
  /** Only the children at each stop, without a way to move them: for a role that does not plan (decision 077). */
  readOnly?: boolean;
}

/** The seated children grouped by the stop they wait at, each with a select to move them to another stop. */
export function RunRiders({ run, locked, readOnly = false }: RunRidersProps) {
  const tie = useTieRider();
  if (run.riders.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>No children are seated on this route.</Typography>;

  const groups = [
    ...run.stops.map((stop, index) => ({
      key: stop.id,
      title: `${index + 1}. ${stop.name}`,
      stopId: stop.id,
    })),
    { key: NO_STOP, title: 'No stop on this run (waits at their pickup point)', stopId: null },
  ];

  return (
    <Stack spacing={2}>
      {locked && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Save or discard the changes to the stops before moving children between them.
        </Typography>
      )}
      {groups.map((group) => {
        const riders = run.riders.filter((rider) => rider.stopId === group.stopId);
        if (riders.length === 0 && group.stopId === null) return null;
        return (
          <div key={group.key}>
            <Typography variant="subtitle2" component="h4">
              {group.title} — {countOf(riders.length, 'child', 'children')}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
              {riders.map((rider) => (
                <Stack
                  component="li"
                  key={rider.studentId}
                  direction="row"
                  sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                >
                  <Typography sx={{ flex: '1 1 140px' }}>
                    {rider.name}{' '}
                    <Typography component="span" sx={{ color: 'text.secondary' }}>
                      ({rider.class})
                    </Typography>
                  </Typography>
                  {!readOnly && (
                    <TextField
                      select
                      size="small"
                      label={`Stop for ${rider.name}`}
                      value={rider.stopId ?? NO_STOP}
                      disabled={locked || tie.isPending}
                      onChange={(event) =>
                        tie.mutate({
                          studentId: rider.studentId,
                          run: run.run,
                          stopId: event.target.value === NO_STOP ? null : event.target.value,
                        })
                      }
                      sx={{ minWidth: 200 }}
                    >
                      <MenuItem value={NO_STOP}>No stop</MenuItem>
                      {run.stops.map((stop, index) => (
                        <MenuItem key={stop.id} value={stop.id}>
                          {index + 1}. {stop.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                </Stack>
              ))}
            </Stack>
          </div>
        );
      })}
    </Stack>
  );
}
