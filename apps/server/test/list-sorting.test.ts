import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_SORTS,
  SORT_ORDERS,
  studentListQuerySchema,
  tripListQuerySchema,
  type SortedList,
  type SortOrder,
} from '@school-transport/shared';
import { queryRows } from '../src/db/client.js';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import { apiAs } from './support/requests.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp } from './support/requests.js';

const { t, api } = adminTestApp();

type Row = Record<string, unknown>;
const at = (row: Row, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Row | null)?.[key], row);

/**
 * Where each sort's value is in a list's answer, and how it compares: text by the database's own collation (the
 * order PostgreSQL or PGlite gives is the one to check against), numbers as numbers, a trip's status in the
 * enum's order. A sort on two columns (a class in roll-number order) is checked on its first.
 */
type Kind = 'text' | 'number' | 'status';
const VALUES: { [L in SortedList]: Record<(typeof LIST_SORTS)[L][number], [path: string, kind: Kind]> } = {
  drivers: {
    name: ['user.name', 'text'],
    email: ['user.email', 'text'],
    licenseNo: ['licenseNo', 'text'],
    createdAt: ['createdAt', 'text'],
  },
  vehicles: {
    licensePlate: ['licensePlate', 'text'],
    type: ['type', 'text'],
    capacity: ['capacity', 'number'],
    createdAt: ['createdAt', 'text'],
  },
  routes: {
    name: ['name', 'text'],
    startLocation: ['startLocation', 'text'],
    endLocation: ['endLocation', 'text'],
    distanceKm: ['distanceKm', 'number'],
    durationMin: ['durationMin', 'number'],
    createdAt: ['createdAt', 'text'],
  },
  'message-templates': { name: ['name', 'text'], createdAt: ['createdAt', 'text'] },
  stops: { name: ['name', 'text'], createdAt: ['createdAt', 'text'] },
  schools: {
    name: ['name', 'text'],
    bellTime: ['bellTime', 'text'],
    dismissalTime: ['dismissalTime', 'text'],
    createdAt: ['createdAt', 'text'],
  },
  parents: { name: ['user.name', 'text'], email: ['user.email', 'text'], createdAt: ['createdAt', 'text'] },
  students: {
    name: ['name', 'text'],
    class: ['class', 'text'],
    parentName: ['parent.user.name', 'text'],
    createdAt: ['createdAt', 'text'],
  },
  'route-assignments': {
    routeName: ['route.name', 'text'],
    driverName: ['driver.name', 'text'],
    vehiclePlate: ['vehicle.licensePlate', 'text'],
    createdAt: ['createdAt', 'text'],
  },
  trips: {
    date: ['date', 'text'],
    routeName: ['route.name', 'text'],
    driverName: ['driver.name', 'text'],
    status: ['status', 'status'],
  },
  users: { name: ['name', 'text'], email: ['email', 'text'], createdAt: ['createdAt', 'text'] },
  'audit-log': {
    createdAt: ['createdAt', 'text'],
    action: ['action', 'text'],
    actorEmail: ['actorEmail', 'text'],
  },
};

/** Whether `values` run in `order` as the database sorts them (nulls last going up, first going down). */
async function inDatabaseOrder(values: unknown[], kind: Kind, order: SortOrder): Promise<boolean> {
  if (kind === 'number') {
    const numbers = values as number[];
    return numbers.every(
      (n, i) => i === 0 || (order === 'asc' ? numbers[i - 1]! <= n : numbers[i - 1]! >= n),
    );
  }
  const cast = kind === 'status' ? sql.raw('trip_status') : sql.raw('text');
  const [row] = await queryRows<{ sorted: boolean }>(
    t.app.database.db,
    sql`select coalesce(bool_and(v.value is not distinct from s.value), true) as sorted
      from (select value::${cast}, n from json_array_elements_text(${JSON.stringify(values)}::json)
              with ordinality as e(value, n)) v
      join (select value::${cast} as value, row_number() over (order by value::${cast} ${sql.raw(order)}) as n
              from json_array_elements_text(${JSON.stringify(values)}::json) as e(value)) s on s.n = v.n`,
  );
  return row!.sorted;
}

