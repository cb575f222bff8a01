import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export { openDashboard, signInAsAdmin } from './fixtures';
export { ONE_PIXEL_PNG } from './map-tiles';

/**
 * Steps every screen test takes. Every test shares one database with the others, so records carry a tag of their
 * own (packages/testing's uniqueTag) and lists are looked at through a search for it.
 */

/** Opens the list at `path` and its 'Add New {noun}' dialog; answers the dialog. */
export async function openAddDialog(page: Page, path: string, noun: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('button', { name: `Add New ${noun}` }).click();
  return page.getByRole('dialog', { name: `Add New ${noun}` });
}

/** The list's search box: typed, then submitted with Enter. */
export async function searchList(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
}

export const summary = (page: Page) => page.getByText(/^Showing \d+–\d+ of \d+ records$/);

/** Opens the Actions menu of the row whose button is labelled 'Actions for {name}' and picks an item. */
export async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The cell of `row` under the column headed `header`. */
export async function cellUnder(page: Page, row: Locator, header: string): Promise<Locator> {
  await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const headers = await page.getByRole('columnheader').allTextContents();
  return row.getByRole('cell').nth(headers.indexOf(header));
}

/** Fails when the page is wider than the phone it is shown on (something would need a sideways scroll). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
}
