import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_ROLES, mayUse, ROLES, type Access, type Role } from '@school-transport/shared';
import { sessions } from '../src/db/schema/index.js';
import { hashToken } from '../src/modules/platform/auth/tokens.js';
import { nextAddress, tokenFor } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Every API route, who may call it, checked against the server's own route table (app.routeTable): a route added
 * without a line here fails the first test. Then every route is called once by every role (and without a session,
 * with a bad, an expired and a revoked one): a role its access does not let in (ACCESS_ROLES, decision 069) gets
 * 403 before the body is even validated, so one empty probe per route and role is enough; a role it lets in gets
 * neither 401 nor 403 (a 400 for the empty body, a 404 for the made-up id: the role passed). 'signed-url' is the image route: public as a route, it answers only
 * to a valid signature or an administrator's session. 'driver' routes are the driver app's: a driver only, an
 * administrator is refused too. 'parent' routes are the parent portal's, the same way: a parent only. 'live' is
 * the live stream's: any session, its handler filters what each receives (test/parent-live.test.ts for parents).
 * Parents' sessions here are written directly, whether or not they can sign in yet.
 */
type Expected = Access | 'signed-url';
const MATRIX: Record<string, Expected> = {
  'GET /api/health': 'public',
  'GET /api/settings': 'public',
  // languages (issue 33): the list for the sign-in screens, one's own choice
  'GET /api/languages': 'public',
  'PUT /api/account/language': 'signed-in',
  'POST /api/auth/login': 'public',
  'POST /api/auth/second-factor': 'public',
  'POST /api/auth/second-factor/enrol': 'public',
  'POST /api/auth/second-factor/enrol/confirm': 'public',
  'POST /api/auth/second-factor/passkey-options': 'public',
  'POST /api/auth/second-factor/enrol/passkey-options': 'public',
  'POST /api/auth/second-factor/enrol/passkey': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/logout': 'signed-in',
  'GET /api/auth/me': 'signed-in',
  // single sign-on (issue 36, decision 070)
  'GET /api/auth/oidc/providers': 'public',
  'GET /api/auth/oidc/:provider/start': 'public',
  'GET /api/auth/oidc/:provider/callback': 'public',
  'POST /api/auth/oidc/finish': 'public',
  'GET /api/sso/providers': 'admin',
  'POST /api/sso/providers': 'admin',
  'PUT /api/sso/providers/:id': 'admin',
  'DELETE /api/sso/providers/:id': 'admin',
  'GET /api/sso/settings': 'admin',
  'PUT /api/sso/settings': 'admin',
  'POST /api/auth/verify-email': 'staff',
  'POST /api/auth/resend-code': 'staff',
  'GET /api/profile': 'staff',
  'PUT /api/profile/name': 'staff',
  'POST /api/profile/change-password': 'signed-in',
  'GET /api/profile/second-factor': 'staff',
  'POST /api/profile/second-factor/totp': 'staff',
  'POST /api/profile/second-factor/totp/confirm': 'staff',
  'POST /api/profile/second-factor/totp/remove': 'staff',
  'POST /api/profile/second-factor/passkeys/options': 'staff',
  'POST /api/profile/second-factor/passkeys': 'staff',
  'POST /api/profile/second-factor/passkeys/:id/remove': 'staff',
  'POST /api/profile/second-factor/recovery-codes': 'staff',
  'POST /api/profile/change-email': 'staff',
  'GET /api/profile/sessions': 'signed-in',
  'DELETE /api/profile/sessions/:id': 'signed-in',
  'GET /api/uploads/profile/:kind/:file': 'signed-url',
  // compliance (issue 18)
  'GET /api/uploads/documents/credential/:file': 'signed-url',
  'GET /api/credentials/get-all': 'office-read',
  'GET /api/credentials/get-one/:id': 'office-read',
  'POST /api/credentials/save': 'admin',
  'DELETE /api/credentials/delete/:id': 'admin',
  'POST /api/credentials/document': 'admin',
  'POST /api/compliance/trips/:id/override': 'admin',
  'GET /api/compliance/trips/:id/overrides': 'office-read',
  'GET /api/compliance/summary': 'office-read',
  // drivers' hours (issue 37, decision 074)
  'GET /api/driver/hours': 'driver',
  'POST /api/driver/hours/clock': 'driver',
  'GET /api/drivers-hours/timesheet': 'office-read',
  'GET /api/drivers-hours/timesheet.csv': 'office-read',
  'GET /api/drivers-hours/open-shifts': 'office-read',
  'POST /api/drivers-hours/shifts/:id/correction': 'admin',
  'POST /api/drivers-hours/drivers/:id/shifts': 'admin',
  // inspections (issue 18)
  'GET /api/uploads/profile/defect/:file': 'signed-url',
  'GET /api/driver/inspections': 'driver',
  'POST /api/driver/inspections': 'driver',
  'POST /api/driver/child-checks': 'driver',
  'GET /api/inspections/checklists': 'office-read',
  'POST /api/inspections/checklists': 'admin',
  'PUT /api/inspections/checklists/:id': 'admin',
  'DELETE /api/inspections/checklists/:id': 'admin',
  'GET /api/inspections/defects': 'office-read',
  'POST /api/inspections/defects/:id/close': 'admin',
  'GET /api/inspections/vehicles/:id': 'office-read',
  'PUT /api/inspections/vehicles/:id/tag': 'admin',
  'GET /api/credential-kinds/get-all': 'office-read',
  'GET /api/credential-kinds/get-one/:id': 'office-read',
  'POST /api/credential-kinds/create': 'admin',
  'PUT /api/credential-kinds/update/:id': 'admin',
  'DELETE /api/credential-kinds/delete/:id': 'admin',
  'GET /api/audit-log/get-all': 'office-read',
  'GET /api/dashboard/summary': 'office-read',
  // reports (issue 18)
  'GET /api/reports/manifest': 'office-read',
  'GET /api/reports/:report': 'office-read',
  'GET /api/reports/:report/csv': 'office-read',
  // CSV exports (issue 18)
  'GET /api/exports/drivers.csv': 'office-read',
  'GET /api/exports/parents.csv': 'office-read',
  'GET /api/exports/students.csv': 'office-read',
  'GET /api/exports/vehicles.csv': 'office-read',
  'GET /api/exports/routes.csv': 'office-read',
  'GET /api/exports/stops.csv': 'office-read',
  'GET /api/exports/schools.csv': 'office-read',
  'GET /api/exports/route-assignments.csv': 'office-read',
  'GET /api/exports/trips.csv': 'office-read',
  'GET /api/exports/users.csv': 'office-read',
  'GET /api/exports/audit-log.csv': 'office-read',
  'GET /api/exports/trip-history.csv': 'office-read',
  'POST /api/imports/:kind': 'admin',
  // roster sync from OneRoster (issue 36 item 3, decision 071)
  'GET /api/roster-sync': 'office-read',
  'PUT /api/roster-sync/source': 'admin',
  'POST /api/roster-sync/bundle': 'admin',
  'POST /api/roster-sync/pull': 'admin',
  'POST /api/upload/profile/:kind/add-profile-image': 'admin',
  // a photo removed (issue 34, decision 058: stops' photos, and every other kind's)
  'DELETE /api/upload/profile/:kind/:id': 'admin',
  'POST /api/route-assignments/assign-students': 'admin',
  'POST /api/trips/generate': 'admin',
  'POST /api/trips/:move/:id': 'dispatch',
  // a run cancelled with its reason, delayed, handed over to a rescue vehicle (issue 34, decision 056)
  'POST /api/trips/cancel/:id': 'dispatch',
  'POST /api/trips/delay/:id': 'dispatch',
  'POST /api/trips/rescue/:id': 'dispatch',
  // combined runs (issue 34, decision 061)
  'POST /api/trips/combine/:id': 'dispatch',
  'GET /api/trips/combined/:id': 'office-read',
  'PUT /api/trips/combine/:id/order': 'dispatch',
  'DELETE /api/trips/combine/:id': 'dispatch',
  'GET /api/trips/get-all': 'office-read',
  'GET /api/trips/get-one/:id': 'office-read',
  // the office speaks to families (issue 35 item 3, decision 066): templates and sending are the office's; a
  // guardian reads only their own messages
  'GET /api/message-templates/get-all': 'office-read',
  'GET /api/message-templates/get-one/:id': 'office-read',
  'POST /api/message-templates/create': 'admin',
  'PUT /api/message-templates/update/:id': 'admin',
  'DELETE /api/message-templates/delete/:id': 'admin',
  'GET /api/family-messages/audiences': 'office-read',
  'POST /api/family-messages/recipients': 'dispatch',
  'POST /api/family-messages/create': 'dispatch',
  'GET /api/family-messages/get-all': 'office-read',
  'GET /api/family-messages/get-one/:id': 'office-read',
  'GET /api/parent/messages': 'parent',
  'POST /api/parent/messages/:id/read': 'parent',
  // covers (issue 34)
  'GET /api/covers/get-all': 'office-read',
  'POST /api/covers/create': 'dispatch',
  'DELETE /api/covers/delete/:id': 'dispatch',
  // field trips (issue 37, decisions 073 and 069): requests read by every staff role (school staff: their schools'),
  // asked for by administrators and school staff, the office's reads open to its readers, its writes admin's
  'GET /api/field-trips/get-all': 'staff',
  'GET /api/field-trips/get-one/:id': 'staff',
  'POST /api/field-trips/create': 'request',
  'GET /api/field-trips/notices': 'staff',
  'POST /api/field-trips/approve/:id': 'admin',
  'POST /api/field-trips/decline/:id': 'admin',
  'POST /api/field-trips/cancel/:id': 'admin',
  'GET /api/field-trips/availability/:id': 'office-read',
  'POST /api/field-trips/schedule/:id': 'admin',
  'POST /api/field-trips/complete/:id': 'admin',
  'GET /api/field-trips/rates': 'office-read',
  'PUT /api/field-trips/rates': 'admin',
  'DELETE /api/field-trips/rates/:vehicleType': 'admin',
  'GET /api/field-trips/depot': 'office-read',
  'PUT /api/field-trips/depot': 'admin',
  'GET /api/field-trips/invoice': 'office-read',
  'GET /api/field-trips/invoice/csv': 'office-read',
  'GET /api/field-trips/driver/:id': 'driver',
  'GET /api/field-trips/children/:id': 'staff',
  'GET /api/field-trips/child-candidates/:id': 'request',
  'PUT /api/field-trips/children/:id': 'request',
  // stop changes (issue 34 item 4): the office's queue and entries; the parents' own requests
  'GET /api/stop-changes': 'office-read',
  'POST /api/stop-changes': 'admin',
  'GET /api/stop-changes/pending-count': 'office-read',
  'GET /api/stop-changes/options': 'office-read',
  'POST /api/stop-changes/:id/approve': 'admin',
  'POST /api/stop-changes/:id/decline': 'admin',
  'GET /api/parent/stop-changes': 'parent',
  'POST /api/parent/stop-changes': 'parent',
  'GET /api/parent/stop-options': 'parent',
  'POST /api/parent/stop-changes/:id/withdraw': 'parent',
  'GET /api/parent/plan-changes': 'parent',
  'POST /api/parent/plan-changes/:id/acknowledge': 'parent',
  'GET /api/plan-changes': 'office-read',
  'POST /api/plan-changes/remind': 'admin',
  'GET /api/geocoding/status': 'office-read',
  'GET /api/geocoding/search': 'office-read',
  'GET /api/geocoding/reviews': 'office-read',
  'POST /api/geocoding/reviews/:id/fix': 'admin',
  // Guardians (decision 064): the office's links and queue; a guardian's own requests.
  'GET /api/students/:id/guardians': 'office-read',
  'POST /api/students/:id/guardians': 'admin',
  'DELETE /api/students/:id/guardians/:parentId': 'admin',
  'GET /api/guardian-requests': 'office-read',
  'POST /api/guardian-requests/:id/approve': 'admin',
  'POST /api/guardian-requests/:id/decline': 'admin',
  'GET /api/parent/guardian-requests': 'parent',
  'POST /api/parent/guardian-requests': 'parent',
  // family inbox (issue 35 item 4, decision 067)
  'GET /api/family-inbox': 'office-read',
  'GET /api/family-inbox/unread': 'office-read',
  'GET /api/family-inbox/colleagues': 'office-read',
  'GET /api/family-inbox/:id': 'office-read',
  'POST /api/family-inbox/:id/read': 'dispatch',
  'POST /api/family-inbox/:id/messages': 'dispatch',
  'PUT /api/family-inbox/:id/assignee': 'dispatch',
  'POST /api/family-inbox/:id/close': 'dispatch',
  'POST /api/family-inbox/:id/reopen': 'dispatch',
  'PUT /api/family-inbox/:id/manifest-note': 'dispatch',
  'DELETE /api/family-inbox/:id/manifest-note': 'dispatch',
  'GET /api/parent/threads': 'parent',
  'POST /api/parent/threads': 'parent',
  'GET /api/parent/threads/:id': 'parent',
  'POST /api/parent/threads/:id/messages': 'parent',
  'POST /api/parent/threads/:id/read': 'parent',
  'GET /api/users/get-all': 'office-read',
  'POST /api/users/invite': 'admin',
  'POST /api/users/resend-invitation/:id': 'admin',
  'POST /api/users/disable/:id': 'admin',
  'POST /api/users/enable/:id': 'admin',
  // staff roles (issue 36, decision 069): an account's role and schools; school staff's own view of their schools
  'PUT /api/users/role/:id': 'admin',
  'GET /api/school/schools': 'school',
  'GET /api/school/schools/:id/children': 'school',
  'GET /api/school/schools/:id/today': 'school',
  'GET /api/school/children/:id': 'school',
  'GET /api/school/runs/:id': 'school',
  // stops and schedules (issue 14)
  'GET /api/stops/get-all': 'office-read',
  'GET /api/stops/get-one/:id': 'office-read',
  'POST /api/stops/create': 'admin',
  'PUT /api/stops/update/:id': 'admin',
  'DELETE /api/stops/delete/:id': 'admin',
  'GET /api/stops/nearby': 'office-read',
  // schools, for the route planner (issue 17)
  'GET /api/schools/get-all': 'office-read',
  'GET /api/schools/get-one/:id': 'office-read',
  'POST /api/schools/create': 'admin',
  'PUT /api/schools/update/:id': 'admin',
  'DELETE /api/schools/delete/:id': 'admin',
  'GET /api/routes/:id/schedule': 'office-read',
  'PUT /api/routes/:id/runs/:run': 'admin',
  'DELETE /api/routes/:id/runs/:run': 'admin',
  'POST /api/routes/:id/runs/:run/stops-from-student/:studentId': 'admin',
  'PUT /api/students/:id/stops/:run': 'admin',
  // school calendar, absences and trip generation (issue 14)
  'GET /api/calendar': 'office-read',
  'PUT /api/calendar/:date': 'admin',
  'DELETE /api/calendar/:date': 'admin',
  'GET /api/students/:id/absences': 'office-read',
  'POST /api/students/:id/absences': 'admin',
  'DELETE /api/absences/:id': 'admin',
  // driver accounts and the driver app's trips (issue 14)
  'POST /api/drivers/:id/invite': 'admin',
  'GET /api/driver/today': 'driver',
  'GET /api/driver/trips/:id': 'driver',
  'POST /api/driver/trips/:id/start': 'driver',
  'POST /api/driver/trips/:id/finish': 'driver',
  // a stop's note, by the driver of a running trip through it (issue 34, decision 058)
  'PUT /api/driver/trips/:id/stops/:stopId/note': 'driver',
  'POST /api/driver/trips/:id/stops/:stopId/photo': 'driver',
  'GET /api/trips/:id/manifest': 'office-read',
  // ridership events, positions and trackers (issue 14)
  'POST /api/driver/events': 'driver',
  'POST /api/driver/positions': 'driver',
  'GET /api/trackers/get-all': 'office-read',
  'POST /api/trackers/create': 'admin',
  'DELETE /api/trackers/delete/:id': 'admin',
  'GET /api/osmand': 'public',
  'POST /api/osmand': 'public',
  // the live stream and its cookie (issue 15); clearing the cookie needs no session, which may have ended
  'GET /api/live': 'live',
  'POST /api/live/cookie': 'live',
  'DELETE /api/live/cookie': 'public',
  // the dispatcher's board and a trip's live timeline (issue 15)
  'GET /api/live/board': 'office-read',
  'GET /api/live/changes': 'office-read',
  'GET /api/live/trips/:id': 'office-read',
  // the dispatchers' alerts (issue 15)
  'GET /api/alerts': 'office-read',
  'POST /api/alerts/:id/acknowledge': 'dispatch',
  // the parent portal's devices and notification choices (issue 16)
  'GET /api/parent/push/key': 'parent',
  'POST /api/parent/push/subscriptions': 'parent',
  'DELETE /api/parent/push/subscriptions': 'parent',
  'GET /api/parent/notification-preferences': 'parent',
  'PUT /api/parent/notification-preferences': 'parent',
  // parents' accounts, and a parent's own contact details (issue 16)
  'POST /api/parents/:id/invite': 'admin',
  'POST /api/parents/:id/disable': 'admin',
  'POST /api/parents/:id/enable': 'admin',
  // Reactivating a record the roster deactivated (decision 076)
  'POST /api/parents/:id/reactivate': 'admin',
  'POST /api/students/:id/reactivate': 'admin',
  'POST /api/schools/:id/reactivate': 'admin',
  // drivers' accounts switched off and on (issue 31)
  'POST /api/drivers/:id/disable': 'admin',
  'POST /api/drivers/:id/enable': 'admin',
  'GET /api/parent/profile': 'parent',
  'PUT /api/parent/profile': 'parent',
  // the parent portal: children, the bus, absences, history, settings, the family's data (issue 16)
  'GET /api/parent/children': 'parent',
  'GET /api/parent/trips/:id/bus': 'parent',
  'GET /api/parent/children/:id/absences': 'parent',
  'POST /api/parent/children/:id/absences': 'parent',
  'DELETE /api/parent/absences/:id': 'parent',
  'GET /api/parent/children/:id/history': 'parent',
  'GET /api/parent/settings': 'parent',
  'GET /api/parent/family-data': 'parent',
  // the route planner's jobs (issue 17)
  'POST /api/planner/proposals': 'admin',
  'GET /api/planner/proposals/:id': 'office-read',
  'POST /api/planner/proposals/:id/cancel': 'admin',
  'GET /api/planner/proposals/:id/review': 'office-read',
  'POST /api/planner/proposals/:id/accept': 'admin',
  // hand-over at drop-off: authorized adults and "no authorized adult" (issue 35, decision 065)
  'GET /api/students/:id/authorized-adults': 'office-read',
  'POST /api/students/:id/authorized-adults': 'admin',
  'DELETE /api/authorized-adults/:id': 'admin',
  'GET /api/parent/children/:id/authorized-adults': 'parent',
  'POST /api/parent/children/:id/authorized-adults': 'parent',
  'DELETE /api/parent/authorized-adults/:id': 'parent',
  'POST /api/parent/authorized-adults/:id/photo': 'parent',
  'POST /api/driver/hand-over-misses': 'driver',
};
for (const resource of ['drivers', 'vehicles', 'routes', 'parents', 'students', 'route-assignments']) {
  const remove = resource === 'route-assignments' ? 'delete-route-assignment' : 'delete';
  Object.assign(MATRIX, {
    [`GET /api/${resource}/get-all`]: 'office-read',
    [`GET /api/${resource}/get-one/:id`]: 'office-read',
    [`POST /api/${resource}/create`]: 'admin',
    [`PUT /api/${resource}/update/:id`]: 'admin',
    [`DELETE /api/${resource}/${remove}/:id`]: 'admin',
  });
}

