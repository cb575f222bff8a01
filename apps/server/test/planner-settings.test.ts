import { familyPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { plannedThrough } from './support/planner-jobs.js';
import { adminTestApp } from './support/requests.js';

/** The operator's planning rules are settings (PLANNER_*): a server with stricter ones plans by them. */
const { api } = adminTestApp({
  env: {
    PLANNER_WALKING_DISTANCE_M: '100',
    PLANNER_MAX_CHILDREN_PER_STOP: '2',
    PLANNER_MAX_RIDE_MINUTES: '10',
    PLANNER_MAX_SECONDS: '5',
  },
});

const SCHOOL = { lat: 12.97, lng: 77.61 };
const planned = (body: object) => plannedThrough(api, body);

describe("a server's planning settings", () => {
  let schoolId: string;
  let vehicleId: string;
  const make = recordsThrough(api);
  /** Children at these points (metres north of a point about 2 km south of school). */
  const childrenAt = async (northM: number[]) => {
    const payload = familyPayload(uniqueTag(), northM.length);
    const family = await make.family({
      ...payload,
      children: payload.children.map((child, index) => ({
        ...child,
        pickupAndDropLat: SCHOOL.lat - 0.018 + northM[index]! / 111_000,
        pickupAndDropLng: SCHOOL.lng,
      })),
    });
    return family.students.map((student) => student.id);
  };

  beforeAll(async () => {
    const school = await api('POST', '/api/schools/create', {
      name: `Rules ${uniqueTag()}`,
      ...SCHOOL,
      bellTime: '08:30',
      dismissalTime: '15:10',
    });
    expect(school.status, JSON.stringify(school.body)).toBe(201);
    schoolId = (school.body.data as { id: string }).id;
    vehicleId = (await make.vehicle({ capacity: 20 })).id;
  });

  it('refuses a search longer than the server allows, on the field', async () => {
    const studentIds = await childrenAt([0]);
    const answer = await api('POST', '/api/planner/proposals', {
      schoolId,
      studentIds,
      vehicleIds: [vehicleId],
      seconds: 6,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: [{ field: 'seconds', message: 'Planning time in seconds must be at most 5 on this server' }],
    });
  });

  it('walks children at most the set distance, and seats at most the set number at a stop', async () => {
    // Three neighbours within 30 m, and one 250 m on: by default (400 m, 10 a stop) one stop would do.
    const studentIds = await childrenAt([0, 15, 30, 250]);
    const plan = await planned({
      schoolId,
      studentIds,
      vehicleIds: [vehicleId],
      seconds: 1,
      iterations: 200,
    });
    expect(plan.status, plan.error ?? '').toBe('DONE');
    const sizes = plan.result!.stops.map((stop) => stop.childIds.length).sort();
    expect(sizes).toEqual([1, 1, 2]);
  });

  it('fails a plan whose rides would be longer than the set maximum, saying so', async () => {
    // About 11 km from school: some 28 minutes on the bus, against a maximum of 10.
    const payload = familyPayload(uniqueTag(), 1);
    const family = await make.family({
      ...payload,
      children: [
        { ...payload.children[0]!, pickupAndDropLat: SCHOOL.lat - 0.1, pickupAndDropLng: SCHOOL.lng },
      ],
    });
    const plan = await planned({
      schoolId,
      studentIds: family.students.map((student) => student.id),
      vehicleIds: [vehicleId],
      seconds: 1,
      iterations: 200,
    });
    expect(plan.status).toBe('FAILED');
    expect(plan.error).toContain('rides of at most 10 minutes');
  });
});
