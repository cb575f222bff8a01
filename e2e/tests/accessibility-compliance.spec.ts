import { createThroughApi, getThroughApi, postThroughApi } from '../support/api';
import { createDriverDay } from '../support/driver-trip';
import { expect, test } from '../support/fixtures';
import { driverPhone, driveTrip, needsInspection } from '../support/inspection-day';
import { searchList } from '../support/screens';
import { openedDialog, scan } from './accessibility-helpers';

/**
 * The compliance screens (credentials, the credential form with its holder search, the kinds' settings, the
 * inspections and defects per vehicle, the checklists) and the driver app's inspection and child check, looked at
 * by axe in the light and the dark mode: no serious or critical WCAG 2.x A/AA violation. Each step first checks what
 * the screen shows, so axe never looks at a spinner. The driver's day is made once and each screen is looked at in
 * both modes (scan).
 */

// A driver's whole day and then the office's screens, with many axe runs, on a machine shared with other work.
test.describe.configure({ timeout: 600_000 });

// The office's part works as the signed-in admin: the browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test("compliance, inspections and the driver's checks", async ({ page, browser }) => {
  const day = await createDriverDay(page, 1);
  const { tag, parts } = day;
  const vehicleType = `Checked ${tag}`;
  const plate = await needsInspection(day, page, vehicleType);
  // Every kind seeded blocks when expired: an expired one of a kind of its own lets the driver still start.
  const firstAid = await createThroughApi(page, 'credential-kinds', {
    name: `First aid ${tag}`,
    subject: 'DRIVER',
    warnDays: 30,
    blocks: false,
  });
  await postThroughApi(page, 'credentials/save', {
    driverId: parts.ids.driverId,
    kindId: firstAid,
    number: `FA-${tag}`,
    expiresOn: '2020-01-03',
  });
  const kinds = await getThroughApi<{ id: string; name: string }[]>(
    page,
    'credential-kinds/get-all?limit=100',
  );
  const insurance = kinds.find((kind) => kind.name === 'Insurance')!;
  await postThroughApi(page, 'credentials/save', {
    vehicleId: parts.ids.vehicleId,
    kindId: insurance.id,
    number: `INS-${tag}`,
    expiresOn: '2099-06-30',
  });

  // The driver app: the start refused for want of an inspection, the inspection with a defect, the child check.
  const { phone, close } = await driverPhone(browser, day);
  const morning = phone.getByRole('article', { name: `Morning pickup, ${parts.route.name}` });
  await morning.getByRole('button', { name: 'Start' }).click();
  await expect(morning.getByText(`No pre-trip inspection of ${plate} today.`)).toBeVisible();
  await scan(phone, "Driver app: today's trips, the start refused");
  await morning.getByRole('link', { name: 'Inspect' }).click();
  await expect(phone.getByRole('heading', { name: `Inspection of ${plate}` })).toBeVisible();
  await scan(phone, 'Driver app: the inspection');
  await phone.getByRole('group', { name: 'Brakes' }).getByRole('radio', { name: 'Defect' }).check();
  await phone.getByRole('button', { name: 'Submit inspection' }).click();
  await expect(phone.getByText('Describe the defect')).toBeVisible();
  await scan(phone, 'Driver app: the inspection with what is missing');
  await phone.getByRole('group', { name: 'Lights' }).getByRole('radio', { name: 'OK' }).check();
  await phone.getByLabel('What is wrong with brakes').fill('Squeaks when cold');
  await phone.getByRole('button', { name: 'Submit inspection' }).click();
  await expect(morning.getByRole('button', { name: 'Start' })).toBeVisible();

  await driveTrip(phone, `Morning pickup, ${parts.route.name}`);
  await driveTrip(phone, `Afternoon drop, ${parts.route.name}`);
  const childCheck = phone.getByRole('region', { name: /^Child check: / });
  await expect(childCheck.getByRole('button', { name: 'No tag to scan?' })).toBeVisible();
  await scan(phone, 'Driver app: the child check');
  await childCheck.getByRole('button', { name: 'No tag to scan?' }).click();
  await childCheck.getByRole('button', { name: 'The bus is empty' }).click();
  await expect(childCheck.getByText('Say why the tag could not be scanned')).toBeVisible();
  await scan(phone, 'Driver app: the child check by a tap, the reason missing');
  await close();

  // The office: credentials, the form with its holder search, the kinds.
  await page.goto('/compliance');
  await searchList(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(`FA-${tag}`) })).toContainText('Expired');
  await expect(page.getByRole('row', { name: new RegExp(`INS-${tag}`) })).toContainText('Valid');
  await scan(page, 'Compliance: credentials');
  await page.getByRole('button', { name: 'Add Credential' }).click();
  const form = await openedDialog(page, 'Add Credential');
  await form.getByRole('button', { name: 'Add Credential' }).click();
  await expect(form.getByText('Choose the driver or vehicle first.')).toBeVisible();
  await scan(page, 'Add Credential, no holder chosen');
  const holder = form.getByRole('combobox', { name: 'Holder' });
  await holder.fill(parts.driver.name);
  await expect(page.getByRole('option', { name: `Driver: ${parts.driver.name}`, exact: true })).toBeVisible();
  await scan(page, 'Add Credential, the holder search open');
  await page.getByRole('option', { name: `Driver: ${parts.driver.name}`, exact: true }).click();
  await expect(form.getByRole('combobox', { name: 'Kind' })).toBeVisible();
  await scan(page, 'Add Credential, a driver chosen');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  await page.goto('/compliance?tab=kinds');
  await expect(page.getByRole('row', { name: new RegExp(`First aid ${tag}`) })).toBeVisible();
  await scan(page, 'Compliance: credential kinds');
  await page.getByRole('button', { name: 'Add Kind' }).click();
  await openedDialog(page, 'Add Kind');
  await scan(page, 'Add Kind');
  await page.getByRole('dialog', { name: 'Add Kind' }).getByRole('button', { name: 'Cancel' }).click();

  // Inspections: the open defects, the vehicle's record, the checklists.
  await page.goto('/inspections');
  const defect = page.getByRole('listitem', { name: `Defect Brakes on ${plate}` });
  await expect(defect).toBeVisible();
  await scan(page, 'Inspections: open defects');
  await defect.getByRole('button', { name: 'Close' }).click();
  const closing = await openedDialog(page, 'Close defect');
  await closing.getByRole('button', { name: 'Close defect' }).click();
  await expect(closing.getByText('Note is required')).toBeVisible();
  await scan(page, 'Close defect, the note missing');
  await closing.getByRole('button', { name: 'Cancel' }).click();
  await expect(closing).toBeHidden();

  await page.goto(`/inspections?vehicle=${parts.ids.vehicleId}`);
  await expect(page.getByText('Squeaks when cold').first()).toBeVisible();
  // The afternoon drop was the day's last trip, and its child check was left undone.
  await expect(page.getByText('Missing', { exact: true })).toBeVisible();
  await scan(page, "Inspections: a vehicle's record");

  await page.goto('/inspections?tab=checklists');
  await expect(page.getByText(vehicleType, { exact: true })).toBeVisible();
  await scan(page, 'Inspections: checklists');
  await page.getByRole('button', { name: 'Add checklist' }).click();
  await openedDialog(page, 'New checklist');
  await scan(page, 'New checklist');
});
