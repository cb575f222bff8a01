import { familyPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import { describe, expect, it } from 'vitest';
import { memoryMessage } from '../src/modules/records/planner/plan-runner.js';
import { plannedThrough } from './support/planner-jobs.js';
import { adminTestApp } from './support/requests.js';

/**
 * A planning thread's memory limit (PLANNER_MEMORY_MB). The thread runs the planner from source here (through
 * tsx), which alone takes some 7 MB of heap; a limit of 6 MB is passed by every job, however small, while 8 MB
 * plans this school (as planner.test.ts's jobs show, the default is far above). In the `-alone` group, since a
 * thread is made to run out of memory.
 */
const MEMORY_MB = 6;
const { t, api } = adminTestApp({ env: { PLANNER_MEMORY_MB: String(MEMORY_MB) } });

describe('a planning job over its memory limit', () => {
  it('fails in words, and the server goes on answering and planning the next job', async () => {
    const make = recordsThrough(api);
    const school = await api('POST', '/api/schools/create', {
      name: `Memory ${uniqueTag()}`,
      lat: 12.97,
      lng: 77.61,
      bellTime: '08:30',
      dismissalTime: '15:10',
    });
    expect(school.status).toBe(201);
    const family = await make.family(familyPayload(uniqueTag(), 5));
    const vehicle = await make.vehicle({ capacity: 10 });
    const request = {
      schoolId: (school.body.data as { id: string }).id,
      studentIds: family.students.map((student) => student.id),
      vehicleIds: [vehicle.id],
      seconds: 5,
    };
    const failed = await plannedThrough(api, request);
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toBe(memoryMessage(MEMORY_MB));
    expect(t.logs.some((line) => line.includes('planning thread passed its memory limit'))).toBe(true);
    // The process is alive and the line is free: another request is answered, and the next job is taken.
    expect((await api('GET', '/api/schools/get-all')).status).toBe(200);
    expect(t.app.planRunner.running()).toEqual([]);
    expect((await plannedThrough(api, request)).error).toBe(memoryMessage(MEMORY_MB));
  });
});
