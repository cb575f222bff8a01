import type { Page, Request } from '@playwright/test';
import { uniqueTag, vehiclePayload } from '@school-transport/testing';
import { createThroughApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { summary } from '../support/screens';

/**
 * Keyset paging (issue 19, decision 040): the pager's next and previous ask for the page by where it starts (the
 * cursor the shown page came with), a jump to another page asks by number; either way the rows are the ones that
 * page holds and the summary says where they sit. Twelve vehicles of this test's own, sorted by their seats.
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
const COUNT = 12;

async function twelveVehicles(page: Page): Promise<{ tag: string; plates: string[] }> {
  const tag = uniqueTag();
  const made: { plate: string; seats: number }[] = [];
  for (let index = 0; index < COUNT; index++) {
    // Seats in neither the order of making nor of plates.
    const vehicle = { ...vehiclePayload(tag, index), capacity: 10 + ((index * 5) % COUNT) };
    await createThroughApi(page, 'vehicles', vehicle);
    made.push({ plate: vehicle.licensePlate, seats: vehicle.capacity });
  }
  // Most seats first: the list's order with `sort=capacity&order=desc`.
  return { tag, plates: made.sort((a, b) => b.seats - a.seats).map(({ plate }) => plate) };
}

test('next and previous page by cursor, a jump by number, with the right rows and "Showing X–Y of Z"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { tag, plates } = await twelveVehicles(page);
  await page.goto(`/all-vehicles?search=${tag}&limit=5&sort=capacity&order=desc`);
  const table = page.getByRole('table');
  const shownPlates = async () => {
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const rows = await table.locator('tbody tr').allTextContents();
    // The longest plate the row holds: one plate can begin another ('…11' and '…110').
    return rows.map((text) =>
      plates.filter((plate) => text.includes(plate)).reduce((a, b) => (b.length > a.length ? b : a), ''),
    );
  };
  // The list request the next click makes, and whether it named a cursor.
  const listRequest = (action: () => Promise<void>) =>
    Promise.all([
      page.waitForRequest((request: Request) => request.url().includes('/api/vehicles/get-all')),
      action(),
    ]).then(([request]) => new URL(request.url()).searchParams);

  await expect(summary(page)).toHaveText(`Showing 1–5 of ${COUNT} records`);
  await expect.poll(shownPlates).toEqual(plates.slice(0, 5));

  const second = await listRequest(() => page.getByRole('button', { name: 'Go to next page' }).click());
  expect(second.get('page')).toBe('2');
  expect(second.get('cursor')).toBeTruthy();
  await expect(summary(page)).toHaveText(`Showing 6–10 of ${COUNT} records`);
  await expect.poll(shownPlates).toEqual(plates.slice(5, 10));

  const third = await listRequest(() => page.getByRole('button', { name: 'Go to next page' }).click());
  expect(third.get('cursor')).toBeTruthy();
  await expect(summary(page)).toHaveText(`Showing 11–12 of ${COUNT} records`);
  await expect.poll(shownPlates).toEqual(plates.slice(10));
  await expect(page.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

  const back = await listRequest(() => page.getByRole('button', { name: 'Go to previous page' }).click());
  expect(back.get('page')).toBe('2');
  expect(back.get('cursor')).toBeTruthy();
  await expect(summary(page)).toHaveText(`Showing 6–10 of ${COUNT} records`);
  await expect.poll(shownPlates).toEqual(plates.slice(5, 10));
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');

  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(summary(page)).toHaveText(`Showing 1–5 of ${COUNT} records`);
  await expect.poll(shownPlates).toEqual(plates.slice(0, 5));

  // Two pages on at once: by number.
  const jump = await listRequest(() => page.getByRole('button', { name: 'Go to page 3' }).click());
  expect(jump.get('page')).toBe('3');
  expect(jump.get('cursor')).toBeNull();
  await expect(summary(page)).toHaveText(`Showing 11–12 of ${COUNT} records`);
  await expect.poll(shownPlates).toEqual(plates.slice(10));

  // Back by cursor from the page reached by number, and the address still opens the same page.
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(summary(page)).toHaveText(`Showing 6–10 of ${COUNT} records`);
  await expect.poll(shownPlates).toEqual(plates.slice(5, 10));
  await page.reload();
  await expect(summary(page)).toHaveText(`Showing 6–10 of ${COUNT} records`);
  await expect.poll(shownPlates).toEqual(plates.slice(5, 10));
});
