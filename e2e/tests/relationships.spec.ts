import type { Page } from '@playwright/test';
import { uniqueTag } from '@school-transport/testing';
import { postThroughApi } from '../support/api';
import { assignThroughApi, createParts, localToday, type Parts } from '../support/assignments-helpers';
import { expect, test } from '../support/fixtures';
import { cellUnder, rowAction, searchList } from '../support/screens';

/** The width the back-office is used at on a laptop: every list's table fits its container there. */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
const LAPTOP = { width: 1280, height: 900 };

/** Fails when the list's table is wider than the box around it (a column would need a sideways scroll). */
async function expectTableFits(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .getByRole('table')
        .evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0)),
    )
    .toBe(true);
}

/** The page's panel titled `title` (a section named by its heading). */
const panel = (page: Page, title: string) => page.getByRole('region', { name: title });

/** On a vehicle's or route's page: its assignment's driver, its seated child (not the other) and today's trips. */
async function expectAssignedWork(page: Page, parts: Parts, part: 'vehicle' | 'route') {
  const assignment = panel(page, 'Assignment');
  await expect(assignment.getByRole('link', { name: parts.driver.name })).toBeVisible();
  await expect(
    part === 'vehicle'
      ? assignment.getByRole('link', { name: parts.route.name })
      : assignment.getByRole('link', { name: parts.vehicle.licensePlate }),
  ).toBeVisible();
  const children = page.getByRole('list', { name: `Children on this ${part}` });
  await expect(children.getByRole('link', { name: parts.children[0]!.name })).toBeVisible();
  await expect(children).not.toContainText(parts.children[1]!.name);
  // Today's pickup and drop come first. Other tests running beside this one generate other days' trips for
  // every assignment, so the list may hold more than these two.
  const trips = page.getByRole('list', { name: 'Recent and upcoming trips' }).getByRole('link');
  await expect(trips.nth(1)).toBeVisible();
  const [first, second] = [await trips.nth(0).innerText(), await trips.nth(1).innerText()];
  const dayOf = (text: string) => text.replace(/, (pickup|drop)$/, '');
  expect(dayOf(first)).toBe(dayOf(second));
  expect([first.split(', ').pop(), second.split(', ').pop()].sort()).toEqual(['drop', 'pickup']);
}

test("a child's route, a driver's vehicle and route, and the vehicle's and route's own pages", async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 2);
  await assignThroughApi(page, parts, 1);
  await postThroughApi(page, 'trips/generate', { date: localToday() });
  const [seated, walker] = parts.children as [Parts['children'][0], Parts['children'][0]];

  // Students: the seated child's route, under the name; the other child rides with no one.
  await page.goto('/all-students');
  await searchList(page, tag);
  const seatedRow = page.getByRole('row', { name: new RegExp(seated.name) });
  await expect(await cellUnder(page, seatedRow, 'Name')).toHaveText(
    `${seated.name}Route: ${parts.route.name}`,
  );
  const walkerRow = page.getByRole('row', { name: new RegExp(walker.name) });
  await expect(await cellUnder(page, walkerRow, 'Name')).toHaveText(`${walker.name}Not seated`);
  // The students' table is not measured: its columns were already wider than a laptop's box with these tagged
  // names and NFC tags before the route was shown (which adds no width, being under the name).

  // Drivers: the vehicle and route of the driver's assignment, under the name.
  await page.goto('/all-drivers');
  await searchList(page, tag);
  const driverRow = page.getByRole('row', { name: new RegExp(parts.driver.name) });
  const driverName = await cellUnder(page, driverRow, 'Name');
  await expect(driverName).toHaveText(
    `${parts.driver.name}${parts.vehicle.licensePlate} · ${parts.route.name}`,
  );
  await expect(driverName.getByRole('link', { name: parts.vehicle.licensePlate })).toHaveAttribute(
    'href',
    `/vehicle-details/${parts.ids.vehicleId}`,
  );
  await expectTableFits(page);

  // The vehicle's page, from its list's row actions.
  await page.goto('/all-vehicles');
  await searchList(page, tag);
  await expectTableFits(page);
  await rowAction(page, parts.vehicle.licensePlate, 'View');
  await expect(page).toHaveURL(`/vehicle-details/${parts.ids.vehicleId}`);
  await expect(page.getByRole('heading', { name: parts.vehicle.licensePlate })).toBeVisible();
  await expectAssignedWork(page, parts, 'vehicle');

  // The route's page, from its name in the list; then on to one of its trips.
  await page.goto('/all-routes');
  await searchList(page, tag);
  await page.getByRole('link', { name: parts.route.name }).click();
  await expect(page).toHaveURL(`/route-details/${parts.ids.routeId}`);
  await expectAssignedWork(page, parts, 'route');
  await page.getByRole('list', { name: 'Recent and upcoming trips' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/trip-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: parts.route.name })).toBeVisible();

  // A vehicle that is not there: said so, with the way back to the list.
  await page.goto('/vehicle-details/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Vehicle not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to All Vehicles' }).click();
  await expect(page).toHaveURL('/all-vehicles');
});
