import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import SensorsOutlinedIcon from '@mui/icons-material/SensorsOutlined';
import Chip from '@mui/material/Chip';
import { useLiveStatus } from '../../lib/live/live-hooks';
import type { LiveStatus } from '../../lib/live/live-stream';

const LOOKS: Record<LiveStatus, { label: string; color: 'success' | 'default' | 'warning' }> = {
  live: { label: 'Live', color: 'success' },
  connecting: { label: 'Connecting…', color: 'default' },
  reconnecting: { label: 'Reconnecting…', color: 'warning' },
};

/**
 * Whether the screen is following the day as it happens: 'Live', or 'Reconnecting…' while the stream is down
 * (what is shown may then be behind). A status region, so a screen reader hears it change.
 */
export function ConnectionStatus() {
  const status = useLiveStatus();
  const { label, color } = LOOKS[status];
  return (
    <Chip
      role="status"
      aria-label={`Connection: ${label}`}
      size="small"
      variant={status === 'live' ? 'filled' : 'outlined'}
      color={color}
      icon={status === 'live' ? <SensorsOutlinedIcon /> : <CloudOffOutlinedIcon />}
      label={label}
    />
  );
}
