import type { Browser } from '@playwright/test';
import { familyPayload, uniqueTag } from '@school-transport/testing';
import { postThroughApi, recordsFor } from '../support/api';
import { assignThroughApi, createParts } from '../support/assignments-helpers';
import { PHONE_STUBS, inviteDriver, signInAsDriver } from '../support/driver-trip';
import { field } from '../support/families-helpers';
import { expect, storedToken, test } from '../support/fixtures';
import { driverPhone, generateTodaysPickup } from '../support/live-day';
import { lastMailTo, resetLinkIn } from '../support/mail-sink';
import {
  fromParentMenu,
  inviteParent,
  parentWords as words,
  PHONE,
  signInAsParent,
} from '../support/parent-portal';
import { phoneWords } from '../support/phone-words';
import { cellUnder } from '../support/screens';
import { uploadPhoto } from './accessibility-helpers';

/**
 * Issue 35's stories in the browser (decisions 064–066): a second guardian asked for in the portal, approved by
 * the office and signed in on a phone; a child handed to an authorized adult recognised by photo on the driver's
 * phone; an office message to a route read on a parent's phone. What a story is not about (the families, routes,
 * invitations, a trip under way) is made through the API; the phones are 390 px wide.
 */

// The office works as the signed-in admin; each phone is a browser context of its own.
test.use({ adminSignedIn: true });

const driverWords = phoneWords('driver');

/**
 * A phone in someone else's hand, at 390 px, counted against the sign-in limit as this test's address. Its storage
 * starts empty: a new context would otherwise start with the test's admin session (adminSignedIn), which a phone
 * opening the back-office's set-password page would show.
 */
async function phoneOf(browser: Browser, extraHTTPHeaders: Record<string, string> | undefined) {
  const context = await browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders,
    storageState: { cookies: [], origins: [] },
  });
  return { context, phone: await context.newPage() };
}

