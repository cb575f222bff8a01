import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { postThroughApi } from '../support/api';
import { localToday, newAssignment } from '../support/assignments-helpers';
import { createDriverDay } from '../support/driver-trip';
import { needsInspection } from '../support/inspection-day';
import { summary } from '../support/screens';

/** The number on a count card of the dashboard: a link named by what it counts and described by the number. */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
async function countOf(page: Page, label: string): Promise<number> {
  const card = page.getByRole('main').getByRole('link', { name: label, exact: true });
  await expect(card).toHaveAccessibleDescription(/^\d+$/);
  return Number(
    await card.evaluate(
      (link) => document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent,
    ),
  );
}

test('the dashboard counts what there is and leads to it', async ({ page }) => {
  // Four seats, two children of whom one rides, and today's trips of that assignment.
  const { tag, parts } = await newAssignment(page);
  await postThroughApi(page, 'trips/generate', { date: localToday() });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // Other tests add and remove records meanwhile: the figures are at least what this test made.
  for (const label of ['Drivers', 'Parents', 'Vehicles', 'Routes', 'Assignments']) {
    expect(await countOf(page, label)).toBeGreaterThanOrEqual(1);
  }
  expect(await countOf(page, 'Students')).toBeGreaterThanOrEqual(2);

  const used = page.getByRole('progressbar', { name: 'Seats used in assigned vehicles' });
  await expect(used).toHaveAttribute('aria-valuetext', /^\d+ of \d+ seats used$/);
  const [seatsUsed, seatsAssigned] = ((await used.getAttribute('aria-valuetext')) ?? '')
    .match(/\d+/g)!
    .map(Number);
  expect(seatsUsed).toBeGreaterThanOrEqual(1);
  expect(seatsAssigned).toBeGreaterThanOrEqual(Math.max(4, seatsUsed!));
  await expect(page.getByText(/^\d+ of \d+ fleet seats are in assigned vehicles$/)).toBeVisible();

  const pending = page.getByRole('link', { name: /^PENDING: \d+$/ });
  const pendingCount = Number(((await pending.getAttribute('aria-label')) ?? '').split(': ')[1]);
  expect(pendingCount).toBeGreaterThanOrEqual(2);
  await pending.click();
  const today = localToday();
  await expect(page).toHaveURL(`/all-trips?dateFrom=${today}&dateTo=${today}&status=PENDING`);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('PENDING');
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(summary(page)).toHaveText('Showing 1–2 of 2 records');

  await page.goto('/');
  const unassigned = page.getByRole('link', { name: /^Students without an assignment: \d+$/ });
  await expect(unassigned).toBeVisible();
  await unassigned.click();
  await expect(page).toHaveURL('/all-students?unassigned=true');
  const filter = page.getByRole('button', { name: 'Only students without an assignment' });
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  // Of the family's two children, only the one left out of the assignment, and the list says so under the name.
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  await expect(
    page.getByRole('cell', { name: new RegExp(`^${parts.children[1]!.name}\\s*Not seated$`) }),
  ).toBeVisible();

  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Assignments', exact: true }).click();
  await expect(page).toHaveURL('/all-assignments');
});

test('the Compliance card recounts when an alert says a bus is off the road, without a reload', async ({
  page,
}) => {
  const day = await createDriverDay(page, 1);
  await needsInspection(day, page, `Dashboard ${day.tag}`);
  let summaries = 0;
  page.on('response', (answer) => {
    if (answer.url().endsWith('/api/compliance/summary') && answer.ok()) summaries += 1;
  });

  await page.goto('/');
  const figure = page.getByText(/^Vehicles out of service: \d+$/);
  await expect(figure).toBeVisible();
  // The card's second count comes once the live stream is open: from then on it hears the alerts.
  await expect.poll(() => summaries).toBeGreaterThanOrEqual(2);
  const outOfService = async () => Number((await figure.textContent())?.match(/\d+$/)?.[0]);
  const before = await outOfService();

  // The driver's pre-trip inspection finds the brakes failing: the server raises VEHICLE_OUT_OF_SERVICE.
  const login = await page.request.post('/api/auth/login', { data: day.driver });
  expect(login.status(), await login.text()).toBe(200);
  const inspection = await page.request.post('/api/driver/inspections', {
    headers: { authorization: ((await login.json()) as { token: string }).token },
    data: {
      inspectionId: randomUUID(),
      vehicleId: day.parts.ids.vehicleId,
      completedAt: new Date().toISOString(),
      items: [
        { itemId: 'brakes', ok: false, note: 'Grinding noise', outOfService: true },
        { itemId: 'lights', ok: true },
      ],
    },
  });
  expect(inspection.status(), await inspection.text()).toBe(200);

  // Other tests may take buses off the road meanwhile: at least this one more, on the same page.
  await expect.poll(outOfService).toBeGreaterThan(before);
});
