import { styled } from '@mui/material/styles';

/** MUI's Check icon, drawn as a plain SVG path. */
const CHECK_PATH = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';

/**
 * The look of MUI's clickable Chip (32 px high, round ends, outlined when off, filled in the primary colour when on),
 * given to a plain button as one style: MUI's Chip, a ButtonBase with its ripple and a style for every variant and
 * colour, added about 18 rules and a dozen components to the list toolbar's first commit (decision 080).
 */
const ChipButton = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 6,
  boxSizing: 'border-box',
  maxWidth: '100%',
  height: 32,
  margin: 0,
  padding: '0 12px',
  borderRadius: 16,
  border: `1px solid ${theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[700]}`,
  background: 'transparent',
  color: theme.palette.text.primary,
  font: 'inherit',
  fontSize: theme.typography.pxToRem(13),
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: theme.transitions.create(['background-color', 'border-color'], {
    duration: theme.transitions.duration.shortest,
  }),
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:focus-visible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 2 },
  '&[aria-pressed="true"]': {
    borderColor: theme.palette.primary.main,
    backgroundColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
  },
  '&[aria-pressed="true"]:hover': { backgroundColor: theme.palette.primary.dark },
  '& > svg': { width: 18, height: 18, marginLeft: -4, fill: 'currentColor', flexShrink: 0 },
  '& > span': { overflow: 'hidden', textOverflow: 'ellipsis' },
}));

/** A list's on/off filter in its toolbar (pressed or not, said to assistive technology): "Show deactivated". */
export function FilterChip({ label, on, onToggle }: { label: string; on: boolean; onToggle: () => void }) {
  return (
    <ChipButton type="button" aria-pressed={on} onClick={onToggle}>
      {on && (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={CHECK_PATH} />
        </svg>
      )}
      <span>{label}</span>
    </ChipButton>
  );
}
