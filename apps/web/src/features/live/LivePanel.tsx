import { RetryAlert } from '../../components/page/RetryAlert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactElement, type ReactNode } from 'react';

export interface LivePanelProps<T> {
  /** The heading; the number of items follows it once they are loaded ("Alerts (2)"). */
  title: string;
  /** Drawn before the heading, hidden from screen readers. */
  icon: ReactElement;
  items: readonly T[] | undefined;
  error: Error | null;
  onRetry: () => void;
  /** What an empty list says. */
  empty: string;
  /** The list's accessible name; by default the heading names it. */
  listLabel?: string;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/**
 * A panel beside the dispatcher's board and map (open alerts, the day's changes): a heading with the count, then
 * the list, or its loading, empty or error state with Retry. Each item is an `li` of `renderItem`'s.
 */
export function LivePanel<T>({
  title,
  icon,
  items,
  error,
  onRetry,
  empty,
  listLabel,
  keyOf,
  renderItem,
}: LivePanelProps<T>) {
  const headingId = useId();
  let body;
  if (error && !items) {
    body = <RetryAlert error={error} onRetry={onRetry} />;
  } else if (!items) {
    body = <Skeleton height={72} />;
  } else if (items.length === 0) {
    body = <Typography sx={{ color: 'text.secondary' }}>{empty}</Typography>;
  } else {
    body = (
      <Box
        component="ul"
        {...(listLabel ? { 'aria-label': listLabel } : { 'aria-labelledby': headingId })}
        sx={{ m: 0, p: 0 }}
      >
        {items.map((item) => (
          <Box
            key={keyOf(item)}
            component="li"
            sx={{
              listStyle: 'none',
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            {renderItem(item)}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {icon}
        <Typography id={headingId} variant="h6" component="h2">
          {title}
          {items ? ` (${items.length})` : ''}
        </Typography>
      </Stack>
      {body}
    </Paper>
  );
}
