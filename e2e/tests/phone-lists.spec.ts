import type { Page } from '@playwright/test';
import { assignmentPartsPayloads, familyPayload, uniqueTag } from '@school-transport/testing';
import { createThroughApi, postThroughApi, putThroughApi, recordsFor } from '../support/api';
import { assignThroughApi, createParts, localToday } from '../support/assignments-helpers';
import { E2E_URL } from '../support/environment';
import { test as base, expect, openDashboard } from '../support/fixtures';
import { guardianWritesThroughApi, inviteParent } from '../support/parent-portal';
import { expectNoSidewaysScroll, searchList } from '../support/screens';
import { newAdmin } from './accounts-helpers';
import { scan } from './accessibility-helpers';

/**
 * Every list screen on a phone shows its records as cards (title, a few fields, the actions menu) that fit the
 * screen; on a desktop with the menu open, from 1280 px up, its table fits its frame with the Actions column in
 * sight (issue 19: the Parents, Assignments and Trips tables were wider than their frame at 1440 px).
 */

interface ListScreen {
  /** The list's heading, also the name of its list of cards. */
  heading: string;
  path: string;
  /** Searched for, to find this test's record among those of the tests running beside it. */
  search?: string;
  /** The card's title, its accessible name. */
  title: string | RegExp;
  /** The button opening the record's actions menu, and an item in it; a trip has a view link instead. */
  menu?: { button: string; item: string };
  link?: string;
}

/** A record on every list, made through the API, each carrying `tag`. */
async function listScreensWithRecords(page: Page): Promise<ListScreen[]> {
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 3, 1);
  await assignThroughApi(page, parts, 1);
  const family = familyPayload(`${tag}P`, 1);
  await recordsFor(page).family(family);
  const stop = `Corner ${tag}`;
  await createThroughApi(page, 'stops', { name: stop, address: '3 Market Street', lat: 13.07, lng: 77.52 });
  const school = `Hillside School ${tag}`;
  await createThroughApi(page, 'schools', {
    name: school,
    address: '1 Campus Road',
    lat: 12.9352,
    lng: 77.6245,
    bellTime: '08:30',
    dismissalTime: '15:15',
  });
  await postThroughApi(page, 'trips/generate', { date: localToday() });
  // An invited administrator has an action (resend the invitation); the signed-in one has none on their own row.
  const invited = newAdmin();
  await postThroughApi(page, 'users/invite', { name: invited.name, email: invited.email });

  const child = family.children[0]!.name;
  return [
    {
      heading: 'All Drivers',
      path: '/all-drivers',
      search: tag,
      title: parts.driver.name,
      menu: { button: `Actions for ${parts.driver.name}`, item: 'View' },
    },
    {
      heading: 'All Vehicles',
      path: '/all-vehicles',
      search: tag,
      title: parts.vehicle.licensePlate,
      menu: { button: `Actions for ${parts.vehicle.licensePlate}`, item: 'Edit' },
    },
    {
      heading: 'All Routes',
      path: '/all-routes',
      search: tag,
      title: parts.route.name,
      menu: { button: `Actions for ${parts.route.name}`, item: 'Edit' },
    },
    {
      heading: 'All Stops',
      path: '/all-stops',
      search: tag,
      title: stop,
      menu: { button: `Actions for ${stop}`, item: 'Edit' },
    },
    {
      heading: 'All Schools',
      path: '/all-schools',
      search: tag,
      title: school,
      menu: { button: `Actions for ${school}`, item: 'Edit' },
    },
    {
      heading: 'All Parents',
      path: '/all-parents',
      search: `${tag}P`,
      title: family.name,
      menu: { button: `Actions for ${family.name}`, item: 'View' },
    },
    {
      heading: 'All Students',
      path: '/all-students',
      search: `${tag}P`,
      title: child,
      menu: { button: `Actions for ${child}`, item: 'View' },
    },
    {
      heading: 'All Assignments',
      path: '/all-assignments',
      search: tag,
      title: parts.route.name,
      menu: { button: `Actions for ${parts.route.name}`, item: 'Edit students' },
    },
    {
      heading: 'All Trips',
      path: '/all-trips',
      search: tag,
      title: parts.route.name,
      link: `View the PICKUP trip of ${parts.route.name}`,
    },
    {
      heading: 'Staff Users',
      path: '/staff-users',
      search: invited.name,
      title: invited.name,
      menu: { button: `Actions for ${invited.name}`, item: 'Resend invitation' },
    },
    // The log always holds the sign-in of this worker's admin; its entries have no actions.
    { heading: 'Audit Log', path: '/audit-log', title: /.+/ },
  ];
}

