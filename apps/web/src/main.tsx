import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders } from './app/providers';
import { AppRouterView, createAppRouter } from './app/router';

// Zod compiles fast object parsers with `new Function` after probing whether it may; our CSP forbids eval, so
// the probe itself is reported as a violation (Lighthouse best practices). Interpreted parsing is fast enough
// for forms.
zodConfig({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The entry's evaluation (React DOM, MUI, the theme) is one task; the router is made in the next one (decision 080).
// Made in the same task, the two were one long task of about 65 ms on a 2-core server, 260 ms on Lighthouse's phone,
// blocking input all along; apart, each is about half that, and the browser may paint and answer in between.
setTimeout(() => {
  const router = createAppRouter();
  // The first render as a transition: React then draws the app in slices of about 5 ms, yielding to the browser in
  // between, instead of one long task that blocks input (decision 041).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouterView router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}, 0);
