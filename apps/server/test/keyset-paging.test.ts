import { beforeAll, describe, expect, it } from 'vitest';
import {
  CURSOR_MESSAGE,
  decodeListCursor,
  LIST_SORTS,
  SORT_ORDERS,
  studentListQuerySchema,
  type SortedList,
} from '@school-transport/shared';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import { adminTestApp } from './support/requests.js';

const { t, api } = adminTestApp();

type Row = { id: string | number } & Record<string, unknown>;
interface Page {
  rows: Row[];
  pagination: { page: number; limit: number; total: number; totalPages: number; moreThanTotal: boolean };
  cursors?: { next?: string; previous?: string };
}

const get = async (list: string, query: string): Promise<Page> => {
  const answer = await api('GET', `/api/${list}/get-all?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { rows: answer.body.data, pagination: answer.body.pagination, cursors: answer.body.cursors };
};
const ids = (page: Page) => page.rows.map((row) => row.id);
const cursorQuery = (cursor: string | undefined) => {
  expect(cursor).toBeDefined();
  return `cursor=${encodeURIComponent(cursor!)}`;
};
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The staff list pages by number only (a few administrators; decision 040), so it gives no cursors. */
const KEYED_LISTS = (Object.keys(LIST_SORTS) as SortedList[]).filter((list) => list !== 'users');

/**
 * From page 2 of 7 rows, the page after it by its `next` cursor and the page before by its `previous` cursor are
 * the rows (and pagination) offset paging gives for pages 3 and 1; and from the last page back.
 */
async function expectCursorPagesEqualOffsetPages(list: string, query: string) {
  // The generator makes three schools.
  const limit = list === 'schools' ? 1 : 7;
  const page = (n: number) => get(list, `${query}&limit=${limit}&page=${n}`);
  const [first, second, third] = await Promise.all([page(1), page(2), page(3)]);
  expect(second.rows).toHaveLength(limit);
  // The three cursor pages are independent reads: asked for at once.
  const [after, before, back] = await Promise.all([
    get(list, `${query}&limit=${limit}&page=3&${cursorQuery(second.cursors?.next)}`),
    get(list, `${query}&limit=${limit}&page=1&${cursorQuery(second.cursors?.previous)}`),
    // Walking back from page 3 by cursor gives page 2 again.
    get(list, `${query}&limit=${limit}&page=2&${cursorQuery(third.cursors?.previous)}`),
  ]);
  expect(ids(after)).toEqual(ids(third));
  expect(after.rows).toEqual(third.rows);
  expect(after.pagination).toEqual(third.pagination);
  expect(ids(before)).toEqual(ids(first));
  expect(before.pagination).toEqual(first.pagination);
  // The first page has nowhere to go back to.
  expect(first.cursors?.previous).toBeUndefined();
  expect(ids(back)).toEqual(ids(second));
}

describe('keyset paging: next and previous pages by cursor (both engines)', () => {
  beforeAll(async () => {
    // 1,200 children (20 drivers, vehicles, routes and assignments) created in one statement share one
    // created_at: ties that only the id breaks.
    await generateDataset(t.app.database.db, { students: 1200, schoolDays: 2 });
    // Sent at once: independent records, whose order of creation no test depends on.
    const stops = ['Same Stop', 'Same Stop', 'Another Stop', 'Third Stop', 'Fourth Stop'].flatMap((name) =>
      Array.from({ length: 4 }, () => api('POST', '/api/stops/create', { name, lat: 12.9, lng: 77.6 })),
    );
    // The office's message templates (decision 066): names are unique, so three pages of them by name.
    const templates = Array.from({ length: 24 }, (_, n) =>
      api('POST', '/api/message-templates/create', {
        name: `Template ${String(n).padStart(2, '0')}`,
        body: 'Bus {route} is running about {minutes} minutes late.',
      }),
    );
    for (const created of await Promise.all([...stops, ...templates]))
      expect(created.status, JSON.stringify(created.body)).toBe(201);
  }, 120_000);

  for (const list of KEYED_LISTS) {
    for (const sort of LIST_SORTS[list]) {
      for (const order of SORT_ORDERS) {
        it(`${list} by ${sort}, ${order}: the cursor's page is the offset page`, async () => {
          await expectCursorPagesEqualOffsetPages(list, `sort=${sort}&order=${order}`);
        });
      }
    }
  }

  for (const list of KEYED_LISTS.filter((list) => list !== 'trips')) {
    it(`${list} in its own order (newest first): the cursor's page is the offset page`, async () => {
      await expectCursorPagesEqualOffsetPages(list, 'search=');
    });
  }

  it('pages a search and a filter by cursor too, keeping the capped count', async () => {
    await expectCursorPagesEqualOffsetPages('students', 'search=a&sort=class&order=desc');
    await expectCursorPagesEqualOffsetPages('students', 'search=a');
    await expectCursorPagesEqualOffsetPages('students', 'unassigned=true&sort=parentName');
    await expectCursorPagesEqualOffsetPages('trips', 'status=COMPLETED&sort=driverName&order=desc');
  });

  it('walks a whole list forwards and back by cursor, as offset pages have it', async () => {
    const limit = 100;
    const byOffset: Row['id'][] = [];
    for (let n = 1; ; n++) {
      const page = await get('students', `sort=parentName&order=desc&limit=${limit}&page=${n}`);
      byOffset.push(...ids(page));
      if (page.rows.length < limit) break;
    }
    const byCursor: Row['id'][] = [];
    let page = await get('students', `sort=parentName&order=desc&limit=${limit}`);
    for (;;) {
      byCursor.push(...ids(page));
      if (!page.cursors?.next) break;
      const next = page.pagination.page + 1;
      page = await get(
        'students',
        `sort=parentName&order=desc&limit=${limit}&page=${next}&${cursorQuery(page.cursors.next)}`,
      );
      expect(page.pagination.page).toBe(next);
    }
    expect(byCursor).toEqual(byOffset);
    // Back from the last page to the first.
    const backwards: Row['id'][][] = [];
    while (page.cursors?.previous) {
      backwards.unshift(ids(page));
      page = await get(
        'students',
        `sort=parentName&order=desc&limit=${limit}&page=${page.pagination.page - 1}&${cursorQuery(page.cursors.previous)}`,
      );
    }
    backwards.unshift(ids(page));
    expect(page.pagination.page).toBe(1);
    expect(backwards.flat()).toEqual(byOffset);
  });

  it('gives no next cursor on a short last page, and no cursors from the staff list or trips by day', async () => {
    // 1,200 children, 70 a page: the eighteenth page has 10.
    const students = await get('students', 'limit=70&page=17');
    expect(students.rows).toHaveLength(70);
    const last = await get('students', `limit=70&page=18&${cursorQuery(students.cursors?.next)}`);
    expect(last.rows).toHaveLength(10);
    expect(last.cursors?.next).toBeUndefined();
    expect(last.cursors?.previous).toBeDefined();
    expect((await get('users', 'limit=1')).cursors).toBeUndefined();
    expect((await get('trips', 'limit=5&page=2')).cursors).toBeUndefined();
  });

  it('answers 400 with a clear message to a cursor that is not one the list gave', async () => {
    const page = await get('students', 'sort=name&limit=5&page=2');
    const next = page.cursors!.next!;
    const decoded = decodeListCursor(next)!;
    expect(decoded).toMatchObject({ s: 'name_asc', d: 'next' });
    const tampered = {
      'not base64url': 'abc$%',
      'base64url of no JSON': Buffer.from('hello').toString('base64url'),
      'the wrong shape': base64url({ s: 'name_asc', d: 'sideways', k: ['a', 'b'] }),
      'no id': base64url({ ...decoded, k: [decoded.k[0], null] }),
      'one character changed': `${next.slice(0, 10)}${next[10] === 'A' ? 'B' : 'A'}${next.slice(11)}`,
      'another order': base64url({ ...decoded, s: 'name_desc' }),
      'another sort': base64url({ ...decoded, s: 'class_asc' }),
      'too few keys': base64url({ ...decoded, k: [decoded.k[1]] }),
      'a key of the wrong type': base64url({ ...decoded, k: [decoded.k[0], 'not-a-uuid'] }),
      'too long': 'A'.repeat(3000),
    };
    for (const [what, cursor] of Object.entries(tampered)) {
      const answer = await api(
        'GET',
        `/api/students/get-all?sort=name&limit=5&page=3&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(answer.status, what).toBe(400);
      expect(JSON.stringify(answer.body), what).toContain(CURSOR_MESSAGE);
    }
    // A newest-first cursor whose time is not a time: PostgreSQL refuses the value, the API says why.
    const newest = decodeListCursor((await get('parents', 'limit=5&page=2')).cursors!.next!)!;
    const badTime = await api(
      'GET',
      `/api/parents/get-all?limit=5&page=3&cursor=${base64url({ ...newest, k: ['yesterday-ish', newest.k[1]] })}`,
    );
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toBe(CURSOR_MESSAGE);
  });
});

describe('the cursor contract (packages/shared)', () => {
  it('reads a cursor into its order, direction and key, and refuses anything else', () => {
    const cursor = { s: 'newest', d: 'prev', k: ['2026-11-24 20:22:03.123456+00', null, 'x'] } as const;
    expect(studentListQuerySchema.parse({ cursor: base64url(cursor) }).cursor).toEqual(cursor);
    expect(studentListQuerySchema.parse({}).cursor).toBeUndefined();
    const refused = studentListQuerySchema.safeParse({ cursor: 'Zm9v' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['cursor'], message: CURSOR_MESSAGE });
    // Text beyond ASCII survives the trip (a name with an accent in the key).
    const named = { s: 'name_asc', d: 'next', k: ['Zoë Fernandes', 'id'] } as const;
    expect(decodeListCursor(base64url(named))).toEqual(named);
  });
});
