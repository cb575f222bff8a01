import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fetchFailedMessage, SEARCH_MAX } from '@school-transport/shared';
import { useId } from 'react';

export interface ChecklistItem {
  id: string;
  primary: string;
  secondary: string;
}

interface ChecklistProps {
  /** What is being chosen, e.g. 'Children': the heading, with how many are chosen. */
  title: string;
  searchLabel: string;
  searchPlaceholder: string;
  typed: string;
  onType: (text: string) => void;
  /** The rows of the page shown. */
  items: readonly ChecklistItem[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** What to say when no row is shown. */
  emptyText: string;
  isFetching: boolean;
  isError: boolean;
  /** The field's error (the schema's or the server's), under the list. */
  error?: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/**
 * A searchable list to tick: the rows of one page (searched on the server), 'Select all shown', and how many are
 * chosen in all, on whatever page they were ticked.
 */
export function Checklist({
  title,
  searchLabel,
  searchPlaceholder,
  typed,
  onType,
  items,
  selected,
  onChange,
  emptyText,
  isFetching,
  isError,
  error,
  page,
  totalPages,
  onPage,
}: ChecklistProps) {
  const titleId = useId();
  const errorId = useId();
  const chosen = new Set(selected);
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((other) => other !== id));
  const selectAllShown = () =>
    onChange([...selected, ...items.map((item) => item.id).filter((id) => !chosen.has(id))]);

  return (
    <Paper
      variant="outlined"
      component="fieldset"
      aria-labelledby={titleId}
      aria-describedby={error ? errorId : undefined}
      sx={{ p: 2, m: 0, minWidth: 0, borderColor: error ? 'error.main' : undefined }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={titleId} component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
          {`${title} (${selected.length} chosen)`}
        </Typography>
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
          <Button size="small" onClick={selectAllShown} disabled={items.length === 0}>
            Select all shown
          </Button>
          <Button size="small" color="inherit" onClick={() => onChange([])} disabled={selected.length === 0}>
            Clear
          </Button>
        </Box>
      </Box>
      <TextField
        type="search"
        size="small"
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={typed}
        onChange={(event) => onType(event.target.value)}
        // The search runs as one types; Enter must not send the form the list sits in.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        fullWidth
        slotProps={{ htmlInput: { maxLength: SEARCH_MAX } }}
      />
      <LinearProgress aria-label="Loading" sx={{ mt: 1, visibility: isFetching ? 'visible' : 'hidden' }} />
      {isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {fetchFailedMessage(title.toLowerCase())}
        </Alert>
      ) : items.length === 0 && !isFetching ? (
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{emptyText}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight: 360, overflowY: 'auto', mt: 1 }}>
          {items.map((item) => (
            <FormControlLabel
              key={item.id}
              sx={{ alignItems: 'flex-start', mx: 0, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
              control={
                <Checkbox
                  checked={chosen.has(item.id)}
                  onChange={(event) => toggle(item.id, event.target.checked)}
                  sx={{ py: 0.5 }}
                />
              }
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography component="span" sx={{ display: 'block' }}>
                    {item.primary}
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {item.secondary}
                  </Typography>
                </Box>
              }
            />
          ))}
        </Box>
      )}
      {totalPages > 1 && (
        <Pagination
          count={totalPages}
          page={page}
          onChange={(_event, next) => onPage(next)}
          size="small"
          shape="rounded"
          sx={{ mt: 1 }}
        />
      )}
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Paper>
  );
}
