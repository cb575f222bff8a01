import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppFrame, AppShell, useAppSession } from '../../components/shell/AppShell';
import { apiRequest } from '../../lib/api/api-client';
import { createQueryClient } from '../../lib/api/query-client';
import { downloadFamilyData, pushApi } from './parent-api';
import { createParentStream, ParentStreamContext } from './parent-live';
import { parentPaths } from './parent-paths';
import { ParentScreens } from './parent-screens';
import { ParentSessionContext, parentSessionStore, useParentSession } from './parent-session';
import { disablePush } from './push';
import { forgetToday, linkParentManifest, registerParentServiceWorker } from './service-worker';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes';
import { useOperatorLocale } from '../../lib/time/operator-locale';

function AccountMenu() {
  const { session, signOut } = useParentSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };
  const download = async () => {
    close();
    if (!session) return;
    try {
      await downloadFamilyData(session.token);
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
    }
  };
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 48, minHeight: 48 }}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem onClick={() => go(parentPaths.today)}>Today</MenuItem>
        <MenuItem onClick={() => go(parentPaths.notifications)}>Notifications</MenuItem>
        <MenuItem onClick={() => go(parentPaths.account)}>Change password</MenuItem>
        <MenuItem onClick={() => void download()}>Download my family’s data</MenuItem>
        <MenuItem
          onClick={async () => {
            close();
            await signOut();
            navigate(parentPaths.signIn, { replace: true });
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}

function ParentLayout({ token }: { token: string }) {
  // One stream per signed-in parent: its cookie is asked for with their token.
  const [stream] = useState(() => createParentStream(token));
  // Applied when it arrives, without waiting: the portal must open offline from its cache.
  useOperatorLocale();
  return (
    <ParentStreamContext.Provider value={stream}>
      <AppFrame actions={<AccountMenu />}>
        <Box sx={{ width: '100%', maxWidth: 720, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
          <UnsavedChangesGuard>
            <ParentScreens />
          </UnsavedChangesGuard>
        </Box>
      </AppFrame>
    </ParentStreamContext.Provider>
  );
}

/** This phone stops receiving the family's notifications (the next person to use it is not theirs), and the
 * stream's cookie goes, speaking for the session being ended. */
async function endParentSession(token: string): Promise<void> {
  await disablePush(pushApi(token)).catch(() => undefined);
  await apiRequest('DELETE', '/live/cookie', undefined, { token }).catch(() => undefined);
}

/**
 * The parent portal: its own session and query cache, a plain top bar with the account menu, installable with its
 * own manifest and service worker. Loaded only when /parent is opened, so none of it weighs on the back-office.
 */
export function ParentRoot() {
  const [queryClient] = useState(createQueryClient);
  const session = useAppSession(parentSessionStore, queryClient, {
    forgetLocal: forgetToday,
    endRemote: endParentSession,
  });

  useEffect(() => linkParentManifest(), []);
  useEffect(
    () =>
      registerParentServiceWorker(
        // Every screen now, not when first opened: a phone that goes offline has them all.
        Promise.all([
          import('./ParentTodayPage'),
          import('./ParentSignInPage'),
          import('./ChildHistoryPage'),
        ]),
      ),
    [],
  );

  return (
    <AppShell
      queryClient={queryClient}
      sessionContext={ParentSessionContext}
      session={session}
      paths={{ signIn: parentPaths.signIn, home: parentPaths.today }}
      signedIn={({ token, user }) => <ParentLayout key={user.id} token={token} />}
      screens={<ParentScreens />}
    />
  );
}
