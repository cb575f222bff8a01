import type { Page } from '@playwright/test';
import { linkTokenIn } from '@school-transport/testing';
import { postThroughApi } from './api';
import { localToday } from './assignments-helpers';
import { expect, storedToken } from './fixtures';
import type { LiveDay } from './live-day';
import { lastMailTo } from './mail-sink';
import { phoneWords } from './phone-words';

/** The parent portal's English words. */
export const parentWords = phoneWords('parent');

/** A phone's screen: the width the portal is designed for. */
export const PHONE = { width: 390, height: 844 };

/**
 * The office invites the parent of the family tagged `day.tag` (a live day's, or any family made with that tag);
 * their password is set through the mailed link. Answers the sign-in.
 */
export async function inviteParent(page: Page, day: Pick<LiveDay, 'tag'>) {
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

/** The day's child waits at the run's first stop, so their parent sees the bus from the start of the run. */
export async function childAtFirstStop(page: Page, day: LiveDay): Promise<void> {
  const tied = await page.request.put(`/api/students/${day.seatedChildId}/stops/PICKUP`, {
    headers: { authorization: (await storedToken(page)) ?? '' },
    data: { stopId: day.stopIds[0] },
  });
  expect(tied.status(), await tied.text()).toBe(200);
}

/**
 * Signs in at /parent/sign-in (the portal's own page, or the office's page while it still serves /parent), in the
 * language `words` reads, staying on the page when it is already there (a language chosen on it stays).
 */
export async function signInAsParent(
  parent: Page,
  account: { email: string; password: string },
  words = parentWords,
) {
  if (!new URL(parent.url(), 'http://any').pathname.startsWith('/parent/sign-in'))
    await parent.goto('/parent/sign-in');
  await parent.getByLabel(words('signIn.email')).fill(account.email);
  await parent.getByLabel(words('signIn.password'), { exact: true }).fill(account.password);
  await parent.getByRole('button', { name: words('signIn.submit') }).click();
  await expect(parent.getByRole('heading', { level: 1, name: words('today.title') })).toBeVisible();
}

/** Chooses the portal's account-menu item `label` (the menu holds every screen). */
export async function fromParentMenu(
  page: Page,
  words: ReturnType<typeof phoneWords>,
  label: string,
): Promise<void> {
  await page.getByRole('button', { name: words('menu.label') }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

/**
 * As the signed-in guardian `account`, through the portal's API: a request for another guardian (Rose) of the child
 * and a message to the office about them today, so the screens that list these have one (issue 35).
 */
export async function guardianWritesThroughApi(
  page: Page,
  account: { email: string; password: string },
  studentId: string,
  tag: string,
): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: account });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: ((await login.json()) as { token: string }).token };
  const request = {
    studentId,
    name: `Rose ${tag}`,
    email: `rose-${tag.toLowerCase()}@example.com`,
    phone: '+91 98450 55504',
    relation: 'GRANDPARENT',
  };
  const thread = { studentId, date: localToday(), body: 'Her grandmother collects her on Friday.' };
  for (const [path, data] of [
    ['guardian-requests', request],
    ['threads', thread],
  ] as const) {
    const answer = await page.request.post(`/api/parent/${path}`, { headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
}
