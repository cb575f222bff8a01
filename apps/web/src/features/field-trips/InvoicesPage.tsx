import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  DISTANCE_SOURCE_WORDS,
  fetchFailedMessage,
  invoiceQuerySchema,
  type InvoiceQuery,
  type School,
} from '@school-transport/shared';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { FormDateField } from '../../components/form/FormDateField';
import { FormSearchSelect } from '../../components/form/FormSearchSelect';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { FormProblems } from '../../components/form/FormProblems';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { ApiError } from '../../lib/api/api-client';
import { RESOURCES } from '../../lib/api/resource-queries';
import { formatDate, localToday } from '../../lib/time/format';
import { downloadInvoiceCsv, useInvoice, type InvoiceRange } from './field-trips-api';

/**
 * Invoices (decision 073): a school's completed field trips of a period at their actual cost, with the total; as a
 * printable page (the browser's print, the form hidden) and as CSV.
 */
export function InvoicesPage() {
  const today = localToday();
  const [range, setRange] = useState<InvoiceRange | null>(null);
  const invoice = useInvoice(range);
  const { enqueueSnackbar } = useSnackbar();
  const { control, problems, submitWith } = useSchemaForm(invoiceQuerySchema, {
    schoolId: '',
    dateFrom: dayjs(today).startOf('month').format('YYYY-MM-DD'),
    dateTo: today,
  } satisfies InvoiceQuery);

  const result = () => {
    if (!range) return null;
    if (invoice.isPending) return <PageLoader />;
    if (invoice.isError)
      return (
        <RetryAlert message={fetchFailedMessage('the invoice')} onRetry={() => void invoice.refetch()} />
      );
    const data = invoice.data;
    return (
      <Paper sx={{ p: { xs: 1.5, sm: 3 }, mt: 2 }} className="invoice">
        <Typography component="h2" variant="h5">
          Invoice: {data.school.name}
        </Typography>
        {data.school.address && <Typography>{data.school.address}</Typography>}
        <Typography sx={{ mb: 2 }}>
          Field trips from {formatDate(data.dateFrom)} to {formatDate(data.dateTo)}
        </Typography>
        {data.lines.length === 0 ? (
          <Typography color="text.secondary">No completed field trips in this period.</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Invoice lines">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Destination</TableCell>
                  <TableCell align="right">Hours</TableCell>
                  <TableCell align="right">Km</TableCell>
                  <TableCell>Distance</TableCell>
                  <TableCell align="right">Amount</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.lines.map((line) => (
                  <TableRow key={line.fieldTripId}>
                    <TableCell>{formatDate(line.date)}</TableCell>
                    <TableCell>{line.destination}</TableCell>
                    <TableCell align="right">{line.hours}</TableCell>
                    <TableCell align="right">{line.km}</TableCell>
                    <TableCell>{line.kmSource ? DISTANCE_SOURCE_WORDS[line.kmSource] : '—'}</TableCell>
                    <TableCell align="right">{line.amount.toFixed(2)}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell colSpan={5}>
                    <strong>Total</strong>
                  </TableCell>
                  <TableCell align="right">
                    <strong>{data.total.toFixed(2)}</strong>
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 2, '@media print': { display: 'none' } }}>
          <Button variant="contained" onClick={() => window.print()}>
            Print
          </Button>
          <Button
            onClick={() =>
              void downloadInvoiceCsv(range).catch((error: unknown) =>
                enqueueSnackbar(error instanceof ApiError ? error.message : 'The download failed.', {
                  variant: 'error',
                }),
              )
            }
          >
            Download CSV
          </Button>
        </Box>
      </Paper>
    );
  };

  return (
    <>
      <PageHeader title="Invoices" />
      <Paper
        component="form"
        noValidate
        onSubmit={submitWith(async (query) => setRange(query))}
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2, '@media print': { display: 'none' } }}
      >
        <FormProblems problems={problems} />
        <FormSearchSelect<InvoiceQuery, InvoiceQuery, School>
          control={control}
          name="schoolId"
          label="School"
          required
          resource={RESOURCES.schools}
          optionLabel={(school) => school.name}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <FormDateField control={control} name="dateFrom" label="From" required />
          <FormDateField control={control} name="dateTo" label="To" required />
        </Box>
        <Box>
          <Button type="submit" variant="contained">
            Show invoice
          </Button>
        </Box>
      </Paper>
      {result()}
    </>
  );
}
