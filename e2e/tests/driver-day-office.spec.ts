import type { Page } from '@playwright/test';
import { resetLinkIn, uniqueTag } from '@school-transport/testing';
import { createThroughApi } from '../support/api';
import { assignThroughApi, createParts, localToday } from '../support/assignments-helpers';
import { expect, storedToken, test } from '../support/fixtures';
import { lastMailTo } from '../support/mail-sink';
import { rowAction, searchList } from '../support/screens';
import { scan } from './accessibility-helpers';

/**
 * The office's side of the driver's day: stops, a route's morning run built and reordered, the school calendar, a
 * child marked not riding and a driver invited to the driver app. Records carry the test's tag (shared database).
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

/** A day `days` after today, YYYY-MM-DD. */
function dayAfter(days: number): string {
  const [year = 0, month = 1, day = 1] = localToday().split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return date.toISOString().slice(0, 10);
}

async function addStop(page: Page, name: string, lat: string, lng: string) {
  await page.getByRole('button', { name: 'Add New Stop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Stop' });
  await dialog.getByLabel('Stop Name').fill(name);
  await dialog.getByLabel('Latitude').fill(lat);
  await dialog.getByLabel('Longitude').fill(lng);
  await dialog.getByLabel('Address').fill(`${name} road`);
  await dialog.getByRole('button', { name: 'Add Stop' }).click();
  await expect(dialog).toBeHidden();
}

async function addExistingStop(page: Page, name: string) {
  const picker = page.getByRole('combobox', { name: 'Existing stop' });
  await picker.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await page.getByRole('button', { name: 'Add stop', exact: true }).click();
}

const stopRows = (page: Page) => page.getByRole('list', { name: 'Stops in order' }).getByRole('listitem');

test('an admin builds a route’s morning run from stops and a child’s pickup point, and it stays in order', async ({
  page,
}) => {
  // A long story of many saves: on a loaded 2-core machine it takes minutes.
  test.setTimeout(420_000);
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 2);
  await assignThroughApi(page, parts, 2);
  // Far from the children's pickup points, so the stop made for a child is never one of these.
  const gate = `Gate ${tag}`;
  const park = `Park ${tag}`;

  await page.goto('/all-stops');
  await addStop(page, gate, '13.05', '77.50');
  await addStop(page, park, '13.06', '77.51');
  await searchList(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(gate) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(park) })).toBeVisible();

  await page.goto('/all-routes');
  await searchList(page, tag);
  await rowAction(page, parts.route.name, 'View');
  await expect(page.getByRole('heading', { level: 1, name: 'Route Details' })).toBeVisible();
  await expect(page.getByText('The morning pickup run has no schedule yet')).toBeVisible();
  await page.getByRole('button', { name: 'Start a schedule' }).click();
  await page.getByLabel('Start time').fill('07:30');
  await addExistingStop(page, gate);
  await addExistingStop(page, park);
  await expect(stopRows(page)).toHaveCount(2);

  // From a child's pickup point: the run is saved first, then the server adds (or reuses) a stop there.
  await page.getByRole('button', { name: "Add from a child's pickup point" }).click();
  const fromChild = page.getByRole('dialog', { name: "Add a stop from a child's pickup point" });
  await fromChild.getByRole('button', { name: new RegExp(parts.children[0]!.name) }).click();
  await expect(fromChild.getByText('Stops within 400 m, to reuse')).toBeVisible();
  await fromChild.getByRole('button', { name: 'Add a stop at the pickup point' }).click();
  await expect(fromChild).toBeHidden();
  await expect(stopRows(page)).toHaveCount(3);
  await expect(stopRows(page).nth(0)).toContainText(gate);
  await expect(page.getByLabel(`Stop for ${parts.children[0]!.name}`)).not.toHaveText('No stop');

  // The park first: moved up with the keyboard-and-phone buttons. Its time (2) is now before the gate's (0)…
  await page.getByRole('button', { name: `Move ${park} up` }).click();
  await expect(stopRows(page).nth(0)).toContainText(park);
  await page.getByRole('button', { name: 'Save morning pickup run' }).click();
  await expect(stopRows(page).nth(1)).toContainText('A stop cannot be reached before the one before it');

  // …so the times are set in order and the run saved.
  await page.getByLabel(`Minutes after start for ${park}`).fill('0');
  await page.getByLabel(`Minutes after start for ${gate}`).fill('5');
  const third = stopRows(page)
    .nth(2)
    .getByLabel(/^Minutes after start for/);
  await third.fill('12');
  await expect(stopRows(page).nth(1)).toContainText('At 07:35');
  await page.getByRole('button', { name: 'Save morning pickup run' }).click();
  await expect(page.getByRole('button', { name: 'Save morning pickup run' })).toBeDisabled();

  await page.reload();
  await expect(stopRows(page)).toHaveCount(3);
  await expect(stopRows(page).nth(0)).toContainText(park);
  await expect(stopRows(page).nth(1)).toContainText(gate);
  await expect(page.getByLabel(`Minutes after start for ${gate}`)).toHaveValue('5');
  await expect(stopRows(page).nth(2)).toContainText('At 07:42');
  await expect(page.getByLabel('Start time')).toHaveValue('07:30');
});

