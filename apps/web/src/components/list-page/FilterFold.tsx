import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import type { ListFilters } from './list-filters';

/** How many of a list's filters are set: the number on the folded 'Filters' button. */
export function activeFilterCount(filters: ListFilters<string>): number {
  return Object.values(filters).filter((value) => value !== undefined && value !== '').length;
}

/** The folded button's text: 'Filters', or 'Filters (2)' when two are set. */
export function filtersButtonLabel(count: number): string {
  return count === 0 ? 'Filters' : `Filters (${count})`;
}

interface FilterFoldProps {
  filters: ListFilters<string>;
  /** The filter fields: in the toolbar on a wide screen, in the dialog on a phone. */
  children: ReactNode;
}

/**
 * On a phone a list's filters fold into one 'Filters' button (saying how many are set) that opens them in a
 * dialog: four fields on their own lines would push the list below the fold. Each field changes the address as
 * it does in the toolbar, so the list behind follows at once and a link keeps the filters.
 */
export function FilterFold({ filters, children }: FilterFoldProps) {
  const folded = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  if (!folded) return children;

  const close = () => setOpen(false);
  return (
    <>
      <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setOpen(true)}>
        {filtersButtonLabel(activeFilterCount(filters))}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>Filters</DialogTitle>
        <DialogContent>
          {/* The fields' toolbar widths give way to the dialog's, one field a line. */}
          <Box sx={{ display: 'grid', gap: 2, pt: 1, '& .MuiTextField-root': { width: '100%' } }}>
            {children}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Done</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
