import type { Page } from '@playwright/test';
import type { PlanProposal, PlanReview } from '@school-transport/shared';
import { uniqueTag } from '@school-transport/testing';
import { createThroughApi, postThroughApi } from '../support/api';
import { assignThroughApi, createParts, localToday, type Parts } from '../support/assignments-helpers';
import { inviteDriver } from '../support/driver-trip';
import { expect, openDashboard, storedToken, test } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/screens';
import { scan } from './accessibility-helpers';

/**
 * The route planner (issue 17): a planner proposes stops and runs, a person reviews and accepts them, and the
 * driver's manifest shows the new stops. Every record carries a tag of its own: the database is shared with the
 * tests running beside these.
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

/** A school a few kilometres from the children of `createParts` (who live around 12.935, 77.624). */
const schoolPayload = (tag: string) => ({
  name: `School ${tag}`,
  address: '1 College Road',
  lat: 12.9611,
  lng: 77.6387,
  bellTime: '08:30',
  dismissalTime: '15:00',
});

/** An assignment of a free driver, a vehicle of 10 seats and a route, with the first of three children seated. */
async function plannerParts(page: Page): Promise<{ tag: string; parts: Parts; schoolId: string }> {
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 10, 3);
  await assignThroughApi(page, parts, 1);
  const schoolId = await createThroughApi(page, 'schools', schoolPayload(tag));
  return { tag, parts, schoolId };
}

async function getThroughApi<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`/api/${path}`, {
    headers: { authorization: (await storedToken(page)) ?? '' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

test('a planner proposes, a person reviews and accepts, and the driver’s manifest shows the new stops', async ({
  page,
  browser,
}) => {
  const { tag, parts } = await plannerParts(page);
  const password = await inviteDriver(page, parts, tag);
  const [seated, second, third] = parts.children;

  // The planner, from the menu.
  await openDashboard(page);
  await page.getByRole('link', { name: 'Planner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Route Planner' })).toBeVisible();

  // Sent empty: each field says what it needs.
  await page.getByLabel('Planning time (seconds)').fill('');
  await page.getByRole('button', { name: 'Start planning' }).click();
  await expect(page.getByText('Choose a school')).toBeVisible();
  await expect(page.getByText('Choose at least one vehicle')).toBeVisible();
  await expect(page.getByText('Choose at least one child')).toBeVisible();

  // The school, the assignment's vehicle (which brings the child seated on it) and the other children.
  await page.getByRole('combobox', { name: 'School' }).click();
  await page.getByRole('option', { name: `School ${tag} (bell 08:30)` }).click();
  const vehicles = page.getByRole('group', { name: /^Vehicles/ });
  await vehicles.getByRole('searchbox', { name: 'Search vehicles' }).fill(tag);
  await vehicles.getByRole('checkbox', { name: new RegExp(parts.route.name) }).check();
  const children = page.getByRole('group', { name: /^Children/ });
  await expect(children).toHaveAccessibleName('Children (1 chosen)');
  await children.getByRole('searchbox', { name: 'Search children' }).fill(tag);
  // Only the search's three are shown (the unfiltered list, which also holds them, may still be on screen).
  await expect(children.getByRole('checkbox')).toHaveCount(3);
  await expect(children.getByRole('checkbox', { name: new RegExp(third!.name) })).toBeVisible();
  await expect(children.getByRole('checkbox', { name: new RegExp(seated!.name) })).toBeChecked();
  await children.getByRole('button', { name: 'Select all shown' }).click();
  await expect(children).toHaveAccessibleName('Children (3 chosen)');
  await page.getByLabel('Planning time (seconds)').fill('2');
  await page.getByRole('button', { name: 'Start planning' }).click();

  // The job's id is in the address; the review comes once the search is done.
  await expect(page).toHaveURL(/\/planner\?proposal=[0-9a-f-]{36}$/);
  const proposalId = new URL(page.url()).searchParams.get('proposal')!;
  const proposed = page.getByRole('region', { name: 'Proposed routes', exact: true });
  await expect(proposed).toBeVisible();
  await expect(proposed.getByRole('definition').first()).toHaveText('1');
  await expect(proposed.getByText('Total distance')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Current routes', exact: true }).getByText('Children seated'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of proposed routes' })).toBeVisible();
  const runs = page.getByRole('region', { name: 'Proposed runs' });
  await expect(
    runs.getByRole('row', { name: new RegExp(`${parts.route.name}.*${parts.driver.name}`) }),
  ).toBeVisible();

  // What changes: the two children without a seat get one; the seated child gets a stop.
  const changes = page.getByRole('region', { name: 'What changes (3)' });
  for (const child of [second!, third!]) {
    await expect(
      changes.getByRole('row', { name: new RegExp(`${child.name}.*Not seated.*${parts.route.name}`) }),
    ).toBeVisible();
  }
  await expect(changes.getByRole('row', { name: new RegExp(seated!.name) })).toBeVisible();

  // Nothing has changed yet: the route has no stops until the plan is accepted.
  const review = await getThroughApi<PlanReview>(page, `planner/proposals/${proposalId}/review`);
  expect(review.blockers).toEqual([]);
  expect(review.current.flatMap((run) => run.stops)).toEqual([]);

  await page.getByRole('button', { name: 'Accept plan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept this plan?' });
  await confirm.getByRole('button', { name: 'Accept plan' }).click();
  await expect(page.getByText('Plan accepted.')).toBeVisible();
  await expect(page.getByText(/This plan was accepted on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept plan' })).toHaveCount(0);

  // A reload comes back to the same, accepted, plan.
  await page.reload();
  await expect(page.getByText(/This plan was accepted on/)).toBeVisible();

  // Today's trips, generated as the office does every morning, follow the new runs.
  await postThroughApi(page, 'trips/generate', { date: localToday() });
  const stopNames = review.proposed.flatMap((run) => run.stops.map((stop) => stop.name));
  expect(stopNames.length).toBeGreaterThan(0);

  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await phone.goto('/driver');
  await phone.getByLabel('Email', { exact: true }).fill(parts.driver.email);
  await phone.getByLabel('Password').fill(password);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  const card = phone.getByRole('article', { name: new RegExp(`^Morning pickup, .*${parts.route.name}`) });
  await expect(card).toContainText(`${stopNames.length} stop`);
  await expect(card).toContainText('3 children');
  await card.getByRole('link', { name: 'Manifest' }).click();
  for (const name of stopNames) await expect(phone.getByRole('region', { name })).toBeVisible();
  for (const child of parts.children)
    await expect(phone.getByText(child.name, { exact: true })).toBeVisible();
  await phoneContext.close();
});

test("the planner's screens pass axe at a phone's width, in the light and the dark mode", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { parts, schoolId } = await plannerParts(page);

  await page.goto('/planner');
  await expect(page.getByRole('button', { name: 'Start planning' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await scan(page, 'Planner request');

  const started = await postThroughApi<PlanProposal>(page, 'planner/proposals', {
    schoolId,
    studentIds: parts.ids.studentIds,
    vehicleIds: [parts.ids.vehicleId],
    seconds: 1,
  });
  await page.goto(`/planner?proposal=${started.id}`);
  await expect(page.getByRole('region', { name: 'Proposed routes', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of proposed routes' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await scan(page, 'Planner review');
});
