import { defineConfig } from '@playwright/test';
import { E2E_URL } from './support/environment';

/**
 * Browser tests click through the real product: the built web app served by the real server on its embedded
 * database, in Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: E2E_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium's own background traffic has nowhere to go on these machines.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
