import type { Page } from '@playwright/test';
import type { ChildInput } from '@school-transport/shared';
import { assignmentPartsPayloads, uniqueTag, type ChildPayload } from '@school-transport/testing';
import { recordsFor } from './api';
import { expect } from './fixtures';

/**
 * Steps of the assignment, trip and dashboard browser tests. As in the other tests, every record carries a tag
 * of its own: the database is shared with the tests running beside these.
 */

export type Parts = Omit<ReturnType<typeof assignmentPartsPayloads>, 'family'> & {
  children: ChildPayload[];
  ids: { driverId: string; vehicleId: string; routeId: string; studentIds: string[] };
};

/**
 * A free driver, a vehicle of `seats` seats, a bus route and a family of `childCount` children, made through the API;
 * `childFields` (say, hand-over always) are given to every child.
 */
export async function createParts(
  page: Page,
  tag: string,
  seats: number,
  childCount: number,
  childFields: Partial<Pick<ChildInput, 'handOver' | 'doorToDoor'>> = {},
): Promise<Parts> {
  const records = recordsFor(page);
  const { family: payload, ...parts } = assignmentPartsPayloads(tag, seats, childCount);
  const family = { ...payload, children: payload.children.map((child) => ({ ...child, ...childFields })) };
  const { id: driverId } = await records.driver(parts.driver);
  const { id: vehicleId } = await records.vehicle(parts.vehicle);
  const { id: routeId } = await records.busRoute(parts.route);
  const { students } = await records.family(family);
  const studentIds = family.children.map(
    (child) => students.find(({ name }) => name === child.name)?.id ?? '',
  );
  return { ...parts, children: family.children, ids: { driverId, vehicleId, routeId, studentIds } };
}

/** An assignment of the parts, with the first `riders` children; answers its id. */
export async function assignThroughApi(page: Page, { ids }: Parts, riders: number): Promise<string> {
  const { driverId, vehicleId, routeId, studentIds } = ids;
  const assignment = await recordsFor(page).assignment(
    { driverId, vehicleId, routeId },
    studentIds.slice(0, riders),
  );
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

/** Makes a route assignment of its own, a vehicle of 4 seats and one child of two riding (as the signed-in admin). */
export async function newAssignment(page: Page): Promise<{ tag: string; parts: Parts }> {
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 4, 2);
  await assignThroughApi(page, parts, 1);
  return { tag, parts };
}
