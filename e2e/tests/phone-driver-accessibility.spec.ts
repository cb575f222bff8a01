import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import { createDriverDay, PHONE_STUBS } from '../support/driver-trip';
import { expect, test } from '../support/fixtures';
import { needsInspection } from '../support/inspection-day';

/**
 * Every screen of the driver app (issue 33) at a phone's width, 390 px: axe finds nothing serious in the light and
 * the dark mode and in Arabic (right to left), and every control is at least 44 × 44 px (WCAG 2.5.5, the issue's
 * target; the kit draws them at 48). One driver's day and one signed-in phone go through all the screens.
 */

// The records are made through the admin API, with the session each worker saved.
test.use({ adminSignedIn: true });
// The two tests make their own records: they run side by side on the two workers.
test.describe.configure({ mode: 'parallel' });

const PHONE = {
  viewport: { width: 390, height: 844 },
  geolocation: { latitude: 12.9352, longitude: 77.6245, accuracy: 12 },
  permissions: ['geolocation'],
};
const MODES = ['light', 'dark'] as const;

/** The smallest side a control may have (WCAG 2.5.5 asks 44 CSS px). */
const MIN_TARGET = 44;

/**
 * The controls on the page (or in its open dialog) smaller than MIN_TARGET either way, described. A checkbox or
 * radio drawn inside its label is measured with the label, which is what a finger taps.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const dialog = document.querySelector('dialog[open]');
    const root = dialog ?? document.body;
    const controls = root.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="menuitem"]',
    );
    const found: string[] = [];
    for (const control of controls) {
      const style = getComputedStyle(control);
      if (control.closest('[hidden], [aria-hidden="true"]') || style.visibility === 'hidden') continue;
      if (control.getClientRects().length === 0) continue;
      const target =
        control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)
          ? (control.closest('label') ?? control)
          : control;
      const box = target.getBoundingClientRect();
      if (box.width < min || box.height < min) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        found.push(
          `${control.tagName.toLowerCase()} "${name}" is ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return found;
  }, MIN_TARGET);
}

/**
 * Whether the screen, with its text at 200 % (a phone's largest text setting, WCAG 1.4.4), still fits the phone's
 * width: text wraps rather than being cut or pushing the page sideways. Answers what sticks out.
 */
