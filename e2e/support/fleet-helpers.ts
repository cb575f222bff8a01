import type { Page } from '@playwright/test';
import { ACCOUNTS } from './environment';
import { expect, signIn, storedToken } from './fixtures';

/**
 * Shared steps of the fleet browser tests. Every test shares one database with the others, so records carry a
 * tag of their own and lists are looked at through a search for it.
 */

/** Short and unique per call: fits a licence plate (letters and digits) and a search box alike. */
export const uniqueTag = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();

/** Signs in as the admin and waits for the dashboard, so the token is stored before any API call. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
}

/** Creates a record through the API with the signed-in admin's token; answers its id. */
export async function createThroughApi(page: Page, resource: string, payload: object): Promise<string> {
  const token = await storedToken(page);
  const answer = await page.request.post(`/api/${resource}/create`, {
    data: payload,
    headers: { authorization: token ?? '' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

export const driverPayload = (tag: string, index = 0) => ({
  name: `Driver ${tag} ${index}`,
  email: `driver-${tag.toLowerCase()}-${index}@example.com`,
  phone: `+91 98765 ${String(index).padStart(5, '0')}`,
  licenseNo: `DL-${tag}-${index}`,
});

export const vehiclePayload = (tag: string, index = 0) => ({
  licensePlate: `KA${tag}${index}`,
  model: `Starbus ${tag}`,
  type: 'Bus',
  color: 'Yellow',
  capacity: 30 + index,
});

export const routePayload = (tag: string, index = 0) => ({
  name: `Route ${tag} ${index}`,
  startLocation: 'North Depot',
  endLocation: 'Central School',
  distanceKm: 12.5,
  durationMin: 45,
});

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

/** A real 1×1 PNG, small enough for any upload limit. */
export const ONE_PIXEL_PNG = {
  name: 'pixel.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
    'base64',
  ),
};
