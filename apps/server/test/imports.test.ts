import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  type Guardian,
  type ImportLine,
  type ImportReport,
} from '@school-transport/shared';
import { parse } from 'csv-parse/sync';
import { uniqueTag } from '@school-transport/testing';
import { auditLog, parents, students, users, vehicles } from '../src/db/schema/index.js';
import { BATCH, IMPORT_LOCK_KEY } from '../src/modules/records/imports/import-service.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp } from './support/requests.js';
import { TEST_DB } from './support/test-app.js';

const { t, api } = adminTestApp();

async function importCsv(
  kind: string,
  csv: string,
  mode: 'dry-run' | 'commit',
  mapping?: Record<string, string>,
) {
  const query = new URLSearchParams({ mode, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) });
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}?${query.toString()}`,
    // As a browser asks: a compressed answer would hold the progress lines back until the end.
    headers: {
      authorization: await tokenFor(t.app, 'admin'),
      'content-type': 'text/csv',
      'accept-encoding': 'br, gzip',
    },
    payload: csv,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-encoding']).toBeUndefined();
  const lines = answer.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportLine);
  const last = lines.at(-1)!;
  if (last.type !== 'report') throw new Error(answer.body);
  return { report: last.report as ImportReport, lines };
}

const HEADER =
  'Family ID,Parent Name,Email,Phone,Alternative Phone,Address,City,State,ZIP,Child ID,Child Name,Class,Roll No,NFC Tag,Latitude,Longitude';
const familyLine = (
  tag: string,
  family: number,
  child: number,
  overrides: Partial<Record<string, string>> = {},
) => {
  const cells = {
    family: `F-${tag}-${family}`,
    name: `Parent ${tag} ${family}`,
    email: `parent-${tag.toLowerCase()}-${family}@example.com`,
    phone: '+91 98765 43210',
    alt: '+91 98765 43211',
    address: `${family} Lake Road`,
    city: 'Bengaluru',
    state: 'Karnataka',
    zip: '560001',
    child: `C-${tag}-${family}-${child}`,
    childName: `Child ${tag} ${family}-${child}`,
    class: '4B',
    roll: `${family}${child}`,
    tag: '',
    lat: '12.97',
    lng: '77.59',
    ...overrides,
  };
  return Object.values(cells).join(',');
};

/** The answer's lines, whatever they end with (a report or an error). */
async function importLines(kind: string, csv: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}?mode=dry-run`,
    headers: { authorization: await tokenFor(t.app, 'admin'), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportLine);
}

/** The app listening on a port of its own, once for the file. */
let listening: Promise<string> | undefined;
const serverUrl = () => (listening ??= t.app.listen({ host: '127.0.0.1', port: 0 }));

const countOf = async (table: typeof parents | typeof students | typeof vehicles) =>
  (await t.app.database.db.select({ n: count() }).from(table))[0]!.n;