async function overflowAtDoubleText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    root.style.fontSize = '200%';
    const width = root.clientWidth;
    const wider = [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((element) => element.getClientRects().length > 0)
      .filter(
        (element) =>
          element.getBoundingClientRect().right > width + 1 || element.getBoundingClientRect().left < -1,
      )
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`,
      );
    const sideways = root.scrollWidth > width ? [`the page is ${root.scrollWidth} px wide`] : [];
    root.style.fontSize = '';
    return [...sideways, ...wider];
  });
}

/** The screen as it is now: axe in both colour modes, the size of every control, and its text at 200 %. */
async function check(page: Page, screen: string): Promise<void> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  for (const [index, colorScheme] of MODES.entries()) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `${screen} (${colorScheme})`, { coloursOnly: index > 0 });
  }
  await page.emulateMedia({ colorScheme: null });
  expect.soft(await smallTargets(page), `controls smaller than ${MIN_TARGET} px on ${screen}`).toEqual([]);
  expect.soft(await overflowAtDoubleText(page), `what sticks out at 200 % text on ${screen}`).toEqual([]);
}

async function openPhone(browser: Browser, locale?: string) {
  const context = await browser.newContext({ ...PHONE, ...(locale ? { locale } : {}) });
  await context.addInitScript(PHONE_STUBS);
  await context.addInitScript(MOVING_PHONE);
  return { context, phone: await context.newPage() };
}

async function signIn(
  phone: Page,
  email: string,
  password: string,
  words: { email: RegExp; password: RegExp; submit: RegExp },
) {
  await phone.getByLabel(words.email).fill(email);
  await phone.getByLabel(words.password).fill(password);
  await phone.getByRole('button', { name: words.submit }).click();
}

const ENGLISH = { email: /^Email/, password: /^Password/, submit: /^Sign in$/ };

/** An Arabic phone's sign-in, by its fields' types (its words are the catalogue's Arabic). */
async function signInInArabic(rtl: Page, driver: { email: string; password: string }) {
  await rtl.goto('/driver');
  await expect(rtl.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(rtl.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(rtl.getByRole('heading', { level: 1 })).toBeVisible();
  await check(rtl, 'driver sign-in in Arabic');
  await rtl.locator('input[type="email"]').fill(driver.email);
  await rtl.locator('input[type="password"]').fill(driver.password);
  await rtl.locator('button[type="submit"]').click();
  await expect(rtl.getByRole('heading', { level: 1, name: 'اليوم' })).toBeVisible();
}

/**
 * A phone in a moving bus: `window.__driveAt(metresPerSecond)` makes the GPS report that speed at the stop's place,
 * once a second as a real one does (0 reports standing still once, and stops). The browser's own positions go on.
 */
const MOVING_PHONE = () => {
  const geolocation = navigator.geolocation;
  const watchers = new Map<number, PositionCallback>();
  const watch = geolocation.watchPosition.bind(geolocation);
  const clear = geolocation.clearWatch.bind(geolocation);
  geolocation.watchPosition = (success, error, options) => {
    const id = watch(success, error, options);
    watchers.set(id, success);
    return id;
  };
  geolocation.clearWatch = (id) => {
    watchers.delete(id);
    clear(id);
  };
  let ticking: ReturnType<typeof setInterval> | undefined;
  const report = (speed: number) => {
    const coords = { latitude: 12.9352, longitude: 77.6245, accuracy: 8, speed, heading: null };
    const position = { timestamp: Date.now(), coords: { ...coords, toJSON: () => coords } };
    for (const success of watchers.values()) success(position as unknown as GeolocationPosition);
  };
  (window as unknown as Record<string, unknown>).__driveAt = (speed: number) => {
    clearInterval(ticking);
    report(speed);
    if (speed > 0) ticking = setInterval(() => report(speed), 1_000);
  };
};

/** The next stop's card on a running trip, its Edit note dialog, and the calm view while the bus moves. */
async function checkNextStopAndCalmView(
  phone: Page,
  words: { stop: string; note: string; editNote: RegExp; dialog: RegExp; calm: string; showFull: string },
  language: string,
) {
  const next = phone.getByRole('region', { name: words.stop });
  await expect(next.getByText(words.note)).toBeVisible();
  await check(phone, `driver next stop with its note${language}`);
  await next.getByRole('button', { name: words.editNote }).click();
  const dialog = phone.getByRole('dialog', { name: words.dialog });
  await expect(dialog.getByRole('textbox')).toHaveValue(words.note);
  await check(phone, `driver editing a stop's note${language}`);
  await dialog.getByRole('textbox').press('Escape');
  await expect(dialog).toBeHidden();

  await phone.evaluate(() => (window as unknown as { __driveAt(speed: number): void }).__driveAt(9));
  const calm = phone.getByRole('region', { name: words.calm });
  await expect(calm.getByText(words.note)).toBeVisible();
  await check(phone, `driver calm view while driving${language}`);
  await calm.getByRole('button', { name: words.showFull }).click();
  await expect(calm).toBeHidden();
  await expect(phone.getByRole('region', { name: words.stop })).toBeVisible();
  await phone.evaluate(() => (window as unknown as { __driveAt(speed: number): void }).__driveAt(0));
}

