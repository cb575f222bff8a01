import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';

/**
 * Draws a phone app into its page's #root, in place of the shell pre-rendered there: React replaces the shell's
 * markup at its first commit, so the shell stays on screen until the app has something to show.
 */
export function mountPhoneApp(app: ReactNode): void {
  // As the back-office does: zod's probe for `new Function` is itself a CSP violation (no eval here).
  zodConfig({ jitless: true });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // As the back-office does (src/main.tsx): the first render in slices, yielding to input in between.
  const root = createRoot(container);
  startTransition(() => {
    root.render(<StrictMode>{app}</StrictMode>);
  });
}
