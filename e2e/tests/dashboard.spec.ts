import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { postThroughApi } from '../support/api';
import { localToday, signInWithNewAssignment } from '../support/assignments-helpers';
import { summary } from '../support/screens';

/** The number on a count card of the dashboard: a link named by what it counts and described by the number. */
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
  const { tag, parts } = await signInWithNewAssignment(page);
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
