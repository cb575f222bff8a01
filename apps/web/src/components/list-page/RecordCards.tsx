import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@school-transport/shared';
import { useId } from 'react';
import { ColumnNote } from './ColumnNote';
import { cardLayout, type CardLayout, type Column } from './columns';

interface RecordCardsProps<T> {
  /** Names the list of cards, e.g. 'All Parents'. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Dims the cards of the previous page while the next one is on its way. */
  stale: boolean;
}

interface RecordCardProps<T> {
  layout: CardLayout<T>;
  row: T;
}

/** One record: its title (the card's name), the fields its list chose with their labels, and its actions menu. */
function RecordCard<T>({ layout: { title, fields, actions }, row }: RecordCardProps<T>) {
  const titleId = useId();
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          id={titleId}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {title.cell(row)}
        </Typography>
        {title.note && <ColumnNote>{title.note(row)}</ColumnNote>}
        {fields.length > 0 && (
          <Box
            component="dl"
            sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: 0.5 }}
          >
            {fields.map((field) => (
              // A dl may group each term with its value in a div; 'contents' lets both sit in the grid.
              <Box key={field.header} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', pr: 1 }}>
                  {field.header}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {field.cell(row)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      {actions && <Box sx={{ flexShrink: 0, mt: -0.5, mr: -0.5 }}>{actions.cell(row)}</Box>}
    </Box>
  );
}

/**
 * A list's records on a phone: a card each instead of a table row wider than the screen, with what the list's
 * columns chose to show (see Column.card).
 */
export function RecordCards<T>({ label, columns, rows, rowKey, stale }: RecordCardsProps<T>) {
  const layout = cardLayout(columns);
  if (rows.length === 0) {
    return (
      <Typography align="center" sx={{ py: 6, color: 'text.secondary' }}>
        {MESSAGES.noData}
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={label}
      // Says to assistive technology (and to tests) that these cards are about to be replaced.
      aria-busy={stale}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 2,
        display: 'grid',
        gap: 1.5,
        opacity: stale ? 0.6 : 1,
        transition: 'opacity 150ms',
      }}
    >
      {rows.map((row) => (
        <li key={rowKey(row)}>
          <RecordCard layout={layout} row={row} />
        </li>
      ))}
    </Box>
  );
}
