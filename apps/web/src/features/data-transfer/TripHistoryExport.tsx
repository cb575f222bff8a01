import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { tripHistoryQuerySchema } from '@school-transport/shared';
import { downloadCsv } from '../../components/list-page/csv-download';
import { DayRangeFields } from '../../components/page/DayRangeFields';
import { TitledPanel } from '../../components/page/TitledPanel';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The trips of a range of days with every boarding, alighting and no-show: time, child, stop, method. */
export function TripHistoryExport() {
  const { enqueueSnackbar } = useSnackbar();
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 6 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const [busy, setBusy] = useState(false);
  const checked = tripHistoryQuerySchema.safeParse({ from, to });

  const download = async () => {
    setBusy(true);
    try {
      await downloadCsv(`/exports/trip-history.csv?from=${from}&to=${to}`, 'trip-history.csv');
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <TitledPanel title="Trip history">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <DayRangeFields
          from={from}
          to={to}
          checked={checked}
          onChange={(field, day) => (field === 'from' ? setFrom(day) : setTo(day))}
        />
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={!checked.success || busy}
          onClick={() => void download()}
        >
          Export trip history
        </Button>
      </Box>
    </TitledPanel>
  );
}
