import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n';
import { ConfirmDialog } from '../kit';

/**
 * The phone apps' guard of unsaved changes (decision 053), the phone version of the office's
 * (components/form/unsaved-changes): the office blocks navigation through its data router, which the phone shell's
 * plain router has not. Each form says whether it holds changes not saved yet; while one does, leaving the screen
 * asks "Leave without saving?" in the kit's ConfirmDialog, however it is left: a link or button of the app
 * (`LeaveGuard` catches the click, `useGuardedLeave` the menus), the browser's or the phone's Back (a history entry
 * of the same address stands in front of the screen and takes the Back), and closing or reloading the tab (the
 * browser's own question).
 *
 * Kept at module level rather than in a context: menus sit in the shell's top bar and the forms in its main
 * column, and a page holds one app.
 */
const dirtyForms = new Set<object>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const hasUnsavedChanges = () => dirtyForms.size > 0;

/** The changes are given up: no screen counts as holding them any more. */
function forgetUnsavedChanges() {
  dirtyForms.clear();
  changed();
}

/** Marks the history entry that stands in front of a screen with unsaved changes, to take the Back. */
const GUARD = 'srUnsavedGuard';
const atGuardEntry = () => Boolean((window.history.state as Record<string, unknown> | null)?.[GUARD]);

function warnBeforeUnload(event: BeforeUnloadEvent) {
  if (!hasUnsavedChanges()) return;
  // Browsers show their own wording; preventDefault is what asks them to.
  event.preventDefault();
}

/** A form of the screen: `dirty` while it holds changes that neither a save nor a reset has settled. */
export function useUnsavedChanges(dirty: boolean): void {
  const form = useRef({});
  useEffect(() => {
    if (!dirty) return;
    const key = form.current;
    dirtyForms.add(key);
    changed();
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => {
      dirtyForms.delete(key);
      changed();
      window.removeEventListener('beforeunload', warnBeforeUnload);
    };
  }, [dirty]);
}

/** The question, with what to do when the person chooses to leave. */
function LeaveQuestion({
  pending,
  onStay,
  onLeave,
}: {
  pending: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useT();
  return (
    <ConfirmDialog
      open={pending}
      title={t('unsaved.title')}
      message={t('unsaved.text')}
      confirmLabel={t('unsaved.leave')}
      tone="danger"
      onCancel={onStay}
      onConfirm={onLeave}
    />
  );
}

/**
 * Goes on (`go(replace)`) once the changes are given up. When the guard entry is the current one, the next address
 * replaces it (`replace` true), so no stand-in is left in the history.
 */
function leaveNow(go: (replace: boolean) => unknown) {
  const replace = atGuardEntry();
  forgetUnsavedChanges();
  void go(replace);
}

/**
 * Rendered once by the shell, inside its router: while a form holds changes, asks before a link of the app or the
 * Back leaves the screen.
 */
export function LeaveGuard() {
  const navigate = useNavigate();
  const dirty = useSyncExternalStore(subscribe, hasUnsavedChanges);
  const [pending, setPending] = useState<{ leave: () => void; stay: () => void } | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const href = () => window.location.href;
    const standInFront = () =>
      window.history.pushState({ ...(window.history.state as object | null), [GUARD]: true }, '', href());
    if (!atGuardEntry()) standInFront();

    // Back from the guard entry lands on the screen's own entry (the same address): the screen stays, and asks.
    const onPop = () => {
      if (atGuardEntry() || !hasUnsavedChanges()) return;
      setPending({
        stay: () => standInFront(),
        leave: () => {
          forgetUnsavedChanges();
          window.history.back();
        },
      });
    };
    // A link of the app (a same-origin <a>, as the router's Link renders) is held back before the router sees it.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, href());
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      const to = url.pathname + url.search + url.hash;
      setPending({ stay: () => undefined, leave: () => leaveNow((replace) => navigate(to, { replace })) });
    };
    window.addEventListener('popstate', onPop);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('popstate', onPop);
      document.removeEventListener('click', onClick, true);
      // Saved or reset: the stand-in stays in the history (going back over it would race a navigation the save
      // starts) but no longer guards anything.
      if (atGuardEntry()) {
        const { [GUARD]: _guard, ...state } = window.history.state as Record<string, unknown>;
        window.history.replaceState(state, '', href());
      }
    };
  }, [dirty, navigate]);

  return (
    <LeaveQuestion
      pending={pending !== null}
      onStay={() => {
        pending?.stay();
        setPending(null);
      }}
      onLeave={() => {
        const leave = pending?.leave;
        setPending(null);
        leave?.();
      }}
    />
  );
}

/**
 * `leave(path)` goes to `path`, or first asks when a form holds unsaved changes; `leave(path, action)` runs
 * `action` instead of navigating (signing out). `dialog` is the question, to be rendered by the caller.
 */
export function useGuardedLeave(): {
  leave: (path: string, action?: () => unknown) => void;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const [pending, setPending] = useState<((replace: boolean) => unknown) | null>(null);
  const leave = (path: string, action?: () => unknown) => {
    const go = action ?? ((replace: boolean) => navigate(path, { replace }));
    if (hasUnsavedChanges()) setPending(() => go);
    else void go(false);
  };
  const dialog = (
    <LeaveQuestion
      pending={pending !== null}
      onStay={() => setPending(null)}
      onLeave={() => {
        const go = pending;
        setPending(null);
        if (go) leaveNow(go);
      }}
    />
  );
  return { leave, dialog };
}
