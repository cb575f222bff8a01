import { createDriverDay } from '../support/driver-trip';
import { expect, storedToken, test } from '../support/fixtures';
import { driverPhone, driveTrip, finishTrip, needsInspection } from '../support/inspection-day';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test('a driver finds a defect at the pre-trip inspection, the bus stays off the road until the office closes it, and the day ends with the child check', async ({
  page,
  browser,
}) => {
  const day = await createDriverDay(page, 1);
  const { tag, parts, tripId } = day;
  // A type of its own, so that no other test's bus needs this checklist.
  const plate = await needsInspection(day, page, `Inspected ${tag}`);
  const { phone, close } = await driverPhone(browser, day);

  // The start is refused with the reason, and leads to the inspection.
  const card = phone.getByRole('article', { name: `Morning pickup, ${parts.route.name}` });
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(card.getByText(`No pre-trip inspection of ${plate} today.`)).toBeVisible();
  await card.getByRole('link', { name: 'Inspect' }).click();
  await expect(phone.getByRole('heading', { name: `Inspection of ${plate}` })).toBeVisible();

  // Brakes: a defect, out of service. Lights: OK. A missing note is shown next to the item.
  await phone.getByRole('group', { name: 'Brakes' }).getByRole('radio', { name: 'Defect' }).check();
  await phone.getByRole('group', { name: 'Lights' }).getByRole('radio', { name: 'OK' }).check();
  await phone.getByRole('button', { name: 'Submit inspection' }).click();
  await expect(phone.getByText('Describe the defect')).toBeVisible();
  await phone.getByLabel('What is wrong with brakes').fill('Grinding noise');
  await phone.getByLabel('Out of service: the bus must not run').check();
  await phone.getByRole('button', { name: 'Submit inspection' }).click();

  // Back on today's screen: the bus is out of service, and the start says so.
  const outOfService = phone.getByText(
    new RegExp(`Vehicle ${plate} is out of service: Brakes — Grinding noise`),
  );
  await expect(outOfService.first()).toBeVisible();
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(card.getByText(new RegExp(`Vehicle ${plate} is out of service`))).toBeVisible();

  // The office closes the defect, with a note, after a confirmation.
  await page.goto('/inspections');
  const defect = page.getByRole('listitem', { name: `Defect Brakes on ${plate}` });
  await expect(defect.getByText('Out of service')).toBeVisible();
  await defect.getByRole('button', { name: 'Close' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close defect' });
  await dialog.getByRole('button', { name: 'Close defect' }).click();
  await expect(dialog.getByText('Note is required')).toBeVisible();
  await dialog.getByLabel('What was done').fill('Brake pads replaced');
  await dialog.getByRole('button', { name: 'Close defect' }).click();
  await expect(page.getByText('Defect closed.')).toBeVisible();
  await expect(defect).toHaveCount(0);

  // The driver can start now.
  await phone.reload();
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(phone).toHaveURL(new RegExp(`/driver/trips/${tripId}$`));

  // After the vehicle's last trip of the day (the afternoon drop), the child check: no tag is fixed in this bus
  // yet, so the driver confirms the bus is empty with a tap and a reason.
  await finishTrip(phone);
  await phone.goto('/driver');
  const childCheck = phone.getByRole('region', { name: /^Child check: / });
  await expect(childCheck).toHaveCount(0);
  await driveTrip(phone, `Afternoon drop, ${parts.route.name}`);
  await childCheck.getByRole('button', { name: 'No tag to scan?' }).click();
  await childCheck.getByRole('button', { name: 'The bus is empty' }).click();
  await expect(childCheck.getByText('Say why the tag could not be scanned')).toBeVisible();
  await childCheck.getByLabel('Why the tag cannot be scanned').fill('No tag fixed in this bus yet');
  await childCheck.getByRole('button', { name: 'The bus is empty' }).click();
  // The card goes once the check is stored; the office's record of the vehicle has it, with the driver's reason.
  await expect(childCheck).toHaveCount(0);
  const recorded = async () => {
    const answer = await page.request.get(`/api/inspections/vehicles/${parts.ids.vehicleId}`, {
      headers: { authorization: (await storedToken(page)) ?? '' },
    });
    const { data } = (await answer.json()) as {
      data: { childChecks: { method: string | null; reason: string | null }[] };
    };
    return data.childChecks.map(({ method, reason }) => `${method}: ${reason}`);
  };
  await expect.poll(recorded).toEqual(['TAP: No tag fixed in this bus yet']);
  await close();
});
