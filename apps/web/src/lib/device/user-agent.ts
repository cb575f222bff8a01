/** Browsers by the token that names them, most specific first (Edge and Opera also say "Chrome"). */
const BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Headless)?(?:Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['ChromeOS', /CrOS/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

/** Longer than this, an unrecognised user agent is cut: the table shows the whole of it as a tooltip. */
const RAW_MAX = 40;

/**
 * A session's device as a person would name it, e.g. 'Chrome 126 on Windows', from the browser's user agent.
 * Whatever is not recognised is shown as sent, shortened.
 */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([, pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  if (browser) {
    const version = browser[1].exec(userAgent)?.[1];
    const name = `${browser[0]} ${version}`;
    return system ? `${name} on ${system}` : name;
  }
  return userAgent.length > RAW_MAX ? `${userAgent.slice(0, RAW_MAX)}…` : userAgent;
}
