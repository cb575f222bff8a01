import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';

/** A list's on/off filter in its toolbar (pressed or not, said to assistive technology): "Show deactivated". */
export function FilterChip({ label, on, onToggle }: { label: string; on: boolean; onToggle: () => void }) {
  return (
    <Chip
      label={label}
      icon={on ? <CheckIcon /> : undefined}
      color={on ? 'primary' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      onClick={onToggle}
      aria-pressed={on}
    />
  );
}
