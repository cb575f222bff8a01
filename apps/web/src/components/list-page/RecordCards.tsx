import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { MESSAGES } from '@school-transport/shared';
import { Fragment, useDeferredValue, useId } from 'react';
import { cardLayout, type CardLayout, type Column } from './columns';
import { ROW_ACTIONS_BUTTON_STYLES } from './RowActionsMenu';

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

/**
 * Every card's look, given once to the list rather than to each card's parts: a card is plain elements with class
 * names, since a page of 100 cards made of MUI components (a Box or Typography is a styled component whose styles
 * are computed at each render) was about 2,000 of them to render on a phone (decision 038).
 */
const CARDS_SX = {
  listStyle: 'none',
  m: 0,
  p: 2,
  display: 'grid',
  gap: 1.5,
  transition: 'opacity 150ms',
  // Only the previous page's cards are dimmed, not a first page still being completed.
  '&[data-stale="true"]': { opacity: 0.6 },
  // The browser lays out and paints only the cards near the screen; the others keep the height they last had
  // (or about a card's before they are first drawn), so the scroll bar stays put.
  '& > li': { contentVisibility: 'auto', containIntrinsicSize: 'auto 136px' },
  '& .RecordCard-root': {
    display: 'flex',
    alignItems: 'flex-start',
    gap: 1,
    p: 1.5,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
  },
  '& .RecordCard-body': { flex: 1, minWidth: 0 },
  '& .RecordCard-title': { typography: 'subtitle1', m: 0, fontWeight: 600, overflowWrap: 'anywhere' },
  // The same second line as ColumnNote's in a table cell.
  '& .RecordCard-note': { typography: 'body2', m: 0, color: 'text.secondary' },
  '& .RecordCard-fields': {
    m: 0,
    mt: 0.5,
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gap: 0.5,
  },
  // Terms and values straight in the grid, without a div around each pair: 300 fewer elements on a page of 100.
  '& .RecordCard-fields > dt': { typography: 'body2', color: 'text.secondary', pr: 1 },
  '& .RecordCard-fields > dd': { typography: 'body2', m: 0, overflowWrap: 'anywhere' },
  '& .RecordCard-actions': { flexShrink: 0, mt: -0.5, mr: -0.5 },
} satisfies SxProps<Theme>;

/** One record: its title (the card's name), the fields its list chose with their labels, and its actions menu. */
function RecordCard<T>({ layout: { title, fields, actions }, row }: RecordCardProps<T>) {
  const titleId = useId();
  return (
    <article className="RecordCard-root" aria-labelledby={titleId}>
      <div className="RecordCard-body">
        <h2 id={titleId} className="RecordCard-title">
          {title.cell(row)}
        </h2>
        {title.note && <p className="RecordCard-note">{title.note(row)}</p>}
        {fields.length > 0 && (
          <dl className="RecordCard-fields">
            {fields.map((field) => (
              <Fragment key={field.header}>
                <dt>{field.header}</dt>
                <dd>{field.cell(row)}</dd>
              </Fragment>
            ))}
          </dl>
        )}
      </div>
      {actions && <div className="RecordCard-actions">{actions.cell(row)}</div>}
    </article>
  );
}

/**
 * Cards drawn at once when a list first shows: more than a phone's screen holds. The rest follow in a deferred
 * render, which React does in slices of a few milliseconds: 100 cards drawn in one go kept a slow phone from
 * answering a tap for a quarter of a second (decision 038).
 */
export const FIRST_CARDS = 12;

/**
 * A list's records on a phone: a card each instead of a table row wider than the screen, with what the list's
 * columns chose to show (see Column.card).
 */
export function RecordCards<T>({ label, columns, rows, rowKey, stale }: RecordCardsProps<T>) {
  const layout = cardLayout(columns);
  // The first screenful now, every card in the background; a later page likewise replaces the cards when drawn.
  const shown = useDeferredValue(rows, rows.length > FIRST_CARDS ? rows.slice(0, FIRST_CARDS) : rows);
  const catchingUp = shown !== rows;
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
      // Says to assistive technology (and to tests) that these cards are about to be replaced or completed.
      aria-busy={stale || catchingUp}
      data-stale={stale}
      sx={[CARDS_SX, ROW_ACTIONS_BUTTON_STYLES]}
    >
      {(shown.length > 0 ? shown : rows).map((row) => (
        <li key={rowKey(row)}>
          <RecordCard layout={layout} row={row} />
        </li>
      ))}
    </Box>
  );
}
