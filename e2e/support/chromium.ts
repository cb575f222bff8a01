/** Debian's Chromium (never a downloaded browser), for the browser tests and the Lighthouse script alike. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's own background traffic has nowhere to go on these machines; no sandbox, since CI runs as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
