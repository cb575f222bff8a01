import Chip, { type ChipProps } from '@mui/material/Chip';
import type { InvitedAccountState } from '@school-transport/shared';

const CHIPS: Record<InvitedAccountState, { label: string; color: ChipProps['color'] }> = {
  none: { label: 'No account', color: 'default' },
  invited: { label: 'Invited', color: 'warning' },
  active: { label: 'Active', color: 'success' },
  disabled: { label: 'Disabled', color: 'default' },
};

/**
 * An account's state as a chip, alike wherever it shows: a staff user's, and a driver's or parent's for their app
 * (which alone can be 'none': a record the office keeps but never invited).
 */
export function AccountStateChip({ state }: { state: InvitedAccountState }) {
  const { label, color } = CHIPS[state];
  return <Chip label={label} color={color} size="small" />;
}
