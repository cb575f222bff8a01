import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n';
import { ConfirmDialog } from '../kit';

/**
 * The portal's guard of unsaved changes, the phone version of the office's (components/form/unsaved-changes): the
 * office blocks navigation through its data router, which the phone shell's plain router has not. Here each form
 * says whether it holds changes not saved yet; the account menu asks "Leave without saving?" before it leaves such
 * a screen, and the browser asks before the tab is closed or reloaded. (The browser's own Back is not asked about.)
 *
 * Kept at module level rather than in a context: the menu sits in the shell's top bar and the forms in its main
 * column, with no provider of the portal's above both, and a page holds one portal.
 */
const dirtyForms = new Set<object>();

export const hasUnsavedChanges = () => dirtyForms.size > 0;

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
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => {
      dirtyForms.delete(key);
      window.removeEventListener('beforeunload', warnBeforeUnload);
    };
  }, [dirty]);
}

/**
 * `leave(path)` goes to `path`, or first asks when a form holds unsaved changes; `leave(path, action)` runs
 * `action` instead of navigating (signing out). `dialog` is the question, to be rendered by the caller.
 */
export function useGuardedLeave(): {
  leave: (path: string, action?: () => unknown) => void;
  dialog: ReactNode;
} {
  const { t } = useT();
  const navigate = useNavigate();
  const [pending, setPending] = useState<(() => unknown) | null>(null);
  const leave = (path: string, action?: () => unknown) => {
    const go = action ?? (() => navigate(path));
    if (hasUnsavedChanges()) setPending(() => go);
    else void go();
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t('unsaved.title')}
      message={t('unsaved.text')}
      confirmLabel={t('unsaved.leave')}
      tone="danger"
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const go = pending;
        setPending(null);
        // The changes are given up: the screen being left no longer counts as holding them.
        dirtyForms.clear();
        void go?.();
      }}
    />
  );
  return { leave, dialog };
}
