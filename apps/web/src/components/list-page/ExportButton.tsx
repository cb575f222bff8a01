import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { ExportList } from '@school-transport/shared';
import { downloadCsv, exportPath } from './csv-download';

interface ExportButtonProps {
  list: ExportList;
  search: string;
  filters?: Record<string, string | undefined>;
}

/** 'Export CSV': every page of the list as it is searched and filtered now. */
export function ExportButton({ list, search, filters }: ExportButtonProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCsv(exportPath(list, search, filters), `${list}.csv`);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={() => void download()}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} aria-label="Exporting" /> : <DownloadIcon />}
    >
      Export CSV
    </Button>
  );
}
