import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import type { FieldTrip } from '@school-transport/shared';
import { driverPayload, uniqueTag, vehiclePayload } from '@school-transport/testing';
import { createThroughApi, postThroughApi, putThroughApi, recordsFor } from '../support/api';
import { chooseOption, localToday } from '../support/assignments-helpers';
import { acceptInvitation, inviteDriver, PHONE_STUBS, signInAsDriver } from '../support/driver-trip';
import { expect, signIn, test } from '../support/fixtures';

/**
 * A field trip from the request to the invoice (issue 37, decisions 073 and 078), each person in a browser of their
 * own: school staff ask for it on the Field trips screen, the admin approves it (the estimate shown) and books a
 * free driver and bus (one already booked at those times is not offered), the driver starts and finishes it on the
 * phone, and the office completes it with the odometer (the phone sent no positions) and bills the school.
 *
 * The admin makes the school, the requester, the driver and the buses through the API. The requester is a school
 * staff account of this test's own, linked to its school by the invitation: the seeded one's schools are replaced by
 * staff-roles.spec.ts, which may run beside this test. The buses have a vehicle type of this test's own, with its
 * rate: per km only, above a minimum, so the estimate (a few km) is the minimum and the actual cost the odometer's.
 */
test.use({ adminSignedIn: true });

const RATE = { perHour: 0, perKm: 2, minimum: 100 };
const ODOMETER_KM = 80;
const ACTUAL = (ODOMETER_KM * RATE.perKm).toFixed(2);

/** A browser of its own, seen by the server from `headers`' client address. */
async function newPage(browser: Browser, baseURL: string | undefined, headers?: Record<string, string>) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: headers, storageState: undefined });
  return context.newPage();
}

/** Invites a school staff account for `schoolId` and chooses its password through the mailed link. */
async function schoolStaffOf(page: Page, schoolId: string, tag: string) {
  const account = {
    name: `Staff ${tag}`,
    email: `staff-${tag.toLowerCase()}@example.com`,
    password: `school staff password ${tag}`,
  };
  await postThroughApi(page, 'users/invite', {
    name: account.name,
    email: account.email,
    role: 'school_staff',
    schoolIds: [schoolId],
  });
  await acceptInvitation(page, account.email, account.password);
  return account;
}

