import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A column's second line (Column.note), under its value in a table cell or under a card's title. */
export function ColumnNote({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {children}
    </Typography>
  );
}