const PARAMS: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  kind: 'driver',
  move: 'start',
  date: '2026-03-02',
  run: 'PICKUP',
  report: 'vehicle-use',
  studentId: '00000000-0000-4000-8000-000000000000',
  parentId: '00000000-0000-4000-8000-000000000000',
  file: `${'0'.repeat(8)}-0000-4000-8000-000000000000.webp`,
};
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name]!);

let t: TestApp;
const tokens = {} as Record<Role | 'expired' | 'revoked', string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) tokens[role] = await tokenFor(t.app, role);
  tokens.expired = await tokenFor(t.app, 'admin');
  await t.app.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.tokenHash, hashToken(tokens.expired)));
  tokens.revoked = await tokenFor(t.app, 'admin');
  await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: tokens.revoked } });
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('covers every route of the server, and nothing that is not one', () => {
    const table = t.app.routeTable.map((route) => `${route.method} ${route.url}`).sort();
    expect(table).toEqual(Object.keys(MATRIX).sort());
    // and the server's own declaration agrees with the matrix
    for (const route of t.app.routeTable) {
      const expected = MATRIX[`${route.method} ${route.url}`];
      expect(route.access, `${route.method} ${route.url}`).toBe(
        expected === 'signed-url' ? 'public' : expected,
      );
    }
  });

  const credentials = ['none', 'malformed', 'expired', 'revoked', ...ROLES] as const;
  type Credential = (typeof credentials)[number];
  const isRole = (credential: Credential): credential is Role =>
    (ROLES as readonly string[]).includes(credential);
  const headerFor = async (credential: (typeof credentials)[number], route: string) => {
    if (credential === 'none') return {};
    if (credential === 'malformed') return { authorization: 'Bearer not-a-token' };
    // logging out spends the token: give that route a fresh one
    if (route === 'POST /api/auth/logout' && isRole(credential)) {
      return { authorization: await tokenFor(t.app, credential) };
    }
    return { authorization: tokens[credential] };
  };

  const expectedStatus = (access: Expected, credential: Credential) => {
    if (access === 'public') return 'allowed';
    // A file without a signature: the office's readers may still open it (the signed URL is for the phones).
    if (access === 'signed-url')
      return isRole(credential) && mayUse(credential, 'office-read') ? 'allowed' : 401;
    if (!isRole(credential)) return 401;
    const roles: readonly Role[] | null = ACCESS_ROLES[access];
    return roles === null || roles.includes(credential) ? 'allowed' : 403;
  };

  /** The live stream never ends: its answer is read as a stream, up to its first frame or the refusal's end. */
  const STREAMS = new Set(['GET /api/live']);
  const bodyOf = async (answer: { stream(): NodeJS.ReadableStream }, whole: boolean) => {
    let body = '';
    for await (const chunk of answer.stream()) {
      body += String(chunk);
      if (!whole) break;
    }
    return body;
  };

  it.each(Object.entries(MATRIX))('%s answers each credential as expected', async (route, access) => {
    const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const streams = STREAMS.has(route);
    for (const credential of credentials) {
      const answer = await t.app.inject({
        method,
        url: concrete(url),
        headers: await headerFor(credential, route),
        remoteAddress: nextAddress(),
        ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
        ...(streams ? { payloadAsStream: true } : {}),
      });
      const expected = expectedStatus(access, credential);
      const opened = streams && answer.statusCode === 200;
      const body = streams ? await bodyOf(answer, !opened) : answer.body;
      const label = `${route} as ${credential}: ${answer.statusCode} ${body}`;
      if (opened) expect(body, label).toMatch(/^retry: /);
      // A CSV download (exports, reports) answers the file itself, not the envelope.
      else if (String(answer.headers['content-type']).startsWith('text/csv'))
        expect(answer.statusCode).toBe(200);
      else expect(JSON.parse(body), label).toHaveProperty('success');
      if (expected === 'allowed') {
        expect([401, 403], label).not.toContain(answer.statusCode);
        expect(answer.statusCode, label).toBeLessThan(500);
      } else {
        expect(answer.statusCode, label).toBe(expected);
      }
    }
  });
});
