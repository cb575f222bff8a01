import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { linkTokenIn } from '@school-transport/testing';
import { postThroughApi } from '../support/api';
import { localToday } from '../support/assignments-helpers';
import { expect, storedToken, test } from '../support/fixtures';
import { createLiveDay, driverPhone, type LiveDay } from '../support/live-day';
import { lastMailTo } from '../support/mail-sink';

/**
 * The parent portal on a phone as a trip runs: the office invites the parent (the mailed link sets a password),
 * the parent signs in at /parent, and the driver's phone is played through the driver API. The parent's screen is
 * never reloaded: what changes arrives over the parent's own, filtered event stream. Every wait is for what the
 * screen shows.
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

const PHONE = { width: 390, height: 844 };

function tomorrow(): string {
  const date = new Date(`${localToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The office invites the day's parent; their password is set through the mailed link. Answers the sign-in. */
async function inviteParent(page: Page, day: LiveDay) {
  const authorization = (await storedToken(page)) ?? '';
  const found = await page.request.get(`/api/parents/get-all?${new URLSearchParams({ search: day.tag })}`, {
    headers: { authorization },
  });
  expect(found.status(), await found.text()).toBe(200);
  const [parent] = ((await found.json()) as { data: { id: string; user: { email: string } }[] }).data;
  expect(parent, `the parent of ${day.tag}`).toBeTruthy();
  await postThroughApi(page, `parents/${parent!.id}/invite`, {});
  const token = linkTokenIn(await lastMailTo(parent!.user.email));
  expect(token, 'the invitation mail holds a link').toBeTruthy();
  const password = `parent password ${day.tag}`;
  const reset = await page.request.post('/api/auth/reset-password', {
    data: { token, password, confirmPassword: password },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  return { email: parent!.user.email, password };
}

test('a parent follows the morning run on a phone: the bus only while it carries their child, boarding live, not riding tomorrow', async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  test.setTimeout(360_000);
  const day = await createLiveDay(page);
  const childName = day.parts.children[0]!.name;
  const phone = driverPhone(page.request, day);
  const parentAccount = await inviteParent(page, day);
  // The child waits at the run's first stop: a parent sees the bus from 3 stops before their child's stop, so
  // from the start here (a child with no stop on the run sees it only once on board).
  const tied = await page.request.put(`/api/students/${day.seatedChildId}/stops/PICKUP`, {
    headers: { authorization: (await storedToken(page)) ?? '' },
    data: { stopId: day.stopIds[0] },
  });
  expect(tied.status(), await tied.text()).toBe(200);

  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders });
  const parent = await context.newPage();
  await parent.goto('/parent/sign-in');
  await parent.getByLabel('Email Address').fill(parentAccount.email);
  await parent.getByLabel('Password').fill(parentAccount.password);
  await parent.getByRole('button', { name: 'Sign in' }).click();

  const card = parent.getByRole('article', { name: childName });
  const morning = card.getByRole('region', { name: 'Morning' });
  const busMap = card.getByLabel(`Map of ${childName}’s bus`);
  await expect(morning.getByText('Not started', { exact: true })).toBeVisible();
  await expect(busMap).toHaveCount(0);

  // The bus sets out towards the first stop: the parent sees it on its way, and where it is.
  await phone.start();
  const [firstStop, secondStop] = day.stops;
  await phone.position(firstStop!.lat - 0.002, firstStop!.lng);
  await expect(morning.getByText('Bus on the way', { exact: true })).toBeVisible();
  // The portal says from when the bus is shown.
  await expect(
    morning.getByText(`The bus is shown from 3 stops before ${childName}’s stop`, { exact: false }),
  ).toBeVisible();
  await expect(busMap).toBeVisible();

  // The child is scanned on board: it arrives live.
  await phone.board(day.seatedChildId);
  await expect(morning.getByText('On the bus', { exact: true })).toBeVisible();

  // The child gets off at school: the bus is not theirs to follow any more.
  const left = await page.request.post('/api/driver/events', {
    headers: { authorization: day.driverToken },
    data: {
      events: [
        {
          eventId: randomUUID(),
          tripId: day.tripId,
          kind: 'ALIGHT',
          studentId: day.seatedChildId,
          method: 'TAP',
          occurredAt: new Date().toISOString(),
          lat: secondStop!.lat,
          lng: secondStop!.lng,
        },
      ],
    },
  });
  expect(left.ok(), await left.text()).toBe(true);
  await expect(morning.getByText('Left the bus', { exact: true })).toBeVisible();
  await expect(busMap).toHaveCount(0);

  // Not riding tomorrow morning, entered by the parent.
  await card.getByRole('button', { name: 'Not riding…' }).click();
  const dialog = parent.getByRole('dialog', { name: `${childName} is not riding` });
  await dialog.getByLabel('Date').fill(tomorrow());
  await dialog.getByRole('combobox', { name: 'Run' }).click();
  await parent.getByRole('option', { name: 'Morning', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // The office sees the parent's mark on the child's absences. (The driver's manifest shows it on the day itself:
  // a driver opens only today's trips, decision 051.)
  const authorization = (await storedToken(page)) ?? '';
  const absences = await page.request.get(`/api/students/${day.seatedChildId}/absences`, {
    headers: { authorization },
  });
  expect(absences.status(), await absences.text()).toBe(200);
  const marks = ((await absences.json()) as { data: { date: string; run: string }[] }).data;
  expect(marks).toContainEqual(expect.objectContaining({ date: tomorrow(), run: 'PICKUP' }));
  await context.close();
});
