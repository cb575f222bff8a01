import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uniqueTag, vehiclePayload } from '@school-transport/testing';
import { loadConfig } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { auditLog } from '../src/db/schema/index.js';
import { auditRetentionJob } from '../src/modules/platform/audit/audit-retention.js';
import { runLockedJob } from '../src/modules/platform/jobs/job-claims.js';
import { tryJobLock } from '../src/modules/platform/jobs/job-queries.js';
import { AUDIT_PRUNE_MS } from '../src/modules/platform/jobs/job-registry.js';
import { createJobRunner } from '../src/modules/platform/jobs/job-runner.js';
import { createAccount, login } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, TEST_DB, type TestApp } from './support/test-app.js';

/** An export's audit entry is written when its stream closes: waited for as long as a loaded machine needs. */
const WAIT = { timeout: 30_000, interval: 100 };

let t: TestApp;
let api: Api;
let adminEmail: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAccount(t.app, 'admin');
  adminEmail = admin.email;
  adminToken = (await login(t.app, admin.email)).json().token as string;
  api = apiAs(t.app, adminToken);
});
afterAll(() => t.close());

const entriesAbout = (ids: string[]) =>
  t.app.database.db.select().from(auditLog).where(inArray(auditLog.entityId, ids)).orderBy(auditLog.id);

/** Every value below is personal and must not be found in the audit log once it has been written. */
const FAMILY = {
  name: 'Quentin Zoravar',
  email: `zoravar-${Date.now()}@example.com`,
  phone: '9845077777',
  alternativePhone: '9845088888',
  address: '42 Quillfeather Lane',
  city: 'Xandarville',
  state: 'Karnataka Zeta',
  pinCode: '560099',
  children: [
    {
      name: 'Ottoline Zoravar',
      class: '4',
      rollNo: 'R-7731',
      nfcTagId: 'ABCD1234EF',
      pickupAndDropLat: 12.975319,
      pickupAndDropLng: 77.594691,
      pickupDropAddress: '7 Frobisher Gate',
    },
    {
      name: 'Percival Zoravar',
      class: '6',
      rollNo: 'R-7732',
      nfcTagId: '99AA77BB55',
      pickupAndDropLat: 12.911111,
      pickupAndDropLng: 77.522222,
      pickupDropAddress: '9 Frobisher Gate',
    },
  ],
};
const CHANGES = {
  parent: { phone: '9845066666', address: '43 Quillfeather Lane' },
  child: { nfcTagId: 'FEED4321BA', pickupAndDropLat: 12.933333, pickupDropAddress: '11 Marrowbone Row' },
};
const personalValues = [
  ...Object.values(FAMILY).filter((value) => typeof value === 'string'),
  ...FAMILY.children.flatMap((child) =>
    Object.values(child).filter((value) => value !== '4' && value !== '6'),
  ),
  ...Object.values(CHANGES.parent),
  ...Object.values(CHANGES.child),
].map(String);

