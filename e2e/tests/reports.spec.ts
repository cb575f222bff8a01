import { readFile } from 'node:fs/promises';
import { expect, openDashboard, test } from '../support/fixtures';
import { localToday } from '../support/assignments-helpers';
import { createLiveDay, driverPhone } from '../support/live-day';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test('the office reads today’s ridership as a chart and a table, downloads its CSV and prints a manifest', async ({
  page,
}) => {
  const day = await createLiveDay(page);
  const phone = driverPhone(page.request, day);
  await phone.start();
  await phone.board(day.seatedChildId);
  const today = localToday();

  await openDashboard(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL('/reports');
  const range = page.getByRole('form', { name: 'Report range' });
  // A range that ends before it starts is refused under its field, as the API would.
  await range.getByLabel('From').fill('2026-03-10');
  await range.getByLabel('To').fill('2026-03-01');
  await range.getByRole('button', { name: 'Show' }).click();
  await expect(range.getByText('To must not be before From')).toBeVisible();
  await range.getByLabel('From').fill(today);
  await range.getByLabel('To').fill(today);
  await range.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(`/reports?from=${today}&to=${today}`);

  await page.getByRole('tab', { name: 'Ridership' }).click();
  const perRoute = page.getByRole('region', { name: 'Ridership per route' });
  await expect(perRoute.getByRole('figure', { name: 'Chart: Ridership per route' })).toBeVisible();
  await expect(perRoute.locator('svg rect').first()).toBeVisible();
  const row = perRoute.getByRole('row', { name: new RegExp(day.routeName) });
  // Route, trips that ran (today's two), boardings, alightings, no-shows.
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    perRoute.getByRole('button', { name: 'Download Ridership per route as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`ridership-routes_${today}_${today}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFRoute,Trips,Boardings,Alightings,No-shows,Boardings per trip\r\n')).toBe(true);
  expect(csv).toContain(`${day.routeName},2,1,0,0,0.5\r\n`);

  const manifest = page.getByRole('region', { name: 'Printable manifest' });
  await manifest.getByRole('combobox', { name: 'Route' }).fill(day.routeName);
  await page.getByRole('option', { name: day.routeName }).click();
  await manifest.getByRole('link', { name: 'Open manifest' }).click();
  await expect(page).toHaveURL(/\/reports\/manifest\?routeId=[0-9a-f-]{36}&run=PICKUP$/);
  await expect(page.getByRole('heading', { name: `${day.routeName} — Morning run` })).toBeVisible();
  const sheet = page.getByRole('table', { name: `Manifest of ${day.routeName}, Morning run` });
  await expect(sheet).toContainText(`1. ${day.stops[0]!.name}`);
  await expect(sheet).toContainText(`2. ${day.stops[1]!.name}`);
  await expect(sheet).toContainText(day.parts.children[0]!.name);

  // On paper: the manifest alone, without the menu or the Print button.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
});