test('an admin marks a holiday, marks a child not riding and invites a driver to the driver app', async ({
  page,
}) => {
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 1);
  await assignThroughApi(page, parts, 1);

  // A holiday three months ahead (the calendar is shared with the tests beside this one), then cleared again.
  await page.goto('/school-calendar');
  for (let step = 0; step < 3; step += 1) await page.getByRole('button', { name: 'Next month' }).click();
  const day = page.getByRole('button', { name: /^\w+ 17 \w+:/ });
  await day.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'This date is' }).click();
  await page.getByRole('option', { name: 'Holiday' }).click();
  await dialog.getByLabel('Note').fill(`Founders ${tag}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(day).toHaveAccessibleName(new RegExp(`Holiday, Founders ${tag}`));
  await day.click();
  await page.getByRole('button', { name: 'Clear: back to the weekday rule' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(day).not.toHaveAccessibleName(/Holiday/);

  // The child is not riding on a day next week, both runs; one of the two is taken back.
  const child = parts.children[0]!;
  await page.goto(`/student-details/${parts.ids.studentIds[0]}`);
  await expect(page.getByRole('img', { name: `QR code of ${child.name}'s ride card` })).toBeVisible();
  await page.getByRole('button', { name: 'Mark not riding' }).click();
  const absence = page.getByRole('dialog', { name: `${child.name} is not riding` });
  await absence.getByLabel('Date').fill(dayAfter(7));
  await absence.getByLabel('Reason').fill('Dentist');
  await absence.getByRole('button', { name: 'Mark not riding' }).click();
  await expect(absence).toBeHidden();
  const dates = page.getByRole('list', { name: 'Upcoming dates not riding' }).getByRole('listitem');
  await expect(dates).toHaveCount(2);
  await expect(dates.first()).toContainText('Dentist');
  await page.getByRole('button', { name: /^Remove not riding on .*Afternoon/ }).click();
  await page
    .getByRole('dialog', { name: 'Remove this date?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(dates).toHaveCount(1);
  await expect(dates.first()).toContainText('Morning');

  // The driver is invited: the mail with the link to choose a password arrives.
  await page.goto(`/driver-details/${parts.ids.driverId}`);
  await expect(page.getByText('No account')).toBeVisible();
  await page.getByRole('button', { name: 'Invite to the driver app' }).click();
  await expect(page.getByText(`Invitation sent to ${parts.driver.email}`)).toBeVisible();
  await expect(page.getByText('Invited', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the invitation again' })).toBeVisible();
  const mail = await lastMailTo(parts.driver.email);
  expect(resetLinkIn(mail)).toBeTruthy();
});

/** Fails when the page is wider than the phone it is shown on (something would need a sideways scroll). */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
}

test("the office's screens of the driver's day pass axe at a phone's width, in the light and the dark mode", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 1);
  await assignThroughApi(page, parts, 1);
  const stopId = await createThroughApi(page, 'stops', { name: `Corner ${tag}`, lat: 13.07, lng: 77.52 });
  const saved = await page.request.put(`/api/routes/${parts.ids.routeId}/runs/PICKUP`, {
    headers: { authorization: (await storedToken(page)) ?? '' },
    data: { startTime: '07:15', stops: [{ stopId, minutesAfterStart: 0 }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto('/all-stops');
  await searchList(page, tag);
  await expect(page.getByRole('article', { name: `Corner ${tag}` })).toBeVisible();
  await scan(page, 'Stops');

  await page.goto(`/route-details/${parts.ids.routeId}`);
  await expect(page.getByRole('list', { name: 'Stops in order' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Morning pickup stops map' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await scan(page, 'Route details');

  await page.goto('/school-calendar');
  await expect(page.getByRole('grid')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await scan(page, 'School calendar');

  await page.goto(`/student-details/${parts.ids.studentIds[0]}`);
  await expect(page.getByText(/rides as usual/)).toBeVisible();
  await expect(page.getByRole('img', { name: /ride card/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await scan(page, 'Student details with absences and the ride card');

  await page.goto(`/driver-details/${parts.ids.driverId}`);
  await expect(page.getByRole('button', { name: 'Invite to the driver app' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await scan(page, 'Driver details with the driver app account');
});
