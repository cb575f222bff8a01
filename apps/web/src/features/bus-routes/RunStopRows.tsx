import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { clockAfter } from '../../lib/time/operator-time';
import { moveRow } from '../../lib/order/move-row';
import type { DraftStop } from './run-draft';

interface RunStopRowsProps {
  rows: readonly DraftStop[];
  startTime: string;
  /** A problem per row index (the server's or the schema's), shown under the row's minutes. */
  problems: Record<number, string>;
  onChange: (rows: DraftStop[]) => void;
}

/**
 * The run's stops in order. A row is dragged to its new place with the mouse (HTML5 drag and drop); the arrow
 * buttons do the same from a keyboard or on a phone, where dragging a row would fight the page's scrolling.
 */
export function RunStopRows({ rows, startTime, problems, onChange }: RunStopRowsProps) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const setMinutes = (index: number, minutes: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, minutes } : row)));

  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Stops in order">
      {rows.map((row, index) => {
        const minutes = Number(row.minutes);
        const clock =
          row.minutes.trim() !== '' && Number.isInteger(minutes) ? clockAfter(startTime, minutes) : '—';
        const problem = problems[index];
        return (
          <Paper
            component="li"
            key={row.stop.id}
            variant="outlined"
            draggable
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
              // Firefox starts a drag only when some data is set.
              event.dataTransfer.setData('text/plain', row.stop.name);
            }}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              setOver(index);
            }}
            onDragLeave={() => setOver((current) => (current === index ? null : current))}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) onChange(moveRow(rows, dragged, index));
              setDragged(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            sx={{
              p: 1.5,
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              borderColor: problem ? 'error.main' : over === index ? 'primary.main' : undefined,
              opacity: dragged === index ? 0.5 : 1,
            }}
          >
            <DragIndicatorIcon sx={{ color: 'text.secondary', cursor: 'grab' }} aria-hidden />
            <Box
              aria-hidden
              sx={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                flexShrink: 0,
              }}
            >
              {index + 1}
            </Box>
            <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.stop.name}</Typography>
              {row.stop.address && (
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {row.stop.address}
                </Typography>
              )}
            </Box>
            <TextField
              label="Minutes after start"
              size="small"
              value={row.minutes}
              onChange={(event) => setMinutes(index, event.target.value)}
              slotProps={{
                htmlInput: { inputMode: 'numeric', 'aria-label': `Minutes after start for ${row.stop.name}` },
              }}
              error={problem !== undefined}
              helperText={problem ?? `At ${clock}`}
              sx={{ width: 170 }}
            />
            <Box sx={{ display: 'flex', ml: 'auto' }}>
              <IconButton
                aria-label={`Move ${row.stop.name} up`}
                disabled={index === 0}
                onClick={() => onChange(moveRow(rows, index, index - 1))}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Move ${row.stop.name} down`}
                disabled={index === rows.length - 1}
                onClick={() => onChange(moveRow(rows, index, index + 1))}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Remove ${row.stop.name} from the run`}
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