describe('personal data in the audit log', () => {
  it('keeps who did what and which fields changed of a family, and none of its personal values', async () => {
    const created = await api('POST', '/api/parents/create', FAMILY);
    expect(created.status).toBe(201);
    const parent = created.body.data;
    const [first, second] = parent.students as Array<{ id: string }>;
    const { children: _children, ...parentFields } = FAMILY;
    expect(
      (await api('PUT', `/api/parents/update/${parent.id}`, { ...parentFields, ...CHANGES.parent })).status,
    ).toBe(200);
    const child = { ...FAMILY.children[0]!, ...CHANGES.child, parentId: parent.id };
    expect((await api('PUT', `/api/students/update/${first!.id}`, child)).status).toBe(200);
    expect((await api('DELETE', `/api/parents/delete/${parent.id}`)).status).toBe(200);

    const entries = await entriesAbout([parent.id, first!.id, second!.id]);
    expect(entries.map((e) => [e.action, e.actorEmail])).toEqual([
      ['parent.created', adminEmail],
      ['student.created', adminEmail],
      ['student.created', adminEmail],
      ['parent.updated', adminEmail],
      ['student.updated', adminEmail],
      ['parent.deleted', adminEmail],
    ]);
    const details = Object.fromEntries(entries.map((e) => [`${e.action} ${e.entityId}`, e.details]));
    expect(details[`parent.created ${parent.id}`]).toEqual({ children: 2 });
    expect(details[`student.created ${first!.id}`]).toEqual({ parentId: parent.id });
    expect(details[`parent.updated ${parent.id}`]).toEqual({ phone: 'changed', address: 'changed' });
    expect(details[`student.updated ${first!.id}`]).toEqual({
      nfcTagId: 'changed',
      pickupLat: 'changed',
      pickupAddress: 'changed',
    });
    expect(details[`parent.deleted ${parent.id}`]).toEqual({
      children: expect.arrayContaining([{ id: first!.id }, { id: second!.id }]),
    });

    const everything = JSON.stringify(await t.app.database.db.select().from(auditLog));
    for (const value of personalValues) expect(everything, value).not.toContain(value);
  });

  it('strips entries written before this rule the same way (the function the migration ran over them)', async () => {
    const id = '3f2a9c1b-7d1e-4c55-9b0a-2f6d1e0c9a11';
    const before = {
      name: 'Old Entry',
      email: 'old@example.com',
      children: [{ id, name: 'Old Child' }],
      parentId: id,
      nfcTagId: 'ABCD1234',
      pickupLat: { from: 12.1, to: 12.2 },
    };
    const [row] = await queryRows<{ kept: unknown }>(
      t.app.database.db,
      sql`select audit_without_personal_values(${JSON.stringify(before)}::jsonb) as kept`,
    );
    expect(row!.kept).toEqual({ children: [{ id }], parentId: id, pickupLat: 'changed' });
  });

  it("keeps none of a driver's personal values either", async () => {
    const tag = Date.now();
    const input = {
      name: 'Balthazar Quimby',
      email: `quimby-${tag}@example.com`,
      phone: '9812345678',
      licenseNo: `KA-QZ-${tag}`,
      address: '3 Turnpike Close',
    };
    const driver = (await api('POST', '/api/drivers/create', input)).body.data;
    await api('PUT', `/api/drivers/update/${driver.id}`, { ...input, phone: '9812345679' });
    await api('DELETE', `/api/drivers/delete/${driver.id}`);
    const entries = await entriesAbout([driver.id]);
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['driver.created', {}],
      ['driver.updated', { phone: 'changed' }],
      ['driver.deleted', {}],
    ]);
    const everything = JSON.stringify(await t.app.database.db.select().from(auditLog));
    for (const value of [...Object.values(input), '9812345679'])
      expect(everything, value).not.toContain(value);
  });

  it("keeps no values about a driver's or parent's own account, and forgets its e-mail when it is deleted", async () => {
    const parent = await createAccount(t.app, 'parent');
    const admin = await createAccount(t.app, 'admin');
    // Written as the profile routes wrote them while drivers and parents could still sign in.
    for (const user of [parent, admin]) {
      await t.app.database.db.insert(auditLog).values({
        actorId: user.id,
        actorEmail: user.email,
        action: 'profile.name_changed',
        entityType: 'user',
        entityId: user.id,
        details: { name: `Wolfram Ixworth ${user.role}` },
      });
    }
    const [parentEntry] = await entriesAbout([parent.id]);
    expect(parentEntry!.details).toEqual({});
    expect(parentEntry!.actorEmail).toBe(parent.email);
    await t.app.database.db.execute(sql`delete from users where id = ${parent.id}`);
    const everything = JSON.stringify(await t.app.database.db.select().from(auditLog));
    expect(everything).not.toContain(parent.email);
    expect(everything).not.toContain('Wolfram Ixworth parent');
    // An administrator is staff: their own entries keep their values (decision 020).
    const [adminEntry] = await entriesAbout([admin.id]);
    expect(adminEntry!.details).toEqual({ name: 'Wolfram Ixworth admin' });
  });

  it('keeps the values of vehicles and routes, which are nobody’s personal data', async () => {
    const tag = uniqueTag();
    const vehicle = (
      await api('POST', '/api/vehicles/create', {
        ...vehiclePayload(tag),
        licensePlate: `KA01${tag}`,
        model: 'Starbus',
      })
    ).body.data;
    const [entry] = await entriesAbout([vehicle.id]);
    expect(entry!.details).toEqual({ licensePlate: `KA01${tag}`, model: 'Starbus' });
  });
});

