import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import type { Access } from '@school-transport/shared';
import { useMayUse } from '../../lib/session/session';

/** `access`: who may add (decision 069); administrators only unless the list says otherwise. */
type AddButtonProps = { label: string; access?: Access } & (
  { to: string; onClick?: never } | { onClick: () => void; to?: never }
);

/** A list's 'Add New …' button beside its heading: a link to the add screen, or what opens the add dialog. */
export function AddButton({ label, to, onClick, access = 'admin' }: AddButtonProps) {
  const allowed = useMayUse(access);
  if (!allowed) return null;
  const common = { variant: 'contained', startIcon: <AddIcon /> } as const;
  return to !== undefined ? (
    <Button component={RouterLink} to={to} {...common}>
      {label}
    </Button>
  ) : (
    <Button onClick={onClick} {...common}>
      {label}
    </Button>
  );
}
