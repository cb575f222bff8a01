import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type Context, type ReactNode } from 'react';
import { BrowserRouter, Link, Navigate, useLocation } from 'react-router';
import { firstAnswersDrawn, nextFrameDrawn } from '../../lib/api/first-answers';
import { createQueryClient } from '../../lib/api/query-client';
import type { AppSession, AppSessionValue, appSessionStore } from '../../lib/session/app-session';
import { useAppSession, type AppSessionHooks } from '../../lib/session/use-app-session';
import { I18nProvider, useT, type AppCatalogue } from '../i18n';
import { PageLoader, Toaster } from '../kit';
import { LeaveGuard } from './unsaved-changes';

// Only a signed-out phone needs the form library and the sign-in schema: fetched when sign-in shows.
const loadSignInScreen = () => import('./SignInScreen');
const SignInScreen = lazy(async () => ({ default: (await loadSignInScreen()).SignInScreen }));
// The password pages too: a reset link opens the app on one of them (decision 053).
const ForgotPasswordScreen = lazy(async () => ({
  default: (await import('./PasswordScreens')).ForgotPasswordScreen,
}));
const ResetPasswordScreen = lazy(async () => ({
  default: (await import('./PasswordScreens')).ResetPasswordScreen,
}));

/** The app's own path (/driver) from its sign-in's (/driver/sign-in). */
const appBase = (signIn: string) => signIn.slice(0, signIn.lastIndexOf('/'));

interface PhoneShellProps {
  /** The app's own words; its `app` names the app (its sign-in words, its role). */
  catalogue: AppCatalogue;
  store: ReturnType<typeof appSessionStore>;
  sessionContext: Context<AppSessionValue | null>;
  hooks: AppSessionHooks;
  paths: { signIn: string; home: string };
  /** The signed-in app: its screens (routes below the app's path), wrapped in whatever the app holds per user. */
  signedIn: (session: AppSession) => ReactNode;
  /** The top bar's controls while signed in (the account menu). */
  actions?: ReactNode;
  /** What the app puts off until its first screen's answers are drawn (firstAnswersDrawn): its service worker and
   * the code of its other screens, kept for offline use. Called once per page. */
  afterFirstScreen?: () => void;
}

/**
 * What the phone apps share around their screens (decision 053): the router, a query cache and a session of their
 * own (apart from the back-office's), their words in the chosen language, toasts, and a plain top bar over one
 * column, the same markup the HTML pre-renders so the first paint does not move. Without a session only sign-in
 * shows.
 */
export function PhoneShell(props: PhoneShellProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <SessionAndLanguage {...props} queryClient={queryClient} />
      </QueryClientProvider>
    </BrowserRouter>
  );
}

function SessionAndLanguage({
  catalogue,
  store,
  sessionContext: SessionContext,
  hooks,
  paths,
  signedIn,
  actions,
  afterFirstScreen,
  queryClient,
}: PhoneShellProps & { queryClient: ReturnType<typeof createQueryClient> }) {
  const session = useAppSession(store, queryClient, hooks);
  useAfterFirstScreen(afterFirstScreen, session.session !== null, queryClient);
  const pathname = useLocation().pathname;
  const onSignIn = pathname === paths.signIn;
  const current = session.session;
  const base = appBase(paths.signIn);

  let content;
  // A reset link may be opened on a phone signed in (as someone else, or before the password is forgotten).
  if (pathname === `${base}/forgot-password` || pathname === `${base}/reset-password`) {
    const Screen = pathname.endsWith('/forgot-password') ? ForgotPasswordScreen : ResetPasswordScreen;
    content = (
      <Suspense fallback={<PageLoader />}>
        <Screen base={base} signIn={paths.signIn} />
      </Suspense>
    );
  } else if (!current)
    content = onSignIn ? (
      <Suspense fallback={<PageLoader />}>
        <SignInScreen
          app={catalogue.app}
          home={paths.home}
          forgotPassword={`${base}/forgot-password`}
          session={session}
        />
      </Suspense>
    ) : null;
  else if (!onSignIn) content = signedIn(current);

  return (
    <SessionContext.Provider value={session}>
      <I18nProvider
        catalogue={catalogue}
        account={current && { token: current.token, language: current.user.language }}
      >
        <Toaster>
          <PhoneFrame home={paths.home} actions={current ? actions : undefined}>
            {content ?? <Navigate to={current ? paths.home : paths.signIn} replace />}
          </PhoneFrame>
        </Toaster>
      </I18nProvider>
    </SessionContext.Provider>
  );
}

/**
 * Calls `work` once per page, when the first screen is drawn: signed in, that is its first answer; signed out, the
 * sign-in form (its code loaded, then a frame), which asks nothing.
 */
function useAfterFirstScreen(
  work: (() => void) | undefined,
  signedIn: boolean,
  queryClient: ReturnType<typeof createQueryClient>,
) {
  const started = useRef(false);
  // Nothing once the app is gone (a test's page torn down, say): the work is for an open page.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!work || started.current) return;
    started.current = true;
    const firstScreen = signedIn ? firstAnswersDrawn(queryClient) : loadSignInScreen().then(nextFrameDrawn);
    void firstScreen.then(() => {
      if (mounted.current) work();
    });
  }, [work, signedIn, queryClient]);
}

/** The top bar (logo, the app's controls) over the screen's column. */
function PhoneFrame({ home, actions, children }: { home: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useT();
  return (
    <div className="sr-frame">
      <header className="sr-topbar">
        <Link to={home} className="sr-topbar-logo">
          <img src="/logo.svg" alt="" />
          <span>{t('shell.productName')}</span>
        </Link>
        <span className="sr-topbar-spacer" />
        {actions}
      </header>
      <main className="sr-main">{children}</main>
      <LeaveGuard />
    </div>
  );
}