test('every driver screen passes axe at 390 px in light, dark and Arabic, with touch targets of 44 px', async ({
  page,
  browser,
}) => {
  const stop = { name: `Mill Lane gate`, note: 'Gate code 4411: wait at the corner, not the driveway' };
  const day = await createDriverDay(page, 2, { stop });
  const { parts, driver, tag } = day;
  const plate = await needsInspection(day, page, `Accessible ${tag}`);
  const [first] = parts.children;
  const { context, phone } = await openPhone(browser);

  // Sign-in.
  await phone.goto('/driver');
  await expect(phone).toHaveURL(/\/driver\/sign-in$/);
  await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
  await check(phone, 'driver sign-in');
  await signIn(phone, driver.email, driver.password, ENGLISH);

  // Today, with the inspection due.
  await expect(phone.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  // The morning run has a schedule (its stop), so its card names its start time before the route.
  const card = phone.getByRole('article', { name: new RegExp(`^Morning pickup, .*${parts.route.name}`) });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(card.getByRole('alert')).toBeVisible();
  await check(phone, 'driver today, start refused');

  // The inspection, with a defect's fields open, then answered OK.
  await card.getByRole('link', { name: /^Inspect/ }).click();
  await expect(phone.getByRole('heading', { level: 1, name: `Inspection of ${plate}` })).toBeVisible();
  await phone.getByRole('group', { name: 'Brakes' }).getByRole('radio', { name: 'Defect' }).check();
  await expect(phone.getByLabel(/What is wrong with brakes/i)).toBeVisible();
  await check(phone, 'driver inspection with a defect open');
  await phone.getByRole('group', { name: 'Brakes' }).getByRole('radio', { name: 'OK' }).check();
  await phone.getByRole('group', { name: 'Lights' }).getByRole('radio', { name: 'OK' }).check();
  await phone.getByRole('button', { name: 'Submit inspection' }).click();

  // The trip: its manifest, then a scan's result.
  await expect(phone.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: parts.route.name })).toBeVisible();
  await check(phone, 'driver trip');

  // The next stop's note, its Edit note, and the calm view while the bus moves (issue 34, decision 058).
  await checkNextStopAndCalmView(
    phone,
    {
      stop: stop.name,
      note: stop.note,
      editNote: /^Edit the note of/,
      dialog: /^Note for/,
      calm: 'Driving view',
      showFull: "I've stopped: full view",
    },
    '',
  );
  // The same in Arabic, right to left, on a second phone of the driver's while the trip runs.
  const arabicWhileRunning = await openPhone(browser, 'ar');
  await signInInArabic(arabicWhileRunning.phone, driver);
  await arabicWhileRunning.phone.goto(`/driver/trips/${day.tripId}`);
  await checkNextStopAndCalmView(
    arabicWhileRunning.phone,
    {
      stop: stop.name,
      note: stop.note,
      editNote: /^تعديل ملاحظة/,
      dialog: /^ملاحظة/,
      calm: 'عرض القيادة',
      showFull: 'توقفت: العرض الكامل',
    },
    ' in Arabic',
  );
  await arabicWhileRunning.context.close();
  await phone.getByRole('button', { name: new RegExp(`^${first!.name}, Waiting`) }).click();
  await phone.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(phone.getByRole('status').filter({ hasText: `${first!.name} boarded.` })).toBeVisible();
  await check(phone, 'driver trip with a scan result');

  // The scanner's dialog.
  await phone.getByRole('button', { name: 'Scan QR codes' }).click();
  const camera = phone.getByRole('dialog', { name: "Scan a card's QR code" });
  await expect(camera).toBeVisible();
  await check(phone, 'driver QR scanner');
  await camera.getByRole('button', { name: 'Done' }).click();

  // Finish while a child is on board: the server asks why.
  await phone.getByRole('button', { name: 'Finish trip' }).click();
  const why = phone.getByRole('dialog', { name: 'Children are still on the bus' });
  await expect(why).toBeVisible();
  await check(phone, 'driver finish with a reason');
  await why.getByLabel('Why finish now?').fill('Handed over to the school nurse');
  await why.getByRole('button', { name: 'Finish with this reason' }).click();
  await expect(phone.getByText('Trip finished.')).toBeVisible();

  // The afternoon drop, driven and finished: the child check is due.
  await phone.getByRole('link', { name: 'Today' }).click();
  await phone
    .getByRole('article', { name: `Afternoon drop, ${parts.route.name}` })
    .getByRole('button', { name: 'Start' })
    .click();
  await phone.getByRole('button', { name: 'Finish trip' }).click();
  await expect(phone.getByText('Trip finished.')).toBeVisible();
  await phone.getByRole('link', { name: 'Today' }).click();
  const childCheck = phone.getByRole('region', { name: /^Child check/ });
  await childCheck.getByRole('button', { name: 'No tag to scan?' }).click();
  await expect(childCheck.getByLabel('Why the tag cannot be scanned')).toBeVisible();
  await check(phone, 'driver child check');

  // My hours (decision 074), from the account menu: clocked in, the shift in the list.
  await phone.getByRole('button', { name: 'Account menu' }).click();
  await phone.getByRole('menuitem', { name: 'My hours' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'My hours' })).toBeVisible();
  await phone.getByRole('button', { name: 'Clock in' }).click();
  await expect(phone.getByRole('button', { name: 'Clock out' })).toBeVisible();
  await expect(phone.getByRole('list', { name: 'Last two weeks' }).getByRole('listitem')).toHaveCount(1);
  await check(phone, 'driver hours');

  // The account, from the account menu.
  await phone.getByRole('button', { name: 'Account menu' }).click();
  await phone.getByRole('menuitem', { name: 'Account' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  // The change-password form comes in its own chunk (with zod): checked once its three fields are there.
  await expect(phone.locator('input[type="password"]')).toHaveCount(3);
  await check(phone, 'driver account');
  await context.close();
});

