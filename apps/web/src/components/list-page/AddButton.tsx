import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

type AddButtonProps = { label: string } & (
  { to: string; onClick?: never } | { onClick: () => void; to?: never }
);

/** A list's 'Add New …' button beside its heading: a link to the add screen, or what opens the add dialog. */
export function AddButton({ label, to, onClick }: AddButtonProps) {
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
