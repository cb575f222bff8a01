import type { Page } from '@playwright/test';
import { childPayload, parentPayload } from './family-helpers';
import { expect, storedToken } from './fixtures';
import { driverPayload, routePayload, signInAsAdmin, uniqueTag, vehiclePayload } from './fleet-helpers';

/**
 * Shared steps of the assignment, trip and dashboard browser tests. As in the other tests, every record carries a
 * tag of its own: the database is shared with the tests running beside these.
 */

/** POSTs through the API with the signed-in admin's token; answers the envelope's data. */
export async function postThroughApi<T>(page: Page, path: string, payload: object): Promise<T> {
  const answer = await page.request.post(`/api/${path}`, {
    data: payload,
    headers: { authorization: (await storedToken(page)) ?? '' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

export interface Parts {
  driver: ReturnType<typeof driverPayload>;
  vehicle: ReturnType<typeof vehiclePayload>;
  route: ReturnType<typeof routePayload>;
  children: ReturnType<typeof childPayload>[];
  ids: { driverId: string; vehicleId: string; routeId: string; studentIds: string[] };
}

/** A free driver, a vehicle of `seats` seats, a route and a family of `childCount` children, made through the API. */
export async function createParts(
  page: Page,
  tag: string,
  seats: number,
  childCount: number,
): Promise<Parts> {
  const driver = driverPayload(tag);
  const vehicle = { ...vehiclePayload(tag), capacity: seats };
  const route = routePayload(tag);
  const children = Array.from({ length: childCount }, (_, index) => childPayload(tag, index + 1));
  const { id: driverId } = await postThroughApi<{ id: string }>(page, 'drivers/create', driver);
  const { id: vehicleId } = await postThroughApi<{ id: string }>(page, 'vehicles/create', vehicle);
  const { id: routeId } = await postThroughApi<{ id: string }>(page, 'routes/create', route);
  const family = await postThroughApi<{ students: { id: string; name: string }[] }>(page, 'parents/create', {
    ...parentPayload(tag),
    children,
  });
  const studentIds = children.map(
    (child) => family.students.find(({ name }) => name === child.name)?.id ?? '',
  );
  return { driver, vehicle, route, children, ids: { driverId, vehicleId, routeId, studentIds } };
}

/** An assignment of the parts, with the first `riders` children; answers its id. */
export async function assignThroughApi(page: Page, { ids }: Parts, riders: number): Promise<string> {
  const assignment = await postThroughApi<{ id: string }>(page, 'route-assignments/create', {
    routeId: ids.routeId,
    vehicleId: ids.vehicleId,
    driverId: ids.driverId,
    studentIds: ids.studentIds.slice(0, riders),
  });
  return assignment.id;
}

/** Picks in an Add Assignment select (route, vehicle, driver) the option that a search for `search` finds. */
export async function chooseOption(
  page: Page,
  select: string,
  search: string,
  option: string,
): Promise<void> {
  const combobox = page.getByRole('combobox', { name: select });
  await combobox.fill(search);
  await page.getByRole('option', { name: option }).click();
  await expect(combobox).toHaveValue(option);
}

/** Today as the server and the date inputs count it: the calendar day of this machine, YYYY-MM-DD. */
export function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Signs in and makes a route assignment of its own, a vehicle of 4 seats and one child of two riding. */
export async function signInWithNewAssignment(page: Page): Promise<{ tag: string; parts: Parts }> {
  await signInAsAdmin(page);
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 2);
  await assignThroughApi(page, parts, 1);
  return { tag, parts };
}