describe('bulk exports', () => {
  /** The rows of a CSV download: its lines after the header (no cell here holds a line break). */
  const rowsOf = (csv: string) =>
    csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n').length - 1;
  const download = async (url: string) => {
    const answer = await t.app.inject({ method: 'GET', url, headers: { authorization: adminToken } });
    expect(answer.statusCode, answer.body).toBe(200);
    return rowsOf(answer.body);
  };
  const exported = () =>
    t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'export.downloaded'))
      .orderBy(auditLog.id);

  it('each write an entry: which list, its filters, how many rows, and no personal value, not even the search', async () => {
    const surname = `Quorvath${uniqueTag()}`;
    const family = {
      ...FAMILY,
      name: `Yselda ${surname}`,
      email: `${surname.toLowerCase()}@example.com`,
      children: FAMILY.children.map((child, index) => ({
        ...child,
        name: `${['Ulric', 'Wendeline'][index]} ${surname}`,
        nfcTagId: `${uniqueTag()}${index}`.slice(0, 14),
      })),
    };
    expect((await api('POST', '/api/parents/create', family)).status).toBe(201);
    const before = (await t.app.database.db.select({ id: auditLog.id }).from(auditLog)).length;

    const students = await download(`/api/exports/students.csv?search=${surname}&unassigned=true&sort=name`);
    expect(students).toBe(2);
    const parents = await download(`/api/exports/parents.csv?search=${surname}`);
    expect(parents).toBe(1);
    const history = await download('/api/exports/trip-history.csv?from=2026-01-01&to=2026-01-31');
    const report = await download('/api/reports/ridership-days/csv?from=2026-01-01&to=2026-01-31');

    // Written once each download has been read to its end.
    await vi.waitFor(async () => expect(await exported()).toHaveLength(4), WAIT);
    // Each is written as its stream closes, so two close together may land in either order: by list here.
    const listOf = (entry: { details: unknown }) => (entry.details as { list: string }).list;
    const entries = (await exported()).sort((a, b) => listOf(a).localeCompare(listOf(b)));
    expect(
      entries.map(({ details, actorEmail, entityType }) => ({ details, actorEmail, entityType })),
    ).toEqual(
      [
        {
          actorEmail: adminEmail,
          entityType: 'export',
          details: {
            list: 'students',
            filters: { search: 'used', unassigned: 'true', sort: 'name' },
            rows: 2,
            complete: true,
          },
        },
        {
          actorEmail: adminEmail,
          entityType: 'export',
          details: { list: 'parents', filters: { search: 'used' }, rows: 1, complete: true },
        },
        {
          actorEmail: adminEmail,
          entityType: 'export',
          details: {
            list: 'trip-history',
            filters: { from: '2026-01-01', to: '2026-01-31' },
            rows: history,
            complete: true,
          },
        },
        {
          actorEmail: adminEmail,
          entityType: 'export',
          details: {
            list: 'reports/ridership-days',
            filters: { from: '2026-01-01', to: '2026-01-31' },
            rows: report,
            complete: true,
          },
        },
      ].sort((a, b) => listOf(a).localeCompare(listOf(b))),
    );
    const written = JSON.stringify((await t.app.database.db.select().from(auditLog)).slice(before));
    for (const value of [surname, family.email, ...family.children.map((child) => child.nfcTagId)])
      expect(written, value).not.toContain(value);
  });

  it('write nothing for an export refused for a bad filter', async () => {
    const before = (await exported()).length;
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/exports/trips.csv?status=NOPE',
      headers: { authorization: adminToken },
    });
    expect(refused.statusCode).toBe(400);
    expect(await exported()).toHaveLength(before);
  });
});

describe('audit log retention', () => {
  const DAY = 86_400_000;
  const insertAged = async (action: string, ageDays: number) => {
    const [row] = await t.app.database.db
      .insert(auditLog)
      .values({ action, createdAt: new Date(Date.now() - ageDays * DAY) })
      .returning({ id: auditLog.id });
    return row!.id;
  };
  const exists = async (id: number) =>
    (await t.app.database.db.select().from(auditLog).where(eq(auditLog.id, id))).length === 1;
  const retention = (retentionDays: number) => ({
    name: 'audit-retention',
    schedule: { every: AUDIT_PRUNE_MS },
    claim: 'once-across-processes' as const,
    ...auditRetentionJob({ clock: () => new Date(), retentionDays }),
  });
  /** One run of the job, as the runner does it: how many entries went, or null when another process was at it. */
  const pruneAuditLog = async (db: typeof t.app.database.db, now: Date, retentionDays: number) => {
    const report = await runLockedJob(db, retention(retentionDays), now.toISOString().slice(0, 10));
    return report && (report.figures.removed as number);
  };

  it('is a setting: a year unless AUDIT_RETENTION_DAYS says otherwise, and never under 30 days', () => {
    expect(loadConfig({}).audit.retentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '90' }).audit.retentionDays).toBe(90);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '7' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('removes entries older than the retention and keeps the others', async () => {
    const old = await insertAged('test.old', 400);
    const recent = await insertAged('test.recent', 364);
    const removed = await pruneAuditLog(t.app.database.db, new Date(), 365);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await exists(old)).toBe(false);
    expect(await exists(recent)).toBe(true);
  });

  // PGlite has one connection and one process: there is nobody else to hold the lock.
  it.runIf(TEST_DB === 'postgres')(
    'leaves the work to another server already at it on the same database',
    async () => {
      const old = await insertAged('test.old-locked', 400);
      await t.app.database.db.transaction(async (tx) => {
        expect(await tryJobLock(tx, 'audit-retention')).toBe(true);
        expect(await pruneAuditLog(t.app.database.db, new Date(), 365)).toBeNull();
      });
      expect(await exists(old)).toBe(true);
      expect(await pruneAuditLog(t.app.database.db, new Date(), 365)).toBeGreaterThanOrEqual(1);
      expect(await exists(old)).toBe(false);
    },
  );

  it('is done by a job when the server is ready, with the configured number of days', async () => {
    const old = await insertAged('test.job-old', 31);
    const kept = await insertAged('test.job-kept', 29);
    const jobs = createJobRunner({
      db: t.app.database.db,
      clock: () => new Date(),
      timeZone: t.config.timeZone,
      log: t.app.log,
    });
    jobs.start([retention(30)]);
    await expect.poll(() => exists(old), { timeout: 30_000 }).toBe(false);
    expect(await exists(kept)).toBe(true);
    await jobs.close();
  });
});
