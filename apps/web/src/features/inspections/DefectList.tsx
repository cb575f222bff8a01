import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Defect } from '@school-transport/shared';
import { formatMoment } from '../../lib/time/format';
import { CloseDefectDialog } from './CloseDefectDialog';
import { useMayUse } from '../../lib/session/session';

/** Open defects, each with its photo, whether it keeps the bus off the road, and Close. */
export function DefectList({
  defects,
  onVehicle,
}: {
  defects: Defect[];
  /** Shows that vehicle's inspections; absent where the list is already one vehicle's. */
  onVehicle?: (vehicleId: string) => void;
}) {
  const [closing, setClosing] = useState<Defect | null>(null);
  const manages = useMayUse('admin');
  if (!defects.length) return <Alert severity="success">No open defects.</Alert>;
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {defects.map((defect) => (
        <Box
          component="li"
          key={defect.id}
          aria-label={`Defect ${defect.itemLabel} on ${defect.licensePlate}`}
          sx={{
            display: 'flex',
            gap: 2,
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {defect.photo && (
            <a href={defect.photo} target="_blank" rel="noreferrer">
              <Box
                component="img"
                src={defect.photo}
                alt={`Photo of ${defect.itemLabel}`}
                sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1 }}
              />
            </a>
          )}
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {onVehicle ? (
                <Link component="button" variant="subtitle1" onClick={() => onVehicle(defect.vehicleId)}>
                  {defect.licensePlate}
                </Link>
              ) : null}
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {defect.itemLabel}
              </Typography>
              {defect.outOfService && <Chip size="small" color="error" label="Out of service" />}
            </Stack>
            {defect.note && <Typography>{defect.note}</Typography>}
            <Typography variant="body2" color="text.secondary">
              Reported {formatMoment(defect.openedAt)}
            </Typography>
          </Box>
          {manages && (
            <Button variant="outlined" onClick={() => setClosing(defect)}>
              Close
            </Button>
          )}
        </Box>
      ))}
      {closing && <CloseDefectDialog defect={closing} onClose={() => setClosing(null)} />}
    </Stack>
  );
}
