import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { uniqueTag } from '@school-transport/testing';
import { expect, storedToken, test } from '../support/fixtures';
import { createThroughApi } from '../support/api';
import { assignThroughApi, createParts, localToday } from '../support/assignments-helpers';
import { inviteDriver } from '../support/driver-trip';
import { generateTodaysPickup } from '../support/live-day';

/** More stops than a page of a per-stop report (REPORT_PAGE_SIZE, 50). */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
const STOPS = 56;

test('a per-stop report shows a page of its stops, least on time first, pages on, and its CSV holds them all', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const authorization = (await storedToken(page)) ?? '';
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 2);

  // A morning run of STOPS stops a kilometre apart, a minute apart, starting an hour ago (away from other tests).
  const stops = Array.from({ length: STOPS }, (_, index) => ({
    name: `Pager ${String(index + 1).padStart(2, '0')} ${tag}`,
    lat: 14.2 + index * 0.01,
    lng: 76.3,
  }));
  const stopIds: string[] = [];
  for (const stop of stops) stopIds.push(await createThroughApi(page, 'stops', stop));
  const start = new Date(Date.now() - 60 * 60_000);
  const saved = await page.request.put(`/api/routes/${parts.ids.routeId}/runs/PICKUP`, {
    headers: { authorization },
    data: {
      startTime: `${String(start.getHours()).padStart(2, '0')}:${String(start.getMinutes()).padStart(2, '0')}`,
      stops: stopIds.map((stopId, index) => ({ stopId, minutesAfterStart: index })),
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  // Assigned only once its run has its stops: a test beside this one may generate today's trips at any moment, and
  // a trip copies its route's stops when it is generated.
  await assignThroughApi(page, parts, 1);

  const today = localToday();
  const trip = await generateTodaysPickup(page, authorization, parts.route.name);

  // The driver's phone: the trip starts and the bus stands at every stop, 5 s apart from the trip's start (fixes
  // are taken only from a trip's start to now, decision 051), so every stop is late, each by less than the one
  // before.
  const password = await inviteDriver(page, parts, tag);
  const login = await page.request.post('/api/auth/login', {
    data: { email: parts.driver.email, password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const driver = { authorization: ((await login.json()) as { token: string }).token };
  const started = await page.request.post(`/api/driver/trips/${trip.id}/start`, {
    headers: driver,
    data: {},
  });
  expect(started.ok(), await started.text()).toBe(true);
  const startedAt = Date.parse(((await started.json()) as { data: { startedAt: string } }).data.startedAt);
  const fixes = await page.request.post('/api/driver/positions', {
    headers: driver,
    data: {
      positions: stops.map((stop, index) => ({
        positionId: randomUUID(),
        tripId: trip.id,
        lat: stop.lat,
        lng: stop.lng,
        accuracy: 8,
        speed: 0,
        recordedAt: new Date(startedAt + index * 5_000).toISOString(),
      })),
    },
  });
  expect(fixes.ok(), await fixes.text()).toBe(true);

  await page.goto(`/reports?from=${today}&to=${today}&tab=on-time`);
  const perStop = page.getByRole('region', { name: /On-time performance per stop/ });
  const summary = perStop.getByText(/ rows, least on time first$/);
  // Other tests' stops of today may be there too: at least ours, 50 on a page.
  await expect(summary).toHaveText(/^1–50 of [\d,]+ rows, least on time first$/);
  const total = Number(/of ([\d,]+) rows/.exec((await summary.textContent())!)![1]!.replace(/,/g, ''));
  expect(total).toBeGreaterThanOrEqual(STOPS);
  const table = perStop.getByRole('table', { name: /On-time performance per stop/ });
  await expect(table.locator('tbody tr')).toHaveCount(50);
  await expect(perStop.getByRole('figure', { name: /Chart: On-time performance per stop/ })).toBeVisible();

  /** The On time % column of the rows on screen, in order. */
  const onTimePercents = async () =>
    (
      await table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.children[6]!.textContent ?? ''))
    ).map((text) => Number(text.replace(/[^\d.]/g, '')));
  const first = await onTimePercents();
  expect(first).toEqual([...first].sort((a, b) => a - b));

  await perStop.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(summary).toHaveText(
    new RegExp(`^51–${Math.min(total, 100)} of ${total.toLocaleString('en-GB')} rows`),
  );
  const second = await onTimePercents();
  expect(second[0]).toBeGreaterThanOrEqual(first.at(-1)!);
  expect(second).toEqual([...second].sort((a, b) => a - b));
  // The chart keeps drawing the least on time stops, whichever page the table is on.
  await expect(perStop.getByRole('figure', { name: /Chart: On-time performance per stop/ })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    perStop.getByRole('button', { name: /Download On-time performance per stop .* as CSV/ }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(
    csv.startsWith('\uFEFFStop,Trips,Stop arrivals,On time,Early,Late,On time %,Average delay (min)\r\n'),
  ).toBe(true);
  const lines = csv.trimEnd().split('\r\n');
  expect(lines.length - 1).toBeGreaterThanOrEqual(total);
  for (const stop of stops) expect(csv).toContain(`${stop.name},1,1,`);
});