test('a guardian asks for a second guardian, the office approves, and the second signs in on a phone seeing only that child', async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const family = familyPayload(tag, 2);
  await recordsFor(page).family(family);
  const account = await inviteParent(page, { tag });
  const [first, second] = family.children;
  const rose = {
    name: `Rose ${tag}`,
    email: `rose-${tag.toLowerCase()}@example.com`,
    phone: '+91 98450 55501',
  };

  // The first guardian asks, on their phone, for Rose as the grandparent of their first child.
  const { context, phone: parent } = await phoneOf(browser, extraHTTPHeaders);
  await signInAsParent(parent, account);
  await fromParentMenu(parent, words, words('menu.guardians'));
  await expect(parent.getByRole('heading', { level: 1, name: words('guardians.title') })).toBeVisible();
  await parent
    .getByRole('combobox', { name: words('stopChanges.child'), exact: true })
    .selectOption({ label: first!.name });
  await parent.getByLabel(words('guardians.name')).fill(rose.name);
  await parent.getByLabel(words('guardians.email')).fill(rose.email);
  await parent.getByLabel(words('guardians.phone')).fill(rose.phone);
  await parent
    .getByRole('combobox', { name: words('guardians.relation') })
    .selectOption({ label: words('relation.GRANDPARENT') });
  await parent.getByRole('button', { name: words('guardians.send') }).click();
  const requests = parent.getByRole('list', { name: words('guardians.listLabel') });
  const entry = words('guardians.entry', {
    name: rose.name,
    relation: words('relation.GRANDPARENT'),
    child: first!.name,
  });
  await expect(requests.getByRole('listitem').filter({ hasText: entry })).toContainText(
    words('guardians.state.REQUESTED'),
  );

  // The office approves it under Guardian requests, completing Rose's parent record.
  await page.goto('/guardian-requests');
  const card = page
    .getByRole('listitem', { name: `Guardian request for ${first!.name}` })
    .filter({ hasText: rose.name });
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${rose.name} as a guardian of ${first!.name}` });
  await expect(field(approve, 'Email')).toHaveValue(rose.email);
  await field(approve, 'Alternative Phone No').fill('080 2345 0001');
  await field(approve, 'Address').fill('2 Orchard Road');
  await field(approve, 'State').fill('Karnataka');
  await field(approve, 'ZIP Code').fill('560001');
  await approve.getByRole('button', { name: 'Approve and invite' }).click();
  await expect(approve).toBeHidden();
  await expect(card).toHaveCount(0);

  // The first guardian sees it approved.
  await parent.reload();
  await expect(requests.getByRole('listitem').filter({ hasText: entry })).toContainText(
    words('guardians.state.APPROVED'),
  );
  await context.close();

  // Rose follows the invitation's link on her own phone, chooses a password and signs in to the portal.
  const link = resetLinkIn(await lastMailTo(rose.email));
  expect(link, 'the invitation mail holds a link').toBeTruthy();
  const { pathname, search } = new URL(link!);
  const { context: roseContext, phone: rosePhone } = await phoneOf(browser, extraHTTPHeaders);
  await rosePhone.goto(pathname + search);
  const password = `rose password ${tag}`;
  await rosePhone.getByLabel('New Password').fill(password);
  await rosePhone.getByLabel('Confirm Password').fill(password);
  await rosePhone.getByRole('button', { name: 'Update Password' }).click();
  await expect(rosePhone).toHaveURL(/\/parent\/sign-in$/);
  await signInAsParent(rosePhone, { email: rose.email, password });

  // Only the child she is a guardian of.
  await expect(rosePhone.getByRole('article', { name: first!.name })).toBeVisible();
  await expect(rosePhone.getByRole('article')).toHaveCount(1);
  await expect(rosePhone.getByRole('article', { name: second!.name })).toHaveCount(0);
  await roseContext.close();
});

test("a child is handed over at drop-off to the adult whose photo the driver's phone shows, and the guardian sees who received them", async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 1, { handOver: 'ALWAYS' });
  await assignThroughApi(page, parts, 1);
  const [child] = parts.children;
  const [childId] = parts.ids.studentIds;
  const adult = { name: `Rose ${tag}`, relation: 'Grandmother', phone: '+91 98450 55502' };
  const { id: adultId } = await postThroughApi<{ id: string }>(
    page,
    `students/${childId}/authorized-adults`,
    adult,
  );
  await uploadPhoto(page, 'authorized-adult', adultId);
  const account = await inviteParent(page, { tag });

  // The afternoon run is under way with the child on board (said by the driver's phone through the API).
  const driver = { email: parts.driver.email, password: await inviteDriver(page, parts, tag) };
  const trip = await generateTodaysPickup(page, (await storedToken(page)) ?? '', parts.route.name, 'DROP');
  const login = await page.request.post('/api/auth/login', { data: driver });
  expect(login.status(), await login.text()).toBe(200);
  const driverToken = ((await login.json()) as { token: string }).token;
  const bus = driverPhone(page.request, { tripId: trip.id, driverToken });
  await bus.start();
  await bus.board(childId!);

  // At the child's stop the driver lets them off: the app asks who received them, with the adult's photo.
  const { context: driverContext, phone } = await phoneOf(browser, extraHTTPHeaders);
  await driverContext.addInitScript(PHONE_STUBS);
  await signInAsDriver(phone, driver);
  await expect(phone.getByRole('heading', { level: 1, name: driverWords('today.title') })).toBeVisible();
  await phone.goto(`/driver/trips/${trip.id}`);
  await phone
    .getByRole('button', { name: new RegExp(`^${child!.name}, ${driverWords('rider.state.ON_BUS')}`) })
    .click();
  await phone.getByRole('button', { name: driverWords('rider.leave'), exact: true }).click();
  const dialog = phone.getByRole('dialog', { name: driverWords('handOver.title', { name: child!.name }) });
  const photo = dialog.getByRole('img', { name: driverWords('handOver.photo', { name: adult.name }) });
  await expect(photo).toBeVisible();
  // The photo itself, loaded from its signed link, not the initials drawn in its place.
  await expect
    .poll(() =>
      photo.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBeGreaterThan(0);
  await dialog.getByRole('button', { name: new RegExp(adult.name) }).click();
  await expect(dialog).toBeHidden();
  await expect(
    phone.getByText(driverWords('handOver.received', { name: child!.name, adult: adult.name })),
  ).toBeVisible();
  await expect(phone.getByRole('status', { name: driverWords('trip.onBus.label') })).toHaveText('0');
  await expect(phone.getByText(/waiting to be sent/)).toHaveCount(0);
  await driverContext.close();

  // The guardian, on their phone, reads who received the child on the afternoon run.
  const { context, phone: parent } = await phoneOf(browser, extraHTTPHeaders);
  await signInAsParent(parent, account);
  const afternoon = parent
    .getByRole('article', { name: child!.name })
    .getByRole('region', { name: words('run.DROP') });
  await expect(afternoon.getByText(words('state.LEFT'), { exact: true })).toBeVisible();
  await expect(
    afternoon.getByText(words('run.receivedBy', { name: adult.name, relation: adult.relation })),
  ).toBeVisible();
  await context.close();
});

test("the office's message to a route is delivered, read on a parent's phone, and counted read", async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 1);
  await assignThroughApi(page, parts, 1);
  const account = await inviteParent(page, { tag });
  const body = `Road works on Mill Lane from Monday (${tag}): the bus may be 10 minutes late.`;

  // The office writes to the route's guardians, told first how many it reaches.
  await page.goto('/family-messages');
  await page.getByRole('button', { name: 'Send a Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a Message to Families' });
  await dialog.getByRole('combobox', { name: 'Route' }).click();
  await page.getByRole('option', { name: parts.route.name, exact: true }).click();
  // The audience's label names the kind too ("Route Route X 0": the test's routes are called Route…).
  await expect(dialog.getByRole('status')).toHaveText(
    new RegExp(`^1 guardian\\(s\\) of .*${parts.route.name} will receive it\\.$`),
  );
  await dialog.getByRole('textbox', { name: 'Message' }).fill(body);
  await dialog.getByRole('button', { name: 'Send…' }).click();
  await page
    .getByRole('dialog', { name: 'Send this message?' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(dialog).toBeHidden();

  // Its row shows the sending through to the end: sent and delivered to the one guardian, not read yet.
  const row = page.getByRole('row').filter({ hasText: body });
  await expect(await cellUnder(page, row, 'Progress')).toHaveText('Sent to 1');
  await expect(await cellUnder(page, row, 'Delivered')).toHaveText('1');
  await expect(await cellUnder(page, row, 'Read')).toHaveText('0');

  // The parent opens Messages on the phone and reads it.
  const { context, phone: parent } = await phoneOf(browser, extraHTTPHeaders);
  await signInAsParent(parent, account);
  await fromParentMenu(parent, words, words('menu.messages'));
  const message = parent.getByRole('list', { name: words('messages.listLabel') }).getByRole('button', {
    name: body,
  });
  await expect(message).toContainText(words('messages.unread'));
  const marked = parent.waitForResponse(
    (answer) => /\/api\/parent\/messages\/[^/]+\/read$/.test(answer.url()) && answer.ok(),
  );
  await message.click();
  const opened = parent.getByRole('dialog', { name: words('messages.fromOffice') });
  await expect(opened).toContainText(body);
  await marked;
  await opened.getByRole('button', { name: words('messages.close') }).click();
  await expect(message).not.toContainText(words('messages.unread'));
  await context.close();

  // The office sees it read.
  await page.reload();
  await expect(await cellUnder(page, row, 'Read')).toHaveText('1');
});
