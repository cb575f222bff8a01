import { expect, test } from '../support/fixtures';
import { createLiveDay } from '../support/live-day';
import { lastMailTo, resetLinkIn } from '../support/mail-sink';
import { inviteParent, PHONE, signInAsParent } from '../support/parent-portal';
import { phoneWords } from '../support/phone-words';

/**
 * A parent who forgot their password, on the phone, in Spanish: the parent app's own forgot-password page, the
 * mail's link to the app's reset page, a new password, and sign-in with it (decision 053).
 */

// The office invites the parent first: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

const es = phoneWords('parent', 'es');

test('a parent resets a forgotten password in the parent app, from the mail’s link, and signs in with it', async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  test.setTimeout(240_000);
  const day = await createLiveDay(page);
  const account = await inviteParent(page, day);

  const context = await browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders,
    locale: 'es-ES',
  });
  const parent = await context.newPage();
  await parent.goto('/parent/sign-in');
  await parent.getByRole('link', { name: es('signIn.forgotPassword') }).click();
  await expect(parent).toHaveURL(/\/parent\/forgot-password$/);
  await expect(parent.getByRole('heading', { level: 1, name: es('forgot.title') })).toBeVisible();
  await parent.getByLabel(es('signIn.email')).fill(account.email);
  await parent.getByRole('button', { name: es('forgot.submit') }).click();
  await expect(parent.getByText(es('forgot.sent'))).toBeVisible();

  // The mail's link opens the parent app's own reset page. The invitation and "your password was changed" went to
  // this address before, and the reset mail is sent after the answer: wait for the mail with the app's reset link.
  const resetMail = await lastMailTo(account.email, (mail) =>
    Boolean(resetLinkIn(mail)?.includes('/parent/reset-password?')),
  );
  const link = resetLinkIn(resetMail);
  expect(link, 'the reset mail holds a link').toBeTruthy();
  const { pathname, search } = new URL(link!);
  expect(pathname).toBe('/parent/reset-password');
  await parent.goto(pathname + search);
  await expect(parent.getByRole('heading', { level: 1, name: es('reset.title') })).toBeVisible();
  const password = `a new parent passphrase ${day.tag}`;
  await parent.getByLabel(es('password.new'), { exact: true }).fill(password);
  await parent.getByLabel(es('password.confirm'), { exact: true }).fill(password);
  await parent.getByRole('button', { name: es('reset.submit') }).click();

  // Back on the app's sign-in, told it worked; the new password signs in, the old one no longer does.
  await expect(parent).toHaveURL(/\/parent\/sign-in$/);
  await expect(parent.getByText(es('reset.done'))).toBeVisible();
  await signInAsParent(parent, { email: account.email, password }, es);

  // The same link a second time is refused in Spanish by the server, with the way to a new one.
  await context.clearCookies();
  const again = await browser.newContext({ viewport: PHONE, extraHTTPHeaders, locale: 'es-ES' });
  const other = await again.newPage();
  await other.goto(pathname + search);
  await other.getByLabel(es('password.new'), { exact: true }).fill(password);
  await other.getByLabel(es('password.confirm'), { exact: true }).fill(password);
  await other.getByRole('button', { name: es('reset.submit') }).click();
  await expect(other.getByText('Este enlace caducó o ya se usó. Pida uno nuevo.')).toBeVisible();
  await expect(other.getByRole('link', { name: es('reset.askNewLink') })).toBeVisible();
  await again.close();
  await context.close();
});
