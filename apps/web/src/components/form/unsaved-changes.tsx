import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from '../page/ConfirmDialog';

/** One form's state as the guard sees it, kept in a ref so the router reads it at the moment of leaving. */
interface ChangeSource {
  /** Holds changes not saved yet. */
  dirty: boolean;
  /** A save is under way: the screen it leads to (a record's details) must not ask. */
  saving: boolean;
}

interface Registry {
  add(source: ChangeSource): () => void;
  /** The next navigation goes without asking: the user already said to drop the changes. */
  passNext(): void;
}

const RegistryContext = createContext<Registry | null>(null);

/**
 * The one guard of a signed-in app's screens: asks "Leave without saving?" before a navigation inside the app
 * (a menu link, Back) leaves a screen where a form holds unsaved changes, and has the browser ask before the tab
 * is closed or reloaded. React Router honours one blocker at a time, so every form on a screen (Profile's name and
 * e-mail, Add Parent's parent and child) registers with this one rather than blocking on its own.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const sources = useRef(new Set<ChangeSource>());
  const passing = useRef(false);
  const unsaved = () => [...sources.current].some((source) => source.dirty && !source.saving);

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (passing.current) {
      passing.current = false;
      return false;
    }
    // The same screen with another query (a tab, a filter) keeps the form mounted, so nothing is lost.
    return currentLocation.pathname !== nextLocation.pathname && unsaved();
  }, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      // Browsers show their own wording; preventDefault is what asks them to.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const registry = useMemo<Registry>(
    () => ({
      add(source) {
        sources.current.add(source);
        return () => void sources.current.delete(source);
      },
      passNext() {
        passing.current = true;
      },
    }),
    [],
  );

  return (
    <RegistryContext.Provider value={registry}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        text="What you changed on this screen has not been saved and will be lost if you leave."
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </RegistryContext.Provider>
  );
}

/** For a way out that already asked (Cancel's "Discard your changes?"): the next navigation goes through. */
export function useLeaveWithoutAsking(): () => void {
  const registry = useContext(RegistryContext);
  return useCallback(() => registry?.passNext(), [registry]);
}

export interface UnsavedChanges {
  /** Runs a save: navigating while it runs does not ask, and once it succeeds the changes count as saved. */
  whileSaving<T>(save: () => Promise<T>): Promise<T>;
}

/**
 * Tells the screen's guard whether this form holds unsaved changes. Outside a guard (the sign-in screens, a test
 * of a form alone) it does nothing.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const registry = useContext(RegistryContext);
  // One object for the form's life, changed in place: the guard holds it and reads it when someone leaves.
  const source = useRef<ChangeSource>({ dirty: false, saving: false });

  // After every render and before the browser can paint, so a click right after typing sees the change, and a
  // form left unchanged after a save counts as unsaved again only if it still differs from what it started with.
  useLayoutEffect(() => {
    source.current.dirty = dirty;
  });
  useEffect(() => registry?.add(source.current), [registry]);

  return useMemo(
    () => ({
      async whileSaving<T>(save: () => Promise<T>) {
        source.current.saving = true;
        try {
          const result = await save();
          source.current.dirty = false;
          return result;
        } finally {
          source.current.saving = false;
        }
      },
    }),
    [],
  );
}
