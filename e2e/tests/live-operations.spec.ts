import type { Locator, Page } from '@playwright/test';
import { createLiveDay, driverPhone, type LiveDay } from '../support/live-day';
import { expect, test } from '../support/fixtures';
import { cellUnder } from '../support/screens';
import { scan } from './accessibility-helpers';

/**
 * The dispatcher's screens as a trip runs: the driver's phone is played through the driver API (start, scans,
 * positions) while the office watches the Today board and the Live map, which follow the event stream and are
 * never reloaded. Every wait is for what the screen shows.
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

const boardRow = (page: Page, day: LiveDay) => page.getByRole('row', { name: `${day.routeName}, PICKUP` });
const busInList = (page: Page, day: LiveDay) =>
  page
    .getByRole('list', { name: 'Buses on the road' })
    .getByRole('listitem')
    .filter({ hasText: day.routeName });
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The bus's marker: a button named after its route (then its driver, children on board and signal). */
const marker = (page: Page, day: LiveDay): Locator =>
  page
    .getByRole('region', { name: 'Map of the buses on the road' })
    .getByRole('button', { name: new RegExp(`^${escaped(day.routeName)}\\b`) });

/** Where Leaflet has put the marker (its transform), which changes when the bus moves. */
const markerPlace = (page: Page, day: LiveDay) =>
  marker(page, day).evaluate((element) => (element as HTMLElement).style.transform);

test('the Today board and the Live map follow a trip as it runs, without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const day = await createLiveDay(page);
  const phone = driverPhone(page.request, day);
  const [firstStop, secondStop] = day.stops;

  await page.goto('/today');
  await expect(page.getByRole('status', { name: 'Connection: Live' })).toBeVisible();
  const row = boardRow(page, day);
  await expect(row).toContainText('PENDING');
  await expect(row).toContainText('0 of 2 stops');

  // The driver starts the trip: the board says so at once.
  await phone.start();
  await expect(row).toContainText('STARTED');
  await expect(row).toContainText('No position yet');

  // A child boards and the bus stands at the first stop.
  await phone.board(day.seatedChildId);
  await expect(await cellUnder(page, row, 'On board')).toHaveText('1');
  await phone.position(firstStop!.lat, firstStop!.lng);
  await expect(row).toContainText('1 of 2 stops');
  await expect(row).toContainText(`${secondStop!.name}, ETA`);
  await expect(row).toContainText(/Live, \d+ s ago/);
  await expect(
    row.getByRole('progressbar', { name: `Progress of ${day.routeName}: 1 of 2 stops` }),
  ).toHaveAttribute('aria-valuenow', '50');

  // The live map in a second window: the bus is there; a new fix moves it, at once.
  // Signed in as the admin too: a context made in a test starts with the test's saved session.
  const mapContext = await browser.newContext();
  const map = await mapContext.newPage();
  await map.goto('/live-map');
  await expect(busInList(map, day)).toContainText('1 on board');
  await expect(marker(map, day)).toBeVisible();
  const before = await markerPlace(map, day);
  await phone.position((firstStop!.lat + secondStop!.lat) / 2, (firstStop!.lng + secondStop!.lng) / 2);
  await expect.poll(() => markerPlace(map, day)).not.toBe(before);

  // The bus opens its trip's stop timeline: the first stop reached, the second estimated.
  await marker(map, day).click();
  const timeline = map.getByRole('dialog', { name: day.routeName });
  const stops = timeline.getByRole('list', { name: 'Stop timeline' }).getByRole('listitem');
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText(firstStop!.name);
  await expect(stops.nth(0)).toContainText('Arrived');
  await expect(stops.nth(1)).toContainText(secondStop!.name);
  await expect(stops.nth(1)).toContainText('ETA');
  await timeline.getByRole('button', { name: "Close the trip's stops" }).click();
  await expect(timeline).toBeHidden();

  // The board saw the bus leave the first stop too.
  await phone.position(secondStop!.lat, secondStop!.lng);
  await expect(row).toContainText('2 of 2 stops');
  await mapContext.close();
});

test('an alert appears on two dispatchers’ screens at once, and acknowledged on one it leaves both', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const day = await createLiveDay(page);
  const phone = driverPhone(page.request, day);
  await page.goto('/live-map');

  // Signed in as the admin too: a context made in a test starts with the test's saved session.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto('/today');

  await expect(page.getByRole('status', { name: 'Connection: Live' })).toBeVisible();
  await expect(other.getByRole('status', { name: 'Connection: Live' })).toBeVisible();

  // The driver scans a child who is not seated on this bus.
  await phone.start();
  await phone.board(day.otherChildId);
  const acknowledgeOn = (screen: Page) =>
    screen.getByRole('button', { name: `Acknowledge Wrong bus, ${day.routeName}` });
  const alertOn = (screen: Page) =>
    screen
      .getByRole('list', { name: 'Open alerts' })
      .getByRole('listitem')
      .filter({ has: acknowledgeOn(screen) });
  await expect(alertOn(page)).toContainText(day.parts.children[1]!.name);
  await expect(alertOn(other)).toContainText(day.parts.children[1]!.name);

  await acknowledgeOn(other).click();
  await expect(other.getByText('Alert acknowledged.')).toBeVisible();
  await expect(acknowledgeOn(other)).toHaveCount(0);
  await expect(acknowledgeOn(page)).toHaveCount(0);
  await otherContext.close();
});

test('a bus that stops sending turns grey with its age once its last fix is older than 15 s', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const day = await createLiveDay(page);
  const phone = driverPhone(page.request, day);
  await phone.start();
  await page.goto('/live-map');
  await expect(page.getByRole('status', { name: 'Connection: Live' })).toBeVisible();

  // A fix five seconds old: live now, stale ten seconds later, and nothing else is sent.
  await phone.position(day.stops[0]!.lat, day.stops[0]!.lng, 5);
  const bus = busInList(page, day);
  await expect(bus).toContainText(/Live, \d+ s ago/);
  await expect(marker(page, day).locator('.live-bus')).toHaveAttribute('data-freshness', 'fresh');

  await expect(marker(page, day).locator('.live-bus')).toHaveAttribute('data-freshness', 'stale', {
    timeout: 60_000,
  });
  await expect(bus).toContainText(/Last fix (1[6-9]|[2-5]\d) s ago/);
  await expect(marker(page, day)).toContainText(/\d+ s ago/);
});

test('the Live map and the Today board pass axe at a phone’s width (light mode)', async ({ page }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const day = await createLiveDay(page);
  const phone = driverPhone(page.request, day);
  await phone.start();
  await phone.board(day.otherChildId);
  await phone.position(day.stops[0]!.lat, day.stops[0]!.lng);

  await page.goto('/live-map');
  await expect(busInList(page, day)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Open alerts' })).toBeVisible();
  await expect(marker(page, day)).toBeVisible();
  // Only this test's bus: buses of earlier tests stand at the same stops, and markers on top of each other are
  // too close to tap apart (the list beside the map is the way to reach each one).
  await page.getByRole('combobox', { name: 'Route' }).click();
  await page.getByRole('option', { name: day.routeName }).click();
  await expect(marker(page, day)).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  await scan(page, 'Live map', { modes: ['light'] });

  await page.goto('/today');
  const card = page.getByRole('listitem', { name: `${day.routeName}, PICKUP` });
  await expect(card).toContainText('1 of 2 stops');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  await scan(page, 'Today board', { modes: ['light'] });
});
