import type { Page } from '@playwright/test';
import { recordsThrough } from '@school-transport/testing';
import { expect, storedToken } from './fixtures';

/** Sends JSON through the API with the signed-in admin's token (the page must be signed in). */
async function sendAsAdmin(page: Page, method: 'POST' | 'PUT', url: string, body: unknown) {
  const answer = await page.request.fetch(url, {
    method,
    data: body,
    headers: { authorization: (await storedToken(page)) ?? '' },
  });
  return { status: answer.status(), body: (await answer.json()) as { data: unknown } };
}

/** POSTs to /api/`path` as the signed-in admin; answers the envelope's data. */
export async function postThroughApi<T>(page: Page, path: string, payload: object): Promise<T> {
  const answer = await sendAsAdmin(page, 'POST', `/api/${path}`, payload);
  expect(answer.status >= 200 && answer.status < 300, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data as T;
}

/** PUTs to /api/`path` as the signed-in admin; answers the envelope's data. */
export async function putThroughApi<T>(page: Page, path: string, payload: object): Promise<T> {
  const answer = await sendAsAdmin(page, 'PUT', `/api/${path}`, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

/** GETs /api/`path` as the signed-in admin; answers the envelope's data (what the database holds). */
export async function getThroughApi<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`/api/${path}`, {
    headers: { authorization: (await storedToken(page)) ?? '' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** Creates a record of `resource` as the signed-in admin; answers its id. */
export async function createThroughApi(page: Page, resource: string, payload: object): Promise<string> {
  const answer = await sendAsAdmin(page, 'POST', `/api/${resource}/create`, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body.data as { id: string }).id;
}

/** The shared record factories, creating through the API as the signed-in admin. */
export const recordsFor = (page: Page) =>
  recordsThrough((method, url, body) => sendAsAdmin(page, method, url, body));