describe('CSV import of families', () => {
  it('lists every problem with its line and column, and writes nothing, even on commit', async () => {
    const tag = uniqueTag();
    const csv = [
      HEADER,
      familyLine(tag, 1, 1),
      familyLine(tag, 2, 1, { email: 'not-an-email' }),
      familyLine(tag, 3, 1, { lat: '123' }),
      familyLine(tag, 4, 1, { child: `C-${tag}-1-1` }),
    ].join('\r\n');
    const before = { parents: await countOf(parents), students: await countOf(students) };
    for (const mode of ['dry-run', 'commit'] as const) {
      const { report } = await importCsv('families', csv, mode);
      expect(report.committed).toBe(false);
      expect(report.problems).toEqual([
        { row: 3, column: 'Email', field: 'email', message: expect.stringMatching(/email/i) },
        {
          row: 4,
          column: 'Latitude',
          field: 'pickupAndDropLat',
          message: expect.stringMatching(/latitude/i),
        },
        { row: 5, column: 'Child ID', field: 'childExternalId', message: 'This child id is also on line 2.' },
      ]);
    }
    expect({ parents: await countOf(parents), students: await countOf(students) }).toEqual(before);
  });

  it('commits a file in one go; the same file again changes nothing; an external id updates its record', async () => {
    const tag = uniqueTag();
    const rows = [familyLine(tag, 1, 1), familyLine(tag, 1, 2), familyLine(tag, 2, 1)];
    const csv = [HEADER, ...rows].join('\n');
    const dry = await importCsv('families', csv, 'dry-run');
    expect(dry.report).toMatchObject({ rows: 3, problemCount: 0, committed: false, created: 0 });
    expect(dry.report.mapping).toMatchObject({
      parentExternalId: 'Family ID',
      pinCode: 'ZIP',
      childName: 'Child Name',
    });

    const first = await importCsv('families', csv, 'commit');
    expect(first.report).toMatchObject({ committed: true, created: 5, updated: 0, unchanged: 0 });
    expect(first.lines.some((line) => line.type === 'progress' && line.phase === 'writing')).toBe(true);
    const listed = await api('GET', `/api/parents/get-all?search=${tag}`);
    expect(
      (listed.body.data as Array<{ user: { name: string } }>).map((row) => row.user.name).sort(),
    ).toEqual([`Parent ${tag} 1`, `Parent ${tag} 2`]);
    const [account] = await t.app.database.db
      .select({ passwordHash: users.passwordHash, role: users.role })
      .from(users)
      .where(eq(users.email, `parent-${tag.toLowerCase()}-1@example.com`));
    expect(account).toEqual({ passwordHash: null, role: 'parent' });

    const again = await importCsv('families', csv, 'commit');
    expect(again.report).toMatchObject({ committed: true, created: 0, updated: 0, unchanged: 5 });

    const changed = [
      HEADER,
      familyLine(tag, 1, 1, { name: `Renamed ${tag}`, class: '5A' }),
      rows[1],
      rows[2],
    ].join('\n');
    const update = await importCsv('families', changed, 'commit');
    expect(update.report).toMatchObject({ created: 0, updated: 2, unchanged: 3 });
    const [child] = await t.app.database.db
      .select({ class: students.class })
      .from(students)
      .where(eq(students.externalId, `C-${tag}-1-1`));
    expect(child!.class).toBe('5A');

    const entries = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'import.families'));
    expect(entries.map((entry) => entry.details)).toEqual([
      { rows: 3, created: 5, updated: 0 },
      { rows: 3, created: 0, updated: 0 },
      { rows: 3, created: 0, updated: 2 },
    ]);
    expect(JSON.stringify(entries)).not.toContain(tag);
  });

  it('a file of more than one batch: progress through every phase, all or nothing, new and known families mixed', async () => {
    const tag = uniqueTag();
    const families = BATCH + 1;
    const rows = Array.from({ length: families }, (_, family) => familyLine(tag, family, 1));
    const before = { parents: await countOf(parents), students: await countOf(students) };

    // One bad row at the very end, after a whole batch of good ones: nothing is written.
    const bad = [HEADER, ...rows.slice(0, -1), familyLine(tag, families - 1, 1, { lat: '123' })].join('\n');
    const refused = await importCsv('families', bad, 'commit');
    expect(refused.report).toMatchObject({ committed: false, problemCount: 1 });
    expect(refused.report.problems[0]).toMatchObject({ row: families + 1, column: 'Latitude' });
    expect({ parents: await countOf(parents), students: await countOf(students) }).toEqual(before);

    // The first half, then the whole file: its batches mix known families (unchanged, or renamed) and new ones.
    const half = Math.floor(families / 2);
    expect(
      (await importCsv('families', [HEADER, ...rows.slice(0, half)].join('\n'), 'commit')).report,
    ).toMatchObject({
      committed: true,
      created: 2 * half,
    });
    const renamed = [HEADER, familyLine(tag, 0, 1, { name: `Renamed ${tag}` }), ...rows.slice(1)].join('\n');
    const { report, lines } = await importCsv('families', renamed, 'commit');
    expect(report).toMatchObject({
      committed: true,
      created: 2 * (families - half),
      updated: 1,
      unchanged: 2 * families - 2 * (families - half) - 1,
    });
    const progress = lines.flatMap((line) => (line.type === 'progress' ? [line] : []));
    expect([...new Set(progress.map((line) => line.phase))]).toEqual(['reading', 'checking', 'writing']);
    const checking = progress.filter((line) => line.phase === 'checking').map((line) => line.done);
    expect(checking).toEqual([BATCH, families]);
    const writing = progress.filter((line) => line.phase === 'writing');
    // Parents and children each take two statements: four lines, rising to every record of the file.
    expect(writing.map((line) => line.done)).toEqual([BATCH, families, families + BATCH, 2 * families]);
    expect(writing.every((line) => line.total === 2 * families)).toBe(true);
    const [parent] = await t.app.database.db
      .select({ name: users.name })
      .from(parents)
      .innerJoin(users, eq(users.id, parents.userId))
      .where(eq(parents.externalId, `F-${tag}-0`));
    expect(parent!.name).toBe(`Renamed ${tag}`);

    // Over a real connection the progress arrives before the report, not with it (the server's work runs in this
    // process, PGlite's too, so a line only leaves when the event loop gets a turn).
    const url = await serverUrl();
    const answer = await fetch(`${url}/api/imports/families?mode=commit`, {
      method: 'POST',
      headers: { authorization: await tokenFor(t.app, 'admin'), 'content-type': 'text/csv' },
      body: renamed,
    });
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of answer.body!) chunks.push(decoder.decode(chunk, { stream: true }));
    const firstProgress = chunks.findIndex((chunk) => chunk.includes('"type":"progress"'));
    const reportChunk = chunks.findIndex((chunk) => chunk.includes('"type":"report"'));
    expect(firstProgress).toBeGreaterThanOrEqual(0);
    expect(firstProgress).toBeLessThan(reportChunk);
    const again = JSON.parse(chunks.join('').trim().split('\n').at(-1)!) as ImportLine;
    expect(again).toMatchObject({ report: { created: 0, updated: 0, unchanged: 2 * families } });
    expect({ parents: await countOf(parents), students: await countOf(students) }).toEqual({
      parents: before.parents + families,
      students: before.students + families,
    });
  });

  it('refuses an email address another account holds, and takes a mapping the user chose', async () => {
    const tag = uniqueTag();
    await api('POST', '/api/drivers/create', {
      name: `Driver ${tag}`,
      email: `taken-${tag.toLowerCase()}@example.com`,
      phone: '+91 98765 00000',
      licenseNo: `DL-${tag}`,
    });
    const csv = [
      HEADER.replace('Email', 'Contact'),
      familyLine(tag, 1, 1, { email: `TAKEN-${tag}@example.com` }),
    ].join('\n');
    const guessed = await importCsv('families', csv, 'dry-run');
    expect(guessed.report.problems).toEqual([
      { row: 1, column: null, field: 'email', message: 'Choose the column that holds Parent email.' },
    ]);
    const mapping = { ...guessed.report.mapping, email: 'Contact' };
    const mapped = await importCsv('families', csv, 'dry-run', mapping);
    expect(mapped.report.problems).toEqual([
      {
        row: 2,
        column: 'Contact',
        field: 'email',
        message: 'An account with this email address already exists.',
      },
    ]);
  });
});