test('school staff request a field trip; the office approves, books a free bus, completes it and bills the school', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  const tag = uniqueTag();
  const today = localToday();
  const destination = `Museum ${tag}`;
  const vehicleType = `Field bus ${tag}`;
  const records = recordsFor(page);

  // The office's set-up: the school, its staff account, the rate, a free driver and bus, and a driver and bus
  // already booked on another trip of that school at the same times.
  const schoolName = `Trip School ${tag}`;
  const schoolId = await createThroughApi(page, 'schools', {
    name: schoolName,
    lat: 12.97,
    lng: 77.59,
    bellTime: '08:30',
    dismissalTime: '15:00',
  });
  const staffAccount = await schoolStaffOf(page, schoolId, tag);
  await putThroughApi(page, 'field-trips/rates', { vehicleType, ...RATE });
  const driver = await records.driver(driverPayload(tag, 1));
  const vehicle = await records.vehicle({ ...vehiclePayload(tag, 1), type: vehicleType });
  const busyDriver = await records.driver(driverPayload(tag, 2));
  const busyVehicle = await records.vehicle({ ...vehiclePayload(tag, 2), type: vehicleType });
  const other = await postThroughApi<FieldTrip>(page, 'field-trips/create', {
    schoolId,
    destinationName: `Zoo ${tag}`,
    destinationLat: 12.99,
    destinationLng: 77.6,
    date: today,
    departTime: '10:00',
    returnTime: '12:00',
    pupils: 10,
    adults: 1,
    wheelchairPlaces: 0,
  });
  await postThroughApi(page, `field-trips/approve/${other.id}`, { vehicleType });
  await postThroughApi(page, `field-trips/schedule/${other.id}`, {
    buses: [{ driverId: busyDriver.id, vehicleId: busyVehicle.id }],
  });
  const driverPassword = await inviteDriver(
    page,
    { ids: { driverId: driver.id }, driver: { email: driver.user.email } },
    tag,
  );

  // 1. School staff ask for the trip on the Field trips screen.
  const staff = await newPage(browser, baseURL, extraHTTPHeaders);
  await signIn(staff, staffAccount);
  await expect(staff).toHaveURL('/my-schools');
  await staff
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Field trips' })
    .click();
  await staff.getByRole('button', { name: 'Request a trip' }).click();
  const request = staff.getByRole('dialog', { name: 'Request a field trip' });
  // Their one school is chosen already.
  await expect(request.getByRole('combobox', { name: 'School' })).toHaveText(schoolName);
  await request.getByLabel('Destination').fill(destination);
  await request.getByLabel('Address').fill('1 Museum Road');
  await request.getByLabel('Latitude').fill('12.98');
  await request.getByLabel('Longitude').fill('77.6');
  await request.getByLabel('Date').fill(today);
  await request.getByLabel('Departure').fill('09:00');
  await request.getByLabel('Return').fill('14:00');
  await request.getByLabel('Pupils').fill('20');
  await request.getByLabel('Adults').fill('2');
  await request.getByRole('button', { name: 'Send request' }).click();
  await expect(request).toBeHidden();
  const staffRow = staff.getByRole('row', { name: new RegExp(destination) });
  await expect(staffRow).toContainText('20 pupils, 2 adults');
  await expect(staffRow).toContainText('Requested');
  await staff.context().close();

  // 2. The admin approves it: the estimate (a few km, under the minimum) is shown.
  await page.goto('/field-trips');
  const row = page.getByRole('row', { name: new RegExp(destination) });
  await row.getByRole('button', { name: new RegExp(`^Approve: ${destination}`) }).click();
  const approve = page.getByRole('dialog', { name: `Approve the ${destination} trip` });
  await approve.getByRole('combobox', { name: 'Estimate with the rate of' }).click();
  await page.getByRole('option', { name: vehicleType, exact: true }).click();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(row).toContainText('Approved');
  await expect(row).toContainText(`${RATE.minimum.toFixed(2)} (estimate)`);

  // Then books a driver and a bus: the ones booked on the other trip at those times are not offered.
  await row.getByRole('button', { name: new RegExp(`^Schedule: ${destination}`) }).click();
  const schedule = page.getByRole('dialog', { name: `Schedule the ${destination} trip` });
  await expect(schedule.getByText('Needs 22 seats and 0 wheelchair places.')).toBeVisible();
  await schedule.getByText(/^Not free or not valid that day/).click();
  await expect(schedule.getByRole('listitem').filter({ hasText: busyDriver.user.name })).not.toHaveCount(0);
  await schedule.getByRole('combobox', { name: 'Driver 1' }).click();
  await expect(page.getByRole('option', { name: driver.user.name })).toBeVisible();
  await expect(page.getByRole('option', { name: busyDriver.user.name })).toHaveCount(0);
  await page.getByRole('option', { name: driver.user.name }).click();
  await schedule.getByRole('combobox', { name: 'Vehicle 1' }).click();
  await expect(page.getByRole('option', { name: new RegExp(`^${busyVehicle.licensePlate} `) })).toHaveCount(
    0,
  );
  await page.getByRole('option', { name: new RegExp(`^${vehicle.licensePlate} `) }).click();
  await expect(schedule.getByText(`Chosen: ${vehicle.capacity} of 22 seats`)).toBeVisible();
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText(`${driver.user.name} · ${vehicle.licensePlate}`);

  // 3. The driver starts and finishes the bus on the phone (without a position: it records none).
  const phoneContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    storageState: undefined,
    viewport: { width: 390, height: 844 },
  });
  await phoneContext.addInitScript(PHONE_STUBS);
  const phone = await phoneContext.newPage();
  await signInAsDriver(phone, { email: driver.user.email, password: driverPassword });
  const card = phone.getByRole('article', { name: new RegExp(`Field trip: ${destination}`) });
  await expect(card).toContainText(`Field trip · ${vehicle.licensePlate}`);
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(phone).toHaveURL(/\/driver\/trips\//);
  await phone.getByRole('button', { name: 'Finish trip' }).click();
  await expect(phone.getByText('Trip finished.')).toBeVisible();
  await phoneContext.close();

  // 4. The office completes it: too few positions, so the odometer is asked for.
  await page.reload();
  await row.getByRole('button', { name: new RegExp(`^Complete: ${destination}`) }).click();
  const complete = page.getByRole('dialog', { name: `Complete the ${destination} trip` });
  await expect(complete.getByRole('list', { name: 'Distance of each bus' })).toContainText(
    `${vehicle.licensePlate} (${driver.user.name}): 0 GPS positions recorded — too few`,
  );
  await complete.getByLabel('Odometer distance per bus (km)').fill(String(ODOMETER_KM));
  await complete.getByRole('button', { name: 'Complete' }).click();
  await expect(complete).toBeHidden();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(`${ACTUAL} (actual; ${ODOMETER_KM} km from the odometer`);

  // The school's invoice for the month so far: the trip's line and the total, on screen and as CSV.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Invoices' }).click();
  await chooseOption(page, 'School', tag, schoolName);
  await page.getByRole('button', { name: 'Show invoice' }).click();
  await expect(page.getByRole('heading', { name: `Invoice: ${schoolName}` })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Invoice lines' });
  await expect(lines.getByRole('row', { name: new RegExp(destination) })).toContainText(ACTUAL);
  await expect(lines.getByRole('row', { name: /^Total/ })).toHaveText(`Total${ACTUAL}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const csvLines = csv.trim().split(/\r?\n/);
  expect(csvLines[0]).toBe('Date,Destination,Hours,Km,Km source,Amount');
  expect(csvLines).toHaveLength(3);
  expect(csvLines[1]).toContain(`${destination},`);
  expect(csvLines[1]).toMatch(new RegExp(`,${ODOMETER_KM},from the odometer,${ACTUAL}$`));
  expect(csvLines[2]).toBe(`,Total,,,,${ACTUAL}`);
});
