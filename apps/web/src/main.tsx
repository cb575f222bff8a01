import { StrictMode } from 'react';
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

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
