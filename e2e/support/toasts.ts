import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Toasts (notistack) leave after 5 s. On a busy machine a test can take longer than that between the click and
 * its look at the screen, and then finds nothing although the user saw the message. So every page of a test
 * records each toast's text the moment it is put on the screen, and a test asks whether it was shown.
 */

declare global {
  interface Window {
    __toastsShown__?: string[];
  }
}

/** Where notistack puts a toast's message (its `aria-describedby` target). */
const TOAST_MESSAGE = '#notistack-snackbar';

/** Makes every page of `context` record its toasts; call before the first page opens. */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript((selector) => {
    const shown: string[] = [];
    const seen = new WeakSet<Element>();
    window.__toastsShown__ = shown;
    const collect = () => {
      for (const message of document.querySelectorAll(selector)) {
        if (seen.has(message)) continue;
        seen.add(message);
        shown.push(message.textContent?.trim() ?? '');
      }
    };
    new MutationObserver(collect).observe(document, { childList: true, subtree: true });
  }, TOAST_MESSAGE);
}

/**
 * Waits until this page has shown a toast saying exactly `text` (or matching it), whether or not it is still on
 * the screen, and takes it off the record: the same message later in the test needs a toast of its own.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const wanted: { exact?: string; source?: string; flags?: string } =
    typeof text === 'string' ? { exact: text } : { source: text.source, flags: text.flags };
  await expect
    .poll(
      () =>
        page.evaluate(({ exact, source, flags }) => {
          const shown = window.__toastsShown__ ?? [];
          const matches = (message: string) =>
            exact !== undefined ? message === exact : new RegExp(source ?? '', flags).test(message);
          const index = shown.findIndex(matches);
          if (index === -1) return shown;
          shown.splice(index, 1);
          return true;
        }, wanted),
      { message: `a toast saying ${String(text)} (the toasts shown are the value received)` },
    )
    .toBe(true);
}
