import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordsThrough } from '@school-transport/testing';
import { absences, auditLog, dailyJobRuns, trips } from '../src/db/schema/index.js';
import { absentStudentIds } from '../src/modules/operations/calendar/absence-queries.js';
import { adminTestApp } from './support/requests.js';
import { manualClock } from './support/test-app.js';

// Monday 2 March 2026, 08:00 in London.
const time = manualClock(new Date('2026-03-02T08:00:00Z'));
const { t, api } = adminTestApp({ clock: time.clock, env: { TIME_ZONE: 'Europe/London' } });

const auditOf = (entityId: string) =>
  t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);

describe('the school calendar', () => {
  it('counts Monday to Friday as school days when no entry says otherwise', async () => {
    const week = await api('GET', '/api/calendar?from=2026-03-02&to=2026-03-08');
    expect(week.status).toBe(200);
    expect(week.body.data).toEqual(
      ['02', '03', '04', '05', '06', '07', '08'].map((day, index) => ({
        date: `2026-03-${day}`,
        schoolDay: index < 5,
        entry: null,
      })),
    );
  });

  it('lets an entry override the weekday rule, replaces it on a second PUT and forgets it on DELETE', async () => {
    const holiday = await api('PUT', '/api/calendar/2026-03-11', {
      kind: 'HOLIDAY',
      note: 'Teacher training',
    });
    expect(holiday.status).toBe(200);
    expect(holiday.body.data).toEqual({ date: '2026-03-11', kind: 'HOLIDAY', note: 'Teacher training' });
    expect((await api('PUT', '/api/calendar/2026-03-14', { kind: 'SCHOOL_DAY' })).status).toBe(200);

    const week = (await api('GET', '/api/calendar?from=2026-03-09&to=2026-03-15')).body.data;
    expect(week.map((day: { schoolDay: boolean }) => day.schoolDay)).toEqual([
      true,
      true,
      false, // Wednesday, a holiday
      true,
      true,
      true, // Saturday, a make-up day
      false,
    ]);
    expect(week[2].entry).toEqual({ date: '2026-03-11', kind: 'HOLIDAY', note: 'Teacher training' });
    expect(week[5].entry).toEqual({ date: '2026-03-14', kind: 'SCHOOL_DAY', note: null });

    const replaced = await api('PUT', '/api/calendar/2026-03-11', { kind: 'CLOSURE', note: 'Snow' });
    expect(replaced.body.data).toEqual({ date: '2026-03-11', kind: 'CLOSURE', note: 'Snow' });

    expect((await api('DELETE', '/api/calendar/2026-03-11')).status).toBe(200);
    const after = (await api('GET', '/api/calendar?from=2026-03-11&to=2026-03-11')).body.data;
    expect(after).toEqual([{ date: '2026-03-11', schoolDay: true, entry: null }]);
    const again = await api('DELETE', '/api/calendar/2026-03-11');
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('2026-03-11 has no calendar entry.');
  });

  it('audits every change with what the date was and what it became', async () => {
    await api('PUT', '/api/calendar/2026-04-06', { kind: 'HOLIDAY', note: 'Easter Monday' });
    await api('PUT', '/api/calendar/2026-04-06', { kind: 'CLOSURE' });
    await api('DELETE', '/api/calendar/2026-04-06');
    const entries = await auditOf('2026-04-06');
    expect(entries.map((entry) => [entry.action, entry.entityType, entry.details])).toEqual([
      ['calendar_day.set', 'calendar_day', { from: null, to: { kind: 'HOLIDAY', note: 'Easter Monday' } }],
      [
        'calendar_day.set',
        'calendar_day',
        { from: { kind: 'HOLIDAY', note: 'Easter Monday' }, to: { kind: 'CLOSURE', note: null } },
      ],
      ['calendar_day.deleted', 'calendar_day', { kind: 'CLOSURE', note: null }],
    ]);
    expect(entries.every((entry) => entry.actorEmail?.startsWith('admin-'))).toBe(true);
  });

  it('answers at most 400 days at a time, and refuses a range that ends before it starts', async () => {
    const most = await api('GET', '/api/calendar?from=2026-01-01&to=2027-02-04');
    expect(most.status).toBe(200);
    expect(most.body.data).toHaveLength(400);
    expect(most.body.data.at(-1).date).toBe('2027-02-04');
    const tooMany = await api('GET', '/api/calendar?from=2026-01-01&to=2027-02-05');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Ask for at most 400 days at a time.');
    const backwards = await api('GET', '/api/calendar?from=2026-03-09&to=2026-03-08');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The range must not end before it starts.');
  });

  it('refuses what is not a date or not a kind, next to the field', async () => {
    expect((await api('GET', '/api/calendar?from=2026-03-01')).status).toBe(400);
    expect((await api('GET', '/api/calendar?from=2026-02-30&to=2026-03-01')).status).toBe(400);
    expect((await api('PUT', '/api/calendar/2026-13-01', { kind: 'HOLIDAY' })).status).toBe(400);
    const badKind = await api('PUT', '/api/calendar/2026-03-20', { kind: 'PARTY' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.errors).toEqual([
      expect.objectContaining({ field: 'kind', message: 'Choose school day, holiday or closure' }),
    ]);
  });
});

describe('absences', () => {
  let child: { id: string; name: string };
  /** A new child of a new family. */
  const newChild = async () => (await recordsThrough(api).children(1))[0]!;
  beforeAll(async () => {
    child = await newChild();
  });
  const absencesOf = (studentId: string) =>
    t.app.database.db.select().from(absences).where(eq(absences.studentId, studentId));

  it('marks both runs as two rows, and the manifest helper sees each run', async () => {
    const marked = await api('POST', `/api/students/${child.id}/absences`, {
      date: '2026-03-03',
      run: 'BOTH',
      reason: 'Dentist',
    });
    expect(marked.status).toBe(201);
    expect(marked.body.data.map((row: { run: string }) => row.run)).toEqual(['PICKUP', 'DROP']);
    expect(marked.body.data[0]).toMatchObject({
      studentId: child.id,
      date: '2026-03-03',
      reason: 'Dentist',
      by: expect.stringMatching(/^admin-/),
    });
    expect(await absencesOf(child.id)).toHaveLength(2);
    const db = t.app.database.db;
    expect(await absentStudentIds(db, '2026-03-03', 'PICKUP')).toEqual(new Set([child.id]));
    expect(await absentStudentIds(db, '2026-03-03', 'DROP')).toEqual(new Set([child.id]));
    expect(await absentStudentIds(db, '2026-03-04', 'PICKUP')).toEqual(new Set());
  });

  it('answers 409 for a run already marked, and writes nothing of a BOTH that overlaps one', async () => {
    await api('POST', `/api/students/${child.id}/absences`, { date: '2026-03-05', run: 'DROP' });
    const same = await api('POST', `/api/students/${child.id}/absences`, { date: '2026-03-05', run: 'DROP' });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('This child is already marked not riding on 5th Mar 2026 (afternoon).');
    const both = await api('POST', `/api/students/${child.id}/absences`, { date: '2026-03-05', run: 'BOTH' });
    expect(both.status).toBe(409);
    expect(both.body.message).toContain('already marked not riding');
    const onThatDay = (await absencesOf(child.id)).filter((row) => row.date === '2026-03-05');
    expect(onThatDay.map((row) => row.run)).toEqual(['DROP']);
  });

  it('lists upcoming absences and those of the last 30 days, soonest first', async () => {
    const kid = await newChild();
    for (const date of ['2026-01-20', '2026-02-01', '2026-02-20', '2026-06-01'])
      await api('POST', `/api/students/${kid.id}/absences`, { date, run: 'PICKUP' });
    const listed = await api('GET', `/api/students/${kid.id}/absences`);
    expect(listed.status).toBe(200);
    // Today is 2026-03-02: 30 days back is 2026-01-31.
    expect(listed.body.data.map((row: { date: string }) => row.date)).toEqual([
      '2026-02-01',
      '2026-02-20',
      '2026-06-01',
    ]);
  });

  it('deletes one absence, then answers 404 for it', async () => {
    const kid = await newChild();
    const marked = await api('POST', `/api/students/${kid.id}/absences`, { date: '2026-03-09', run: 'BOTH' });
    const [pickup] = marked.body.data as [{ id: string }];
    const removed = await api('DELETE', `/api/absences/${pickup.id}`);
    expect(removed.status).toBe(200);
    expect((await absencesOf(kid.id)).map((row) => row.run)).toEqual(['DROP']);
    expect((await api('DELETE', `/api/absences/${pickup.id}`)).status).toBe(404);
  });

  it('answers 404 for a child that does not exist, 400 for a bad run', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await api('GET', `/api/students/${nobody}/absences`)).status).toBe(404);
    const post = await api('POST', `/api/students/${nobody}/absences`, { date: '2026-03-03', run: 'BOTH' });
    expect(post.status).toBe(404);
    const badRun = await api('POST', `/api/students/${child.id}/absences`, {
      date: '2026-03-03',
      run: 'NIGHT',
    });
    expect(badRun.status).toBe(400);
    expect(badRun.body.errors).toEqual([
      expect.objectContaining({ field: 'run', message: 'Choose morning, afternoon or both' }),
    ]);
  });

  it('audits marks and removals by the child’s id, never by name', async () => {
    const entries = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'absence'), like(auditLog.action, 'absence.%')));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['absence.created', 'absence.deleted']),
    );
    const everything = JSON.stringify(entries);
    expect(everything).toContain(child.id);
    expect(everything).not.toContain(child.name);
    expect(everything).not.toContain('Dentist');
  });
});

