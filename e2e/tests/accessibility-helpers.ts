import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import { expect, storedToken } from '../support/fixtures';
import { ONE_PIXEL_PNG } from '../support/screens';

/**
 * Shared steps of the accessibility browser tests: every screen is looked at in both colour modes, since each has
 * colours of its own to get right.
 */

const MODES = ['light', 'dark'] as const;
export type Mode = (typeof MODES)[number];

/** The body's background of each mode (the theme's, app/theme.ts), to know the mode really is on before axe looks. */
const BACKGROUND: Record<Mode, string> = { light: 'rgb(240, 242, 245)', dark: 'rgb(2, 2, 2)' };

/**
 * Switches the open app to `mode` where it stands (an open dialog or menu stays open): a phone app as the
 * system's colour scheme changing does, the back-office as choosing the mode in another tab of the app does: the app follows the remembered choice when the browser says it changed
 * (app/theme-mode.ts), and the page remembers it for its next screens.
 */
async function switchMode(page: Page, mode: Mode): Promise<void> {
  // The phone apps follow the system's colour scheme (decision 053), the back-office its remembered choice.
  await page.emulateMedia({ colorScheme: mode });
  await page.evaluate((chosen) => {
    localStorage.setItem('mode', chosen);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'mode', newValue: chosen, storageArea: localStorage }),
    );
  }, mode);
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe(BACKGROUND[mode]);
}

interface ScanOptions {
  /** Restricts the scan to part of the page, e.g. an open dialog ('[role="dialog"]'). */
  include?: string;
  /** The colour modes to look at the screen in; both unless a test looks at its screens' layout only. */
  modes?: readonly Mode[];
}

/**
 * Runs axe over the page as it is now, in each colour mode in turn (the second only for the rules about colours) (the data is made once and each screen opened
 * once), once no list is loading and no table is dimmed: while a list fetches, its previous rows stay on screen
 * dimmed, and axe would measure the contrast of that passing moment.
 */
export async function scan(
  page: Page,
  screen: string,
  { include, modes = MODES }: ScanOptions = {},
): Promise<void> {
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  // The dimmed rows fade back in over 150 ms; on a loaded machine axe could still catch them half-way.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('table')].every((table) => getComputedStyle(table).opacity === '1'),
      ),
    )
    .toBe(true);
  // The mode the page is in first (the previous screen's last, which the app remembers), then the other: one
  // switch per screen, not two. Which of the two is scanned whole does not matter: the modes differ in colours only.
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const ordered = [...modes].sort(
    (a, b) => Number(BACKGROUND[b] === background) - Number(BACKGROUND[a] === background),
  );
  for (const [index, mode] of ordered.entries()) {
    await switchMode(page, mode);
    await expectNoSeriousViolations(page, `${screen} (${mode} mode)`, { include, coloursOnly: index > 0 });
  }
}

/** Gives a record a profile photo through the API, so its list row and page show one. */
export async function uploadPhoto(
  page: Page,
  kind: 'driver' | 'parent' | 'student' | 'vehicle' | 'authorized-adult',
  id: string,
): Promise<void> {
  const answer = await page.request.post(`/api/upload/profile/${kind}/add-profile-image`, {
    headers: { authorization: (await storedToken(page)) ?? '' },
    multipart: { id, image: ONE_PIXEL_PNG },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The dialog named `name`, once it has opened. */
export async function openedDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}
