import { randomUUID } from 'node:crypto';
import { localToday } from '../support/assignments-helpers';
import { expect, storedToken, test } from '../support/fixtures';
import { createLiveDay, driverPhone } from '../support/live-day';
import {
  childAtFirstStop,
  inviteParent,
  parentWords as words,
  PHONE,
  signInAsParent,
} from '../support/parent-portal';

/**
 * The parent portal on a phone as a trip runs: the office invites the parent (the mailed link sets a password),
 * the parent signs in at /parent, and the driver's phone is played through the driver API. The parent's screen is
 * never reloaded: what changes arrives over the parent's own, filtered event stream. Every wait is for what the
 * screen shows.
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

function tomorrow(): string {
  const date = new Date(`${localToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
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
  await childAtFirstStop(page, day);

  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders });
  const parent = await context.newPage();
  await signInAsParent(parent, parentAccount);

  const card = parent.getByRole('article', { name: childName });
  const morning = card.getByRole('region', { name: words('run.PICKUP') });
  const busMap = card.getByRole('region', { name: words('map.label', { name: childName }) });
  await expect(morning.getByText(words('state.NOT_STARTED'), { exact: true })).toBeVisible();
  await expect(busMap).toHaveCount(0);

  // The bus sets out towards the first stop: the parent sees it on its way, and where it is.
  await phone.start();
  const [firstStop, secondStop] = day.stops;
  await phone.position(firstStop!.lat - 0.002, firstStop!.lng);
  await expect(morning.getByText(words('state.ON_THE_WAY'), { exact: true })).toBeVisible();
  // The portal says from when the bus is shown.
  await expect(morning.getByText(words('run.busWindow', { count: 3, name: childName }))).toBeVisible();
  await expect(busMap).toBeVisible();

  // The child is scanned on board: it arrives live.
  await phone.board(day.seatedChildId);
  await expect(morning.getByText(words('state.BOARDED'), { exact: true })).toBeVisible();

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
  await expect(morning.getByText(words('state.LEFT'), { exact: true })).toBeVisible();
  await expect(busMap).toHaveCount(0);

  // Not riding tomorrow morning, entered by the parent.
  await card.getByRole('button', { name: words('child.notRiding') }).click();
  const dialog = parent.getByRole('dialog', { name: words('absence.title', { name: childName }) });
  await dialog.getByLabel(words('absence.date')).fill(tomorrow());
  await dialog
    .getByRole('combobox', { name: words('absence.run') })
    .selectOption({ label: words('absence.run.PICKUP') });
  await dialog.getByRole('button', { name: words('absence.save') }).click();
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
