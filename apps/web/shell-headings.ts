import type { HtmlTagDescriptor, Plugin } from 'vite';
import { screenHeadingsByPath } from './src/lib/paths/screen-headings.ts';

/**
 * On a phone the largest thing a signed-in screen paints is its heading, which the app drew only once its code had
 * arrived and run (about 3.5 s in Lighthouse's slowed phone, issue 33). The build writes the headings known from the
 * address (lib/paths/screen-headings.ts) into the page as `<meta name="screen-headings">`, JSON by path, and
 * public/office-boot.js draws the opened screen's one into the HTML shell when a session is stored. A script, not
 * the server, because only the browser knows whether someone is signed in (a visitor is sent on to Log In).
 */
export const SCREEN_HEADINGS_META = 'screen-headings';

export function shellHeadings(): Plugin {
  return {
    name: 'schoolride:shell-headings',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        // The back-office's page only (the phone apps' pages are built apart).
        if (context.path !== '/index.html') return [];
        // Vite escapes the attribute's quotes.
        const content = JSON.stringify(screenHeadingsByPath());
        return [{ tag: 'meta', attrs: { name: SCREEN_HEADINGS_META, content }, injectTo: 'head' }];
      },
    },
  };
}
