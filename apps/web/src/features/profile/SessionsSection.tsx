import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ActiveSession } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { formatMoment, orDash } from '../../lib/time/format';
import { useActiveSessions, useEndSession } from './profile-api';
import { TitledPanel } from '../../components/page/TitledPanel';
import { describeUserAgent } from '../../lib/device/user-agent';

const HEADERS = ['Device', 'IP', 'Signed in', 'Last active', ''];

function SessionRow({ session, onEnd }: { session: ActiveSession; onEnd: () => void }) {
  const device = describeUserAgent(session.userAgent);
  return (
    <TableRow>
      <TableCell>
        <Tooltip title={session.userAgent ?? ''}>
          <span>{device}</span>
        </Tooltip>
      </TableCell>
      <TableCell>{orDash(session.ip)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(session.createdAt)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(session.lastSeenAt)}</TableCell>
      <TableCell align="right">
        {session.current ? (
          <Chip label="This device" color="primary" size="small" />
        ) : (
          <Button size="small" color="error" onClick={onEnd} aria-label={`End session on ${device}`}>
            End session
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** Where the account is signed in; any other device can be signed out from here. */
export function SessionsSection() {
  const { data: sessions, isPending, isError } = useActiveSessions();
  const endSession = useEndSession();
  const [ending, setEnding] = useState<ActiveSession | null>(null);

  return (
    <TitledPanel title="Active sessions">
      {isError ? (
        <Alert severity="error">The sessions could not be loaded.</Alert>
      ) : isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Active sessions">
            <TableHead>
              <TableRow>
                {HEADERS.map((header) => (
                  <TableCell key={header} sx={{ fontWeight: 600 }}>
                    {header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sessions.map((session) => (
                <SessionRow key={session.id} session={session} onEnd={() => setEnding(session)} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {ending && (
        <ConfirmDialog
          open
          title="End session?"
          text={`${describeUserAgent(ending.userAgent)} will be signed out at once and has to sign in again.`}
          confirmLabel="End session"
          onConfirm={() => endSession.mutateAsync(ending.id)}
          onClose={() => setEnding(null)}
        />
      )}
    </TitledPanel>
  );
}