const page = async (list: string, query: string) => {
  const answer = await api('GET', `/api/${list}/get-all?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Row[];
};

describe('sorting every list (both engines)', () => {
  beforeAll(async () => {
    // Enough of everything for pages and ties: 5 drivers, vehicles and routes, 150 parents, 300 children, trips.
    await generateDataset(t.app.database.db, { students: 300, schoolDays: 3 });
    // Two admins more (the staff list), and audit entries with and without a person, some on the same action.
    for (const name of ['Zed Admin', 'Abe Admin']) {
      const invited = await api('POST', '/api/users/invite', {
        name,
        email: `${name.split(' ')[0]}@example.com`,
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    }
    for (const name of ['Same Stop', 'Same Stop', 'Another Stop']) {
      const created = await api('POST', '/api/stops/create', { name, lat: 12.9, lng: 77.6 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    // Office message templates (decision 066): a few, as an operator keeps them.
    for (const name of ['Snow day', 'Bus late', 'Road closed']) {
      const created = await api('POST', '/api/message-templates/create', { name, body: `${name}: {note}` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
  }, 120_000);

  for (const list of Object.keys(LIST_SORTS) as SortedList[]) {
    for (const sort of LIST_SORTS[list]) {
      for (const order of SORT_ORDERS) {
        it(`${list} by ${sort}, ${order}: in order, and pages that neither repeat nor skip a row`, async () => {
          const [path, kind] = (VALUES[list] as Record<string, [string, Kind]>)[sort]!;
          const whole = await page(list, `sort=${sort}&order=${order}&limit=50`);
          expect(whole.length).toBeGreaterThan(1);
          expect(
            await inDatabaseOrder(
              whole.map((row) => at(row, path) ?? null),
              kind,
              order,
            ),
          ).toBe(true);
          // Ties (a vehicle type, a day's trips, a repeated stop name) are broken by a unique column, so the pages
          // of 7 put together are exactly the page of 50: no row twice, none missed. The pages are asked for at
          // once (they are independent reads), which the database answers one after another anyway.
          const pageNumbers = Array.from({ length: Math.ceil(whole.length / 7) }, (_, n) => n + 1);
          const pages = await Promise.all(
            pageNumbers.map((n) => page(list, `sort=${sort}&order=${order}&limit=7&page=${n}`)),
          );
          const paged = pages.flat();
          expect(paged.slice(0, whole.length).map((row) => row.id)).toEqual(whole.map((row) => row.id));
        });
      }
    }
  }

  it('answers the same order twice, and the other way round when asked', async () => {
    const up = await page('students', 'sort=name&order=asc&limit=100');
    const again = await page('students', 'sort=name&order=asc&limit=100');
    expect(again.map((row) => row.id)).toEqual(up.map((row) => row.id));
    const down = await page('students', 'sort=name&order=desc&limit=100');
    expect(down.map((row) => row.name)).not.toEqual(up.map((row) => row.name));
    expect(
      await inDatabaseOrder(
        down.map((row) => row.name),
        'text',
        'desc',
      ),
    ).toBe(true);
  });

  it('keeps each list unsorted as before without a sort: newest first; trips by day', async () => {
    const students = await page('students', 'limit=100');
    const created = students.map((row) => row.createdAt as string);
    expect(created).toEqual([...created].sort().reverse());
    const trips = await page('trips', 'limit=100');
    const days = trips.map((row) => row.date as string);
    // Every generated trip is in the past: the newest day first.
    expect(days).toEqual([...days].sort().reverse());
  });

  it('sorts within a search and a filter, and the export follows the sort', async () => {
    const found = await page('students', 'search=a&sort=class&order=desc&limit=100');
    expect(found.length).toBeGreaterThan(1);
    expect(
      await inDatabaseOrder(
        found.map((row) => row.class),
        'text',
        'desc',
      ),
    ).toBe(true);
    const completed = await page('trips', 'status=COMPLETED&sort=routeName&order=asc&limit=100');
    expect(completed.every((row) => row.status === 'COMPLETED')).toBe(true);
    expect(
      await inDatabaseOrder(
        completed.map((row) => at(row, 'route.name')),
        'text',
        'asc',
      ),
    ).toBe(true);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/exports/vehicles.csv?sort=capacity&order=desc',
      headers: { authorization: await tokenFor(t.app, 'admin') },
    });
    expect(csv.statusCode).toBe(200);
    const listed = await page('vehicles', 'sort=capacity&order=desc&limit=100');
    const plates = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => listed.find((row) => line.includes(row.licensePlate as string))?.id);
    expect(plates).toEqual(listed.map((row) => row.id));
  });

  it('refuses a column the list does not sort by, a wrong order, and an order without a column', async () => {
    const unknown = await api('GET', '/api/students/get-all?sort=childrenCount');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({
        field: 'sort',
        message: 'sort must be one of: name, class, parentName, createdAt',
      }),
    ]);
    const injected = await api(
      'GET',
      `/api/trips/get-all?sort=${encodeURIComponent('date; drop table trips')}`,
    );
    expect(injected.status).toBe(400);
    expect(injected.body.errors[0]).toMatchObject({ field: 'sort' });
    const sideways = await api('GET', '/api/vehicles/get-all?sort=capacity&order=up');
    expect(sideways.status).toBe(400);
    expect(sideways.body.errors[0]).toMatchObject({ field: 'order', message: 'order must be asc or desc' });
    const orderOnly = await api('GET', '/api/parents/get-all?order=desc');
    expect(orderOnly.status).toBe(400);
    expect(orderOnly.body.errors[0]).toMatchObject({
      field: 'order',
      message: 'order goes with a sort column',
    });
  });

  it('leaves who may list unchanged: a driver, a parent and a visitor are refused a sorted list', async () => {
    for (const role of ['driver', 'parent'] as const) {
      const asRole = apiAs(t.app, await tokenFor(t.app, role));
      for (const list of ['students', 'trips', 'users', 'audit-log']) {
        expect(
          (await asRole('GET', `/api/${list}/get-all?sort=${LIST_SORTS[list as SortedList][0]}`)).status,
        ).toBe(403);
      }
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/students/get-all?sort=name' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the sort contract (packages/shared)', () => {
  it('takes a list own column either way, ascending unless said', () => {
    expect(studentListQuerySchema.parse({ sort: 'parentName' })).toMatchObject({ sort: 'parentName' });
    expect(studentListQuerySchema.parse({ sort: 'parentName' }).order).toBeUndefined();
    expect(tripListQuerySchema.parse({ sort: 'status', order: 'desc', status: 'PENDING' })).toMatchObject({
      sort: 'status',
      order: 'desc',
      status: 'PENDING',
    });
    expect(tripListQuerySchema.parse({}).sort).toBeUndefined();
  });

  it('refuses another list column, with a message that names the ones there are', () => {
    const refused = tripListQuerySchema.safeParse({ sort: 'createdAt' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['sort'],
      message: 'sort must be one of: date, routeName, driverName, status',
    });
    expect(studentListQuerySchema.safeParse({ sort: 'name', order: 'DESC' }).success).toBe(false);
    expect(studentListQuerySchema.safeParse({ order: 'asc' }).error?.issues[0]?.path).toEqual(['order']);
  });

  it('offers each list a non-empty allowlist without repeats', () => {
    for (const keys of Object.values(LIST_SORTS)) {
      expect(keys.length).toBeGreaterThan(0);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
