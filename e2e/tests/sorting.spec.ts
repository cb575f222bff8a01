import type { Page } from '@playwright/test';
import { uniqueTag, vehiclePayload } from '@school-transport/testing';
import { createThroughApi } from '../support/api';
import { expect, test } from '../support/fixtures';

/**
 * Sorting a list (issue 19): a header's click on a desktop, the 'Sort by' control on a phone, each kept in the
 * address. Three vehicles of this test's own (found by their tag among the other tests' records) with seats that
 * are in neither their plates' order nor the order they were made in.
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
const SEATS = [20, 40, 30];

async function vehiclesWithSeats(page: Page): Promise<{ tag: string; plates: string[] }> {
  const tag = uniqueTag();
  const plates: string[] = [];
  for (const [index, capacity] of SEATS.entries()) {
    const vehicle = { ...vehiclePayload(tag, index), capacity };
    await createThroughApi(page, 'vehicles', vehicle);
    plates.push(vehicle.licensePlate);
  }
  return { tag, plates };
}

/** The plates in the order `seats` gives: what the list must show. */
const platesBySeats = (plates: string[], order: 'asc' | 'desc') =>
  plates
    .map((plate, index) => ({ plate, seats: SEATS[index]! }))
    .sort((a, b) => (order === 'asc' ? a.seats - b.seats : b.seats - a.seats))
    .map(({ plate }) => plate);

const inAddress = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('on a desktop a header sorts the list, says so, and keeps it in the address', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { tag, plates } = await vehiclesWithSeats(page);
  await page.goto(`/all-vehicles?search=${tag}`);
  const table = page.getByRole('table');
  const shownPlates = async () => {
    // Read only once the table holds the page asked for, not the previous one under the progress bar.
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const rows = await table.locator('tbody tr').allTextContents();
    return rows.map((text) => plates.find((plate) => text.includes(plate)));
  };
  // Newest first until sorted, shown on the 'Listed From' header.
  await expect.poll(shownPlates).toEqual([...plates].reverse());
  await expect(page.getByRole('columnheader', { name: 'Listed From' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  const seats = page.getByRole('columnheader', { name: 'Total Seats' });
  await seats.getByRole('button', { name: 'Total Seats' }).click();
  await expect.poll(() => inAddress(page, 'sort')).toBe('capacity');
  expect(inAddress(page, 'order')).toBe('asc');
  await expect(seats).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(shownPlates).toEqual(platesBySeats(plates, 'asc'));
  await expect(page.getByRole('columnheader', { name: 'Listed From' })).not.toHaveAttribute('aria-sort');

  await seats.getByRole('button', { name: 'Total Seats' }).click();
  await expect.poll(() => inAddress(page, 'order')).toBe('desc');
  await expect(seats).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(shownPlates).toEqual(platesBySeats(plates, 'desc'));

  // The address is the list: opened again from it, the same order.
  await page.reload();
  await expect(seats).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(shownPlates).toEqual(platesBySeats(plates, 'desc'));
  expect(inAddress(page, 'search')).toBe(tag);
});

test('on a 390 px phone the Sort by control sorts the cards and keeps it in the address', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { tag, plates } = await vehiclesWithSeats(page);
  await page.goto(`/all-vehicles?search=${tag}&page=1`);
  const cards = page.getByRole('list', { name: 'All Vehicles' });
  const shownPlates = async () => {
    await expect(cards).toHaveAttribute('aria-busy', 'false');
    return cards.getByRole('heading').allTextContents();
  };
  await expect.poll(shownPlates).toEqual([...plates].reverse());

  const sortBy = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sortBy).toHaveText('Listed From (descending)');
  await sortBy.click();
  await page.getByRole('option', { name: 'Total Seats (descending)' }).click();
  await expect.poll(() => inAddress(page, 'sort')).toBe('capacity');
  expect(inAddress(page, 'order')).toBe('desc');
  await expect.poll(shownPlates).toEqual(platesBySeats(plates, 'desc'));

  await sortBy.click();
  await page.getByRole('option', { name: 'Total Seats (ascending)' }).click();
  await expect.poll(() => inAddress(page, 'order')).toBe('asc');
  await expect.poll(shownPlates).toEqual(platesBySeats(plates, 'asc'));

  // Back to the list's own order: the address loses its sort, as a fresh visit has it.
  await sortBy.click();
  await page.getByRole('option', { name: 'Listed From (descending)' }).click();
  await expect.poll(() => inAddress(page, 'sort')).toBeNull();
  await expect.poll(shownPlates).toEqual([...plates].reverse());
});
