import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';

// Zod compiles fast object parsers with `new Function` after probing whether it may; our CSP forbids eval, so
// the probe itself is reported as a violation (Lighthouse best practices). Interpreted parsing is fast enough
// for forms.
zodConfig({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render as a transition: React then draws the app in slices of about 5 ms, yielding to the browser in
// between, instead of one long task that blocks input (about 200 ms on a mid-range phone; decision 041).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