describe('guardian columns of the families import and the students export (decision 075)', () => {
  const GUARDIAN_HEADER = [1, 2]
    .flatMap((set) =>
      ['name', 'email', 'phone', 'relation', 'language'].map((part) => `guardian_${set}_${part}`),
    )
    .join(',');
  const guardianCells = (...sets: Array<string[] | null>) =>
    [0, 1].map((set) => (sets[set] ?? ['', '', '', '', '']).join(',')).join(',');
  const studentId = async (externalId: string) =>
    (
      await t.app.database.db
        .select({ id: students.id })
        .from(students)
        .where(eq(students.externalId, externalId))
    )[0]!.id;
  const guardiansOf = async (externalId: string) =>
    ((await api('GET', `/api/students/${await studentId(externalId)}/guardians`)).body.data as Guardian[])
      .map((guardian) => `${guardian.email} ${guardian.relation}${guardian.primary ? ' primary' : ''}`)
      .sort();
  const exported = async (tag: string) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/exports/students.csv?search=${tag}`,
      headers: { authorization: await tokenFor(t.app, 'admin') },
    });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };

  it('links and creates guardians, exports them, and the export imported again changes nothing or restores a link', async () => {
    const tag = uniqueTag();
    const email = (who: string) => `${who}-${tag.toLowerCase()}@example.com`;
    const grandma = [`Grandma ${tag}`, email('grandma'), '+91 90000 11111', 'Grandparent', 'es'];
    // The parent of family 2, a step-parent of family 1's first child.
    const stepParent = [`Parent ${tag} 2`, email('parent') + '-2', '+91 98765 43210', 'step-parent', ''];
    stepParent[1] = `parent-${tag.toLowerCase()}-2@example.com`;
    const csv = [
      `${HEADER},${GUARDIAN_HEADER}`,
      `${familyLine(tag, 1, 1)},${guardianCells(grandma, stepParent)}`,
      `${familyLine(tag, 1, 2)},${guardianCells(grandma)}`,
      `${familyLine(tag, 2, 1)},${guardianCells()}`,
    ].join('\n');
    const first = await importCsv('families', csv, 'commit');
    // 2 families, 3 children, 1 new guardian, 3 links.
    expect(first.report).toMatchObject({ problemCount: 0, committed: true, created: 9, updated: 0 });
    const parentOf = (family: number) => `parent-${tag.toLowerCase()}-${family}@example.com`;
    expect(await guardiansOf(`C-${tag}-1-1`)).toEqual(
      [
        `${email('grandma')} GRANDPARENT`,
        `${parentOf(1)} PARENT primary`,
        `${parentOf(2)} STEP_PARENT`,
      ].sort(),
    );
    expect(await guardiansOf(`C-${tag}-1-2`)).toEqual(
      [`${email('grandma')} GRANDPARENT`, `${parentOf(1)} PARENT primary`].sort(),
    );
    const [gran] = await t.app.database.db
      .select({ language: users.language, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email('grandma')));
    expect(gran).toEqual({ language: 'es', role: 'parent', passwordHash: null });

    const file = await exported(tag);
    const rows = parse(file, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(3);
    const firstChild = rows.find((row) => row['Child id'] === `C-${tag}-1-1`)!;
    expect(firstChild).toMatchObject({ 'Family id': `F-${tag}-1`, 'Parent email': parentOf(1) });
    expect(
      [1, 2, 3].map((set) => [firstChild[`Guardian ${set} email`], firstChild[`Guardian ${set} relation`]]),
    ).toEqual(
      expect.arrayContaining([
        [email('grandma'), 'GRANDPARENT'],
        [parentOf(2), 'STEP_PARENT'],
        ['', ''],
      ]),
    );

    // The same database: the export is the file that was imported, nothing changes.
    const again = await importCsv('families', file, 'commit');
    expect(again.report).toMatchObject({ problemCount: 0, created: 0, updated: 0, unchanged: 9 });
    // A link the office removed comes back from the file; an import never removes one.
    const grandmaId = (
      (await api('GET', `/api/students/${await studentId(`C-${tag}-1-2`)}/guardians`)).body.data as Guardian[]
    ).find((guardian) => guardian.email === email('grandma'))!.parentId;
    const unlinked = await api(
      'DELETE',
      `/api/students/${await studentId(`C-${tag}-1-2`)}/guardians/${grandmaId}`,
    );
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    const restored = await importCsv('families', file, 'commit');
    expect(restored.report).toMatchObject({ problemCount: 0, created: 1, updated: 0, unchanged: 8 });
    expect(await guardiansOf(`C-${tag}-1-2`)).toEqual(
      [`${email('grandma')} GRANDPARENT`, `${parentOf(1)} PARENT primary`].sort(),
    );
  });

  it('reports a bad guardian against its row and column, and writes nothing', async () => {
    const tag = uniqueTag();
    const driverEmail = `driver-${tag.toLowerCase()}@example.com`;
    await api('POST', '/api/drivers/create', {
      name: `Driver ${tag}`,
      email: driverEmail,
      phone: '+91 98765 00000',
      licenseNo: `DL-${tag}`,
    });
    const gran = (name: string, mail: string) => [name, mail, '+91 90000 11111', '', ''];
    const csv = [
      `${HEADER},${GUARDIAN_HEADER}`,
      `${familyLine(tag, 1, 1)},${guardianCells(null, gran('Gran', 'not-an-email'))}`,
      `${familyLine(tag, 2, 1)},${guardianCells(gran('Driver', driverEmail))}`,
      `${familyLine(tag, 3, 1)},${guardianCells(gran('Gran', `gran-${tag}@example.com`))}`,
      `${familyLine(tag, 4, 1)},${guardianCells(gran('Granny', `gran-${tag}@example.com`))}`,
      `${familyLine(tag, 5, 1, { child: '', childName: '', class: '', roll: '', lat: '', lng: '' })},${guardianCells(gran('Gran', `gran-${tag}@example.com`))}`,
    ].join('\n');
    const before = { parents: await countOf(parents), students: await countOf(students) };
    const { report } = await importCsv('families', csv, 'commit');
    expect(report.committed).toBe(false);
    expect(report.problems).toEqual([
      {
        row: 2,
        column: 'guardian_2_email',
        field: 'guardian2Email',
        message: expect.stringMatching(/valid email/i),
      },
      {
        row: 3,
        column: 'guardian_1_email',
        field: 'guardian1Email',
        message: expect.stringMatching(/driver's account/),
      },
      {
        row: 5,
        column: 'guardian_1_name',
        field: 'guardian1Name',
        message: 'This guardian is also on line 4 with another name.',
      },
      {
        row: 6,
        column: 'guardian_1_name',
        field: 'guardian1Name',
        message: "A guardian is a child's: fill in the child's columns on this row.",
      },
    ]);
    expect({ parents: await countOf(parents), students: await countOf(students) }).toEqual(before);
  });
});

describe('CSV import of drivers, vehicles and stops', () => {
  it('imports vehicles by external id, flags plates taken or repeated, and updates on a second run', async () => {
    const tag = uniqueTag();
    await api('POST', '/api/vehicles/create', {
      licensePlate: `KA${tag}X`,
      model: 'Bus',
      type: 'Bus',
      color: 'Red',
      capacity: 30,
    });
    const header = 'Vehicle ID,Registration No,Model,Type,Colour,Seats';
    const bad = [
      header,
      `V1-${tag},KA${tag}X,M,Bus,Red,30`,
      `V2-${tag},ka ${tag}1,M,Bus,Red,30`,
      `V3-${tag},KA${tag}1,M,Bus,Red,300`,
    ];
    const { report } = await importCsv('vehicles', bad.join('\n'), 'commit');
    expect(report.problems.map((problem) => [problem.row, problem.column, problem.message])).toEqual([
      [2, 'Registration No', 'A vehicle with this registration number already exists.'],
      [4, 'Seats', expect.stringMatching(/Capacity/)],
    ]);
    const good = [header, `V1-${tag},KA${tag}2,M,Bus,Red,30`, `V2-${tag},KA${tag}3,M,Bus,Red,40`].join('\n');
    expect((await importCsv('vehicles', good, 'commit')).report).toMatchObject({
      created: 2,
      committed: true,
    });
    const changed = good.replace(',40', ',45');
    expect((await importCsv('vehicles', changed, 'commit')).report).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 1,
    });
  });

  it('imports drivers (accounts without a password) and stops', async () => {
    const tag = uniqueTag();
    const drivers = [
      'External ID,Name,Email,Phone,License No',
      `D1-${tag},Ann ${tag},ann-${tag.toLowerCase()}@example.com,+91 98765 11111,LIC-${tag}-1`,
      `D2-${tag},Bo ${tag},bo-${tag.toLowerCase()}@example.com,+91 98765 11112,lic-${tag}-1`,
    ].join('\n');
    const clash = await importCsv('drivers', drivers, 'commit');
    expect(clash.report.problems).toEqual([
      { row: 3, column: 'License No', field: 'licenseNo', message: 'This license number is also on line 2.' },
    ]);
    const fixed = drivers.replace(`lic-${tag}-1`, `LIC-${tag}-2`);
    expect((await importCsv('drivers', fixed, 'commit')).report).toMatchObject({ created: 2 });
    expect((await importCsv('drivers', fixed, 'commit')).report).toMatchObject({ created: 0, unchanged: 2 });

    const stops = ['Stop code,Stop name,Latitude,Longitude', `S1-${tag},Gate ${tag},12.9,77.5`].join('\n');
    expect((await importCsv('stops', stops, 'commit')).report).toMatchObject({ created: 1 });
    expect((await importCsv('stops', stops, 'commit')).report).toMatchObject({ created: 0, unchanged: 1 });
  });
});

describe('what an import takes, and one at a time', () => {
  const VEHICLE_HEADER = 'Vehicle ID,Registration No,Model,Type,Colour,Seats';
  const errorOf = (lines: ImportLine[]) => {
    const last = lines.at(-1)!;
    if (last.type !== 'error') throw new Error(JSON.stringify(last));
    return last.message;
  };

  it('refuses more rows, more columns or a longer cell than it takes, saying which line and column', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, row) => `V${row}`);
    expect(errorOf(await importLines('vehicles', [VEHICLE_HEADER, ...rows].join('\n')))).toBe(
      `Line ${IMPORT_MAX_ROWS + 2} is the file's row ${IMPORT_MAX_ROWS + 1}: an import takes at most 100,000 rows. ` +
        'Split the file and import the parts one after the other.',
    );

    const wide = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, column) => `C${column}`).join(',');
    expect(errorOf(await importLines('vehicles', `${VEHICLE_HEADER}\nV1,KA01,Bus,Bus,Red,30\n${wide}`))).toBe(
      `Line 3 has ${IMPORT_MAX_COLUMNS + 1} columns: an import takes at most ${IMPORT_MAX_COLUMNS}.`,
    );

    const tag = uniqueTag();
    const long = 'x'.repeat(IMPORT_MAX_CELL_CHARS + 1);
    const csv = [HEADER, familyLine(tag, 1, 1), familyLine(tag, 2, 1, { address: long })].join('\n');
    expect(errorOf(await importLines('families', csv))).toBe(
      `Line 3, column 6 ("Address") holds ${IMPORT_MAX_CELL_CHARS + 1} characters: a cell may hold at most ` +
        `${IMPORT_MAX_CELL_CHARS.toLocaleString('en')}.`,
    );
    // A quote never closed would gather the rest of the file into one cell: refused at the row's length.
    const unclosed = `${VEHICLE_HEADER}\nV1,"${'y'.repeat(IMPORT_MAX_COLUMNS * IMPORT_MAX_CELL_CHARS)}`;
    expect(errorOf(await importLines('vehicles', unclosed))).toBe(
      `Line 2 is longer than a row may be (${IMPORT_MAX_COLUMNS} columns of at most ` +
        `${IMPORT_MAX_CELL_CHARS.toLocaleString('en')} characters): is a quote left open?`,
    );
  });

  it('ends the turn of an import whose upload is cut short', async () => {
    const url = await serverUrl();
    const headers = { authorization: await tokenFor(t.app, 'admin'), 'content-type': 'text/csv' };
    const client = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // The header, then nothing more: the client goes away mid-upload.
        controller.enqueue(new TextEncoder().encode(`${VEHICLE_HEADER}\n`));
      },
    });
    const cut = await fetch(`${url}/api/imports/vehicles?mode=dry-run`, {
      method: 'POST',
      headers,
      body,
      duplex: 'half',
      signal: client.signal,
    } as RequestInit);
    expect(cut.status).toBe(200);
    client.abort();
    // The next import is not told another one runs (it waits for nothing but the server noticing the cut).
    for (;;) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/imports/vehicles?mode=dry-run',
        headers,
        payload: `${VEHICLE_HEADER}\nV1,KA01,Bus,Bus,Red,30`,
      });
      if (answer.statusCode === 200) break;
      expect(answer.statusCode).toBe(409);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it('runs one import at a time: a second one meanwhile is told who runs one, and since when', async () => {
    const url = await serverUrl();
    const headers = { authorization: await tokenFor(t.app, 'admin'), 'content-type': 'text/csv' };
    const tag = uniqueTag();
    let finishUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (finishUpload = resolve));
    const encoder = new TextEncoder();
    // The first import's file arrives in two parts; the second part waits until the test lets it go.
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`${VEHICLE_HEADER}\nV-${tag}-1,KA${tag}1,Bus,Bus,Red,30\n`));
        await uploadHeld;
        controller.enqueue(encoder.encode(`V-${tag}-2,KA${tag}2,Bus,Bus,Red,30\n`));
        controller.close();
      },
    });
    const first = await fetch(`${url}/api/imports/vehicles?mode=dry-run`, {
      method: 'POST',
      headers,
      body,
      duplex: 'half',
    } as RequestInit);
    expect(first.status).toBe(200);

    const second = await fetch(`${url}/api/imports/vehicles?mode=dry-run`, {
      method: 'POST',
      headers,
      body: `${VEHICLE_HEADER}\nV-${tag}-3,KA${tag}3,Bus,Bus,Red,30\n`,
    });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toMatch(
      /^Another import is running \(started \d\d:\d\d by [^ ]+@[^ ]+\); try again when it has finished\.$/,
    );

    finishUpload();
    const lines = (await first.text()).trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ type: 'report', report: { rows: 2, problemCount: 0 } });
    // Once it has ended, the next import runs.
    const again = await importLines('vehicles', `${VEHICLE_HEADER}\nV-${tag}-3,KA${tag}3,Bus,Bus,Red,30`);
    expect(again.at(-1)).toMatchObject({ type: 'report', report: { rows: 1 } });
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'on PostgreSQL, refuses an import while another process runs one',
    async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Another process's import, as the database sees it: its lock held in an open transaction.
      const other = t.app.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
        locked();
        await released;
      });
      await isLocked;
      try {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/imports/vehicles?mode=dry-run',
          headers: { authorization: await tokenFor(t.app, 'admin'), 'content-type': 'text/csv' },
          payload: `${VEHICLE_HEADER}\nV1,KA01,Bus,Bus,Red,30`,
        });
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toBe(
          'Another import is running on another server process; try again when it has finished.',
        );
      } finally {
        release();
        await other;
      }
    },
  );

  it('answers other requests while a large file is read', async () => {
    const url = await serverUrl();
    const tag = uniqueTag();
    const notes = 'n'.repeat(120);
    const count = 90_000;
    const rows = Array.from(
      { length: count },
      (_, row) => `V-${tag}-${row},KA${tag}${row},Bus,Bus,Red,30,${notes}`,
    );
    const answer = await fetch(`${url}/api/imports/vehicles?mode=dry-run`, {
      method: 'POST',
      headers: { authorization: await tokenFor(t.app, 'admin'), 'content-type': 'text/csv' },
      body: [`${VEHICLE_HEADER},Notes`, ...rows].join('\n'),
    });
    expect(answer.status).toBe(200);
    const events: string[] = [];
    let asked: Promise<void> | undefined;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of answer.body!) {
      text += decoder.decode(chunk, { stream: true });
      const lines = text.split('\n');
      text = lines.pop()!;
      for (const line of lines.map((each) => JSON.parse(each) as ImportLine)) {
        if (line.type !== 'progress' || line.phase !== 'reading') continue;
        // The file is being read: another request now, answered while the rest of the file is read.
        if (!asked && line.done > 0)
          asked = fetch(`${url}/api/health`).then((health) => {
            expect(health.status).toBe(200);
            events.push('answered');
          });
        if (line.done === count) events.push('file read');
      }
    }
    await asked;
    expect(events).toEqual(['answered', 'file read']);
  });
});
