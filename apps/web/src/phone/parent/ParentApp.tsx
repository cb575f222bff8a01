import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api/api-client';
import { firstAnswersDrawn } from '../../lib/api/first-answers';
import { useT } from '../i18n';
import { Menu, useToast } from '../kit';
import { PhoneShell } from '../shell';
import { parentCatalogue } from './parent-catalogue';
import { downloadFamilyData, pushApi } from './parent-api';
import { createParentStream, ParentStreamContext } from './parent-live';
import { parentPaths } from './parent-paths';
import { ParentScreens } from './parent-screens';
import { ParentSessionContext, parentSessionStore, useParentSession } from './parent-session';
import { disablePush } from './push';
import { forgetToday, registerParentServiceWorker } from './service-worker';
import { useGuardedLeave } from './unsaved-changes';
import './parent.css';

function AccountMenu() {
  const { t } = useT();
  const { session, signOut } = useParentSession();
  const navigate = useNavigate();
  const { leave: go, dialog } = useGuardedLeave();
  const show = useToast();
  const download = async () => {
    if (!session) return;
    try {
      await downloadFamilyData(session.token);
    } catch (error) {
      show(error instanceof Error ? error.message : String(error), 'error');
    }
  };
  return (
    <>
      <Menu
        label={t('menu.label')}
        icon="account"
        items={[
          { label: t('menu.today'), icon: 'bus', onSelect: () => go(parentPaths.today) },
          { label: t('menu.messages'), icon: 'mail', onSelect: () => go(parentPaths.messages) },
          { label: t('menu.stopChanges'), icon: 'map', onSelect: () => go(parentPaths.stopChanges) },
          { label: t('menu.threads'), icon: 'info', onSelect: () => go(parentPaths.threads) },
          { label: t('menu.guardians'), icon: 'person', onSelect: () => go(parentPaths.guardians) },
          { label: t('menu.notifications'), icon: 'bell', onSelect: () => go(parentPaths.notifications) },
          { label: t('menu.account'), icon: 'person', onSelect: () => go(parentPaths.account) },
          { label: t('menu.download'), icon: 'download', onSelect: () => void download() },
          {
            label: t('menu.signOut'),
            icon: 'logout',
            onSelect: () =>
              go(parentPaths.signIn, async () => {
                await signOut();
                navigate(parentPaths.signIn, { replace: true });
              }),
          },
        ]}
      />
      {dialog}
    </>
  );
}

function SignedInPortal({ token }: { token: string }) {
  // One stream per signed-in parent: its cookie is asked for with their token.
  const queryClient = useQueryClient();
  const [stream] = useState(() => createParentStream(token, firstAnswersDrawn(queryClient)));
  return (
    <ParentStreamContext.Provider value={stream}>
      <ParentScreens />
    </ParentStreamContext.Provider>
  );
}

/** This phone stops receiving the family's notifications (the next person to use it is not theirs), and the
 * stream's cookie goes, speaking for the session being ended. */
async function endParentSession(token: string): Promise<void> {
  await disablePush(pushApi(token)).catch(() => undefined);
  await apiRequest('DELETE', '/live/cookie', undefined, { token }).catch(() => undefined);
}

const SESSION_HOOKS = { forgetLocal: forgetToday, endRemote: endParentSession };

/** Every screen fetched, not only when first opened, so that a phone that goes offline has them all. */
const keepEveryScreenOffline = () =>
  registerParentServiceWorker(
    Promise.all([
      import('./ChildHistoryPage'),
      import('./ParentNotificationsPage'),
      import('./ParentAccountPage'),
    ]),
  );

/**
 * The parent portal (its own entry, apps/web/parent/index.html): the phone shell with the portal's own session,
 * query cache and words, the account menu in the top bar, and its screens below /parent. Installable with its own
 * manifest (linked by the HTML) and service worker, which keeps every screen and the last Today for offline use.
 */
export function ParentApp() {
  return (
    <PhoneShell
      catalogue={parentCatalogue}
      store={parentSessionStore}
      sessionContext={ParentSessionContext}
      hooks={SESSION_HOOKS}
      paths={{ signIn: parentPaths.signIn, home: parentPaths.today }}
      actions={<AccountMenu />}
      signedIn={({ token, user }) => <SignedInPortal key={user.id} token={token} />}
      afterFirstScreen={keepEveryScreenOffline}
    />
  );
}
