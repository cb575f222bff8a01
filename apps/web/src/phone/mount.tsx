import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * zod's `jitless` setting, made before zod is loaded (it comes later, with a form or the parent's stream): zod keeps
 * its settings on `globalThis.__zod_globalConfig` and takes an object found there (zod/v4/core/core.js), so the
 * phone's first screen need not import zod to set it. As the back-office does: zod's probe for `new Function` is
 * itself a CSP violation (no eval here).
 */
export function preferZodJitless(): void {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
}

/**
 * Draws a phone app into its page's #root, in place of the shell pre-rendered there: React replaces the shell's
 * markup at its first commit, so the shell stays on screen until the app has something to show.
 */
export function mountPhoneApp(app: ReactNode): void {
  preferZodJitless();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // As the back-office does (src/main.tsx): the first render in slices, yielding to input in between.
  const root = createRoot(container);
  startTransition(() => {
    root.render(<StrictMode>{app}</StrictMode>);
  });
}
