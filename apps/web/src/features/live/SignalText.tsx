import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import { freshnessOf, signalText } from '../../lib/live/staleness';

/**
 * A bus's signal in words, with an icon when it has stopped sending: 'Live, 3 s ago', 'Last fix 40 s ago' in grey,
 * '⚠ No signal for 2 min'. Colour only repeats what the words say.
 */
export function SignalText({ age }: { age: number | null }) {
  const freshness = age === null ? 'lost' : freshnessOf(age);
  return (
    <Box
      component="span"
      data-freshness={age === null ? 'none' : freshness}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color:
          freshness === 'fresh' ? 'text.primary' : freshness === 'stale' ? 'text.secondary' : 'error.main',
        fontWeight: freshness === 'lost' ? 600 : 400,
      }}
    >
      {freshness === 'lost' && <ReportProblemOutlinedIcon fontSize="small" aria-hidden />}
      {signalText(age)}
    </Box>
  );
}
