import Chip, { type ChipProps } from '@mui/material/Chip';
import type { InvitedAccountState } from '@school-transport/shared';

const CHIPS: Record<InvitedAccountState, { label: string; color: ChipProps['color'] }> = {
  none: { label: 'No account', color: 'default' },
  invited: { label: 'Invited', color: 'warning' },
  active: { label: 'Active', color: 'success' },
  disabled: { label: 'Disabled', color: 'default' },
};

/** The state of a driver's or parent's account for their app, as a chip: on the record's page and in its list. */
export function AppAccountChip({ account }: { account: InvitedAccountState }) {
  const { label, color } = CHIPS[account];
  return <Chip label={label} color={color} size="small" />;
}