const test = base.extend<object, { listScreens: ListScreen[] }>({
  /**
   * The records every list shows, made once per worker: the tests that use them only look at them (a menu opened
   * and closed), so one set serves the phone's cards and both desktop widths.
   */
  listScreens: [
    async ({ browser, adminSession }, use) => {
      const context = await browser.newContext({
        baseURL: E2E_URL,
        storageState: (await adminSession()).state,
      });
      const page = await context.newPage();
      await openDashboard(page);
      const screens = await listScreensWithRecords(page);
      await context.close();
      await use(screens);
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
// The tests only look at records (made per worker, or their own): they run side by side on the two workers.
test.describe.configure({ mode: 'parallel' });

async function openList(page: Page, { heading, path, search }: ListScreen): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  if (!search) return;
  await searchList(page, search);
  // Until the search's answer arrives the list still shows the unsearched records (dimmed, aria-busy): measured
  // then, the table would be other tests' records, not this one's.
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(search);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('on a phone every list shows its records as cards that fit, each with its actions', async ({
  page,
  listScreens,
}) => {
  test.setTimeout(540_000); // eleven screens, each also scanned by axe
  await page.setViewportSize({ width: 390, height: 844 });

  for (const screen of listScreens) {
    await test.step(screen.heading, async () => {
      await openList(page, screen);
      const cards = page.getByRole('list', { name: screen.heading });
      const named = cards.getByRole('article', { name: screen.title });
      // A route's trips share its name: the one with the screen's link (their order within a day is not fixed).
      const card = (
        screen.link ? named.filter({ has: page.getByRole('link', { name: screen.link }) }) : named
      ).first();
      await expect(card).toBeVisible();
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(screen.title);
      // The fields a card shows come with their labels.
      await expect(card.getByRole('term').first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await scan(page, `${screen.heading} as cards`, { modes: ['light'] });

      if (screen.menu) {
        await card.getByRole('button', { name: screen.menu.button }).click();
        await expect(page.getByRole('menuitem', { name: screen.menu.item })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
      }
      if (screen.link) await expect(card.getByRole('link', { name: screen.link })).toBeVisible();
    });
  }
});

test("on a phone the trips' filters fold into one button that opens them, kept in the address", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/all-trips');
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(filters).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);

  await filters.click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog.getByRole('combobox', { name: 'Type' })).toBeVisible();
  await scan(page, 'Trip filters dialog', { modes: ['light'] });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'PENDING' }).click();
  await dialog.getByLabel('Date from').fill(localToday());
  const inAddress = (name: string) => new URL(page.url()).searchParams.get(name);
  await expect.poll(() => inAddress('status')).toBe('PENDING');
  await expect.poll(() => inAddress('dateFrom')).toBe(localToday());
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // A link to the filtered list opens with the filters counted on the button and set in the dialog.
  await page.reload();
  await page.getByRole('button', { name: 'Filters (2)' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Filters' }).getByRole('combobox', { name: 'Status' }),
  ).toHaveText('PENDING');
});

/**
 * Issue 35's office screens with a record of this test's on each (a guardian request, a message to families, a
 * template, a guardian's conversation, a change to acknowledge), made through the API; `page` is the admin's.
 */
async function familyScreensWithRecords(page: Page) {
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 3, 1);
  await assignThroughApi(page, parts, 1);
  const [childId] = parts.ids.studentIds;
  const child = parts.children[0]!.name;
  // The child's first stop on the morning run: a change their guardian must acknowledge (decision 068).
  const stopId = await createThroughApi(page, 'stops', { name: `Gate ${tag}`, lat: 13.07, lng: 77.52 });
  await putThroughApi(page, `routes/${parts.ids.routeId}/runs/PICKUP`, {
    startTime: '07:15',
    stops: [{ stopId, minutesAfterStart: 0 }],
  });
  await putThroughApi(page, `students/${childId}/stops/PICKUP`, { stopId });
  // The guardian, signed in through the API, asks for another guardian and writes to the office.
  await guardianWritesThroughApi(page, await inviteParent(page, { tag }), childId!, tag);
  const message = `Road works from Monday (${tag}): the bus may be 10 minutes late.`;
  await postThroughApi(page, 'family-messages/create', {
    audience: { kind: 'route', id: parts.ids.routeId },
    body: message,
  });
  const template = `Late bus ${tag}`;
  await createThroughApi(page, 'message-templates', {
    name: template,
    body: 'The bus of {route} is about {minutes} minutes late today.',
  });
  return { tag, child, message, template, routeId: parts.ids.routeId };
}

test("on a phone issue 35's office screens fit, each showing its records", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { tag, child, message, template, routeId } = await familyScreensWithRecords(page);
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });

  await page.goto('/guardian-requests');
  await expect(heading('Guardian requests')).toBeVisible();
  const request = page.getByRole('listitem', { name: `Guardian request for ${child}` });
  await expect(request.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto('/family-messages');
  await expect(heading('Messages to Families')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' }).getByText(message)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Send a Message' }).click();
  const send = page.getByRole('dialog', { name: 'Send a Message to Families' });
  await expect(send.getByRole('status')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(send).toBeHidden();

  await openList(page, {
    heading: 'Message Templates',
    path: '/message-templates',
    search: tag,
    title: template,
  });
  await expect(
    page.getByRole('list', { name: 'Message Templates' }).getByRole('article', { name: template }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto('/family-inbox');
  await expect(heading('Family inbox')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Conversation about ${child}`) }).click();
  const thread = page.getByRole('dialog', { name: new RegExp(`^${child}, `) });
  await expect(thread.getByText('Her grandmother collects her on Friday.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(thread).toBeHidden();

  await page.goto(`/plan-changes?routeId=${routeId}`);
  await expect(heading('Changes to acknowledge')).toBeVisible();
  await expect(
    page.getByRole('listitem', { name: `Change for ${child}` }).getByRole('button', { name: 'Remind' }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px with the menu open every list's table fits its frame, Actions in sight`, async ({
    page,
    listScreens,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize(viewport);

    for (const screen of listScreens) {
      await test.step(screen.heading, async () => {
        await openList(page, screen);
        await expect(
          page.getByRole('navigation', { name: 'Main menu' }).getByText('Drivers', { exact: true }),
        ).toBeVisible();
        const table = page.getByRole('table');
        await expect(table.getByRole('row', { name: screen.title }).first()).toBeVisible();
        const frame = table.locator('xpath=..');
        const fits = () => frame.evaluate((box) => box.scrollWidth <= box.clientWidth);
        expect(await fits(), `the ${screen.heading} table is wider than its frame`).toBe(true);
        await expectNoSidewaysScroll(page);

        if (screen.menu || screen.link) {
          const header = page.getByRole('columnheader', { name: 'Actions', exact: true });
          await expect(header).toBeInViewport({ ratio: 1 });
          const frameBox = await frame.boundingBox();
          const headerBox = await header.boundingBox();
          expect(headerBox!.x + headerBox!.width).toBeLessThanOrEqual(frameBox!.x + frameBox!.width + 0.5);
          // The header's text is whole, not cut at the frame's edge ('Actio').
          expect(await header.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
        }
      });
    }
  });
}

test('at 1280 px the longest licence, phone and registration numbers the forms accept still fit the Assignments and Trips tables', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tag = uniqueTag();
  const { family: _family, ...parts } = assignmentPartsPayloads(tag, 3, 0);
  const records = recordsFor(page);
  // The schemas' limits: licence 30 characters, registration 20, phone 20.
  const driver = { ...parts.driver, licenseNo: `WM${tag}`.padEnd(30, 'W'), phone: '+91 (987) 654-3210-1' };
  const { id: driverId } = await records.driver(driver);
  const { id: vehicleId } = await records.vehicle({
    ...parts.vehicle,
    licensePlate: `WM${tag}`.padEnd(20, 'W'),
  });
  const { id: routeId } = await records.busRoute(parts.route);
  await records.assignment({ driverId, vehicleId, routeId }, []);
  await postThroughApi(page, 'trips/generate', { date: localToday() });

  for (const [path, heading] of [
    ['/all-assignments', 'All Assignments'],
    ['/all-trips', 'All Trips'],
  ] as const) {
    await openList(page, { heading, path, search: tag, title: parts.route.name });
    await expect(page.getByRole('table').getByRole('row', { name: parts.route.name }).first()).toBeVisible();
    const frame = page.getByRole('table').locator('xpath=..');
    expect(
      await frame.evaluate((box) => box.scrollWidth <= box.clientWidth),
      `the ${heading} table is wider than its frame`,
    ).toBe(true);
    // The phone number stays on one line.
    const phone = page.getByRole('cell', { name: driver.phone, exact: true }).first();
    const lines = await phone.evaluate((cell) => {
      const text = document.createRange();
      text.selectNodeContents(cell);
      return text.getClientRects().length;
    });
    expect(lines).toBe(1);
  }
});