describe('the calendar and the trips already made', () => {
  let assignmentId: string;
  beforeAll(async () => {
    const make = recordsThrough(api);
    const [driver, vehicle, route, kids] = await Promise.all([
      make.driver(),
      make.vehicle(),
      make.busRoute(),
      make.children(1),
    ]);
    assignmentId = (
      await make.assignment({ driverId: driver.id, vehicleId: vehicle.id, routeId: route.id }, [kids[0]!.id])
    ).id;
  });
  const tripsOn = async (date: string) => {
    const rows = await t.app.database.db
      .select()
      .from(trips)
      .where(and(eq(trips.assignmentId, assignmentId), eq(trips.tripDate, date)));
    return Object.fromEntries(rows.map((row) => [row.type, row]));
  };

  it('cancels the PENDING trips of a day made a holiday, leaves a started one, and puts them back when it is undone', async () => {
    expect((await api('POST', '/api/trips/generate', { date: '2026-03-05' })).status).toBe(200);
    const { PICKUP: pickup } = await tripsOn('2026-03-05');
    expect((await api('POST', `/api/trips/start/${pickup!.id}`)).status).toBe(200);

    const holiday = await api('PUT', '/api/calendar/2026-03-05', { kind: 'HOLIDAY' });
    expect(holiday.body.message).toBe('5th Mar 2026 saved. 1 trip of that day cancelled.');
    let day = await tripsOn('2026-03-05');
    expect(day.PICKUP).toMatchObject({ status: 'STARTED', finishReason: null });
    expect(day.DROP).toMatchObject({
      status: 'CANCELLED',
      finishReason: 'No school that day (school calendar).',
      cancelledAt: time.clock(),
    });
    const audit = await auditOf(day.DROP!.id);
    expect(audit.map((entry) => entry.action)).toEqual(['trip.cancelled']);

    const undone = await api('DELETE', '/api/calendar/2026-03-05');
    expect(undone.body.message).toBe(
      '2026-03-05 follows the weekday rule again. 1 trip planned for that day.',
    );
    day = await tripsOn('2026-03-05');
    expect(day.DROP).toMatchObject({ status: 'PENDING', finishReason: null, cancelledAt: null });
    expect(day.PICKUP!.status).toBe('STARTED');
    expect((await auditOf(day.DROP!.id)).map((entry) => entry.action)).toEqual([
      'trip.cancelled',
      'trip.reinstated',
    ]);
  });

  it('leaves alone a trip the office cancelled itself', async () => {
    await api('POST', '/api/trips/generate', { date: '2026-03-06' });
    const { DROP: drop } = await tripsOn('2026-03-06');
    await api('POST', `/api/trips/cancel/${drop!.id}`, { reason: 'Road closed' });
    await api('PUT', '/api/calendar/2026-03-06', { kind: 'CLOSURE', note: 'Snow' });
    await api('DELETE', '/api/calendar/2026-03-06');
    const day = await tripsOn('2026-03-06');
    expect(day.DROP).toMatchObject({ status: 'CANCELLED', finishReason: 'Road closed' });
    expect(day.PICKUP!.status).toBe('PENDING');
  });

  it('makes the trips of a new school day in the daily job’s window, and none beyond it', async () => {
    // Saturday 7 March, within the 7 days ahead of Monday 2 March; Saturday 21 March is beyond them.
    const saturday = await api('PUT', '/api/calendar/2026-03-07', {
      kind: 'SCHOOL_DAY',
      note: 'Make-up day',
    });
    expect(saturday.body.message).toBe('7th Mar 2026 saved. 2 trips planned for that day.');
    expect(Object.keys(await tripsOn('2026-03-07')).sort()).toEqual(['DROP', 'PICKUP']);

    const later = await api('PUT', '/api/calendar/2026-03-21', { kind: 'SCHOOL_DAY' });
    expect(later.body.message).toBe('21st Mar 2026 saved.');
    expect(await tripsOn('2026-03-21')).toEqual({});
  });
});

describe('the operator’s settings', () => {
  it('answers the time zone in the public settings', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(answer.json().data.timeZone).toBe('Europe/London');
  });

  it('runs no daily job when the configuration leaves them off (as tests do by default)', async () => {
    expect(t.config.dailyJobs.enabled).toBe(false);
    expect(await t.app.database.db.select().from(dailyJobRuns)).toEqual([]);
  });
});
