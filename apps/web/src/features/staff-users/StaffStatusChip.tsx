import Chip, { type ChipProps } from '@mui/material/Chip';
import type { AccountStatus } from '@school-transport/shared';

const STATUS_CHIPS: Record<AccountStatus, { label: string; color: ChipProps['color'] }> = {
  active: { label: 'Active', color: 'success' },
  invited: { label: 'Invited', color: 'warning' },
  disabled: { label: 'Disabled', color: 'default' },
};

export function StaffStatusChip({ status }: { status: AccountStatus }) {
  const { label, color } = STATUS_CHIPS[status];
  return <Chip label={label} color={color} size="small" />;
}