// Arabic, right to left, on a day of its own so that it runs beside the journey above on the other worker: a phone
// whose browser speaks Arabic (the account has no language of its own), from sign-in on. Its words are found by
// role and the catalogue's Arabic. (The running trip's screens in Arabic are checked in the journey above.)
test('every driver screen passes axe in Arabic, right to left, at 390 px', async ({ page, browser }) => {
  const day = await createDriverDay(page, 1);
  const { parts, driver, tag } = day;
  const plate = await needsInspection(day, page, `Accessible RTL ${tag}`);
  const arabic = await openPhone(browser, 'ar');
  const rtl = arabic.phone;
  await signInInArabic(rtl, driver);
  await check(rtl, 'driver today in Arabic');
  await rtl
    .getByRole('article', { name: new RegExp(`^رحلة الصباح، .*${parts.route.name}`) })
    .getByRole('link', { name: 'القائمة' })
    .click();
  await expect(rtl.getByRole('heading', { level: 1, name: parts.route.name })).toBeVisible();
  await check(rtl, 'driver trip in Arabic');
  await rtl.goto(`/driver/vehicles/${parts.ids.vehicleId}/inspection`);
  await expect(rtl.getByRole('heading', { level: 1, name: new RegExp(plate) })).toBeVisible();
  await rtl.getByRole('radio', { name: 'عطل' }).first().check();
  await check(rtl, 'driver inspection in Arabic');
  await rtl.getByRole('button', { name: 'قائمة الحساب' }).click();
  await rtl.getByRole('menuitem', { name: 'الحساب' }).click();
  await expect(rtl.getByRole('heading', { level: 1, name: 'الحساب' })).toBeVisible();
  await expect(rtl.locator('input[type="password"]')).toHaveCount(3);
  await check(rtl, 'driver account in Arabic');
  await rtl.getByRole('button', { name: 'قائمة الحساب' }).click();
  await rtl.getByRole('menuitem', { name: 'ساعاتي' }).click();
  await expect(rtl.getByRole('heading', { level: 1, name: 'ساعاتي' })).toBeVisible();
  await expect(rtl.getByRole('button', { name: 'تسجيل الحضور' })).toBeVisible();
  await check(rtl, 'driver hours in Arabic');
  await arabic.context.close();
});
