import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  routeManifestQuerySchema,
  RUN_NAMES,
  type RouteManifest,
  type RouteManifestChild,
} from '@school-transport/shared';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { paths } from '../../lib/paths/paths';
import { useRouteManifest } from './reports-api';
import { capitalised } from './report-views';

const SHEET_ID = 'route-manifest';

/**
 * On paper only the manifest is printed: the app's drawer, top bar and buttons are hidden, the sheet fills the
 * page in black on white, and a stop's rows are not split across pages.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        [`#${SHEET_ID}, #${SHEET_ID} *`]: { visibility: 'visible' },
        [`#${SHEET_ID}`]: { position: 'absolute', left: 0, top: 0, width: '100%', color: '#000' },
        [`#${SHEET_ID} .no-print`]: { display: 'none' },
        [`#${SHEET_ID} tbody`]: { breakInside: 'avoid' },
        '@page': { margin: '12mm' },
      },
    }}
  />
);

function ChildRows({ riders, stop }: { riders: RouteManifestChild[]; stop: ReactNode }) {
  return (
    <TableBody>
      {riders.length === 0 ? (
        <TableRow>
          {stop}
          <TableCell colSpan={4}>No children</TableCell>
        </TableRow>
      ) : (
        riders.map((child, index) => (
          <TableRow key={`${child.name}-${index}`}>
            {index === 0 ? stop : null}
            <TableCell>{child.name}</TableCell>
            <TableCell>{child.class}</TableCell>
            <TableCell>{child.parentName}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {child.parentPhone}
              {child.alternativePhone ? ` / ${child.alternativePhone}` : ''}
            </TableCell>
          </TableRow>
        ))
      )}
    </TableBody>
  );
}

function Sheet({ manifest }: { manifest: RouteManifest }) {
  const run = capitalised(RUN_NAMES[manifest.run]);
  return (
    <Box id={SHEET_ID}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h2">
            {manifest.route.name} — {run}
          </Typography>
          <Typography>
            Starts {manifest.startTime ?? 'at no set time'}
            {manifest.vehiclePlate ? ` · Vehicle ${manifest.vehiclePlate}` : ''}
            {manifest.driverName ? ` · Driver ${manifest.driverName}` : ''}
          </Typography>
        </Box>
        <Button
          className="no-print"
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
        >
          Print
        </Button>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`Manifest of ${manifest.route.name}, ${run}`}>
          <TableHead>
            <TableRow>
              <TableCell>Stop</TableCell>
              <TableCell>Child</TableCell>
              <TableCell>Class</TableCell>
              <TableCell>Parent</TableCell>
              <TableCell>Phone</TableCell>
            </TableRow>
          </TableHead>
          {manifest.stops.map((stop) => (
            <ChildRows
              key={stop.position}
              riders={stop.children}
              stop={
                <TableCell rowSpan={Math.max(1, stop.children.length)} sx={{ verticalAlign: 'top' }}>
                  <strong>
                    {stop.position}. {stop.name}
                  </strong>
                  <br />
                  {stop.plannedTime ?? 'no planned time'}
                  {stop.address ? ` · ${stop.address}` : ''}
                </TableCell>
              }
            />
          ))}
          {manifest.atHome.length > 0 && (
            <ChildRows
              riders={manifest.atHome}
              stop={
                <TableCell rowSpan={manifest.atHome.length} sx={{ verticalAlign: 'top' }}>
                  <strong>At home</strong>
                  <br />
                  {manifest.atHome.map((child) => `${child.name}: ${child.address}`).join('; ')}
                </TableCell>
              }
            />
          )}
        </Table>
      </Box>
      {manifest.stops.length === 0 && manifest.atHome.length === 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          This run has no stops and no children yet.
        </Alert>
      )}
    </Box>
  );
}

function ManifestLoader({ routeId, run }: { routeId: string; run: RouteManifest['run'] }) {
  const { data: manifest, error, refetch } = useRouteManifest({ routeId, run });
  if (error) return <RetryAlert error={error} onRetry={() => void refetch()} />;
  if (!manifest) return <Skeleton variant="rounded" height={300} />;
  return <Sheet manifest={manifest} />;
}

/** A route's run on paper: the browser's print layout of its stops in order with each stop's children. */
export function ManifestPage() {
  const [search] = useSearchParams();
  const query = routeManifestQuerySchema.safeParse({
    routeId: search.get('routeId'),
    run: search.get('run'),
  });
  return (
    <>
      {printStyles}
      <PageHeader title="Manifest" breadcrumbs={[{ label: 'Reports', to: paths.reports.list }]} />
      {query.success ? (
        <ManifestLoader routeId={query.data.routeId} run={query.data.run} />
      ) : (
        <Alert severity="warning">Choose a route and a run on the Reports screen.</Alert>
      )}
    </>
  );
}
