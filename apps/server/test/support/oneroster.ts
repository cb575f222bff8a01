import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strToU8, zipSync } from 'fflate';

/**
 * OneRoster data for tests and the bench: generated records, the CSV bundle zipped from them, and a real OneRoster
 * REST server (an OAuth 2 client-credentials token endpoint, paged /orgs, /users and /enrollments in 1.1 and 1.2
 * shape) serving them on a local port.
 */

export interface OrgRow {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  name: string;
  type: 'district' | 'school';
  identifier: string;
  parentSourcedId: string;
}
export interface UserRow {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  role: 'student' | 'parent' | 'guardian' | 'relative' | 'teacher';
  givenName: string;
  familyName: string;
  identifier: string;
  email: string;
  phone: string;
  agentSourcedIds: string[];
  orgSourcedIds: string[];
  grades: string[];
  /** A home address in OneRoster's extension fields (CSV `metadata.*` columns, REST `metadata`): decision 076. */
  metadata?: { address: string; city?: string; postcode?: string; country?: string };
}
export interface EnrollmentRow {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  classSourcedId: string;
  schoolSourcedId: string;
  userSourcedId: string;
  role: 'student' | 'teacher';
}
export interface RosterData {
  orgs: OrgRow[];
  users: UserRow[];
  enrollments: EnrollmentRow[];
}

/**
 * `students` children over `schools` schools, each with one parent (every third also a guardian, as a second
 * agent), and a teacher a school (who must be left out). Ids carry `tag` so files of one database do not meet.
 */
export function generateRoster(tag: string, students: number, schools = 2): RosterData {
  const orgs: OrgRow[] = [
    {
      sourcedId: `${tag}-d`,
      status: 'active',
      name: `District ${tag}`,
      type: 'district',
      identifier: 'D',
      parentSourcedId: '',
    },
  ];
  const users: UserRow[] = [];
  const enrollments: EnrollmentRow[] = [];
  for (let s = 0; s < schools; s += 1) {
    orgs.push({
      sourcedId: `${tag}-sch-${s}`,
      status: 'active',
      name: `School ${tag} ${s}`,
      type: 'school',
      identifier: `S${s}`,
      parentSourcedId: `${tag}-d`,
    });
    users.push({
      sourcedId: `${tag}-t-${s}`,
      status: 'active',
      role: 'teacher',
      givenName: 'Teacher',
      familyName: `${s}`,
      identifier: '',
      email: `teacher-${tag}-${s}@example.org`,
      phone: '',
      agentSourcedIds: [],
      orgSourcedIds: [`${tag}-sch-${s}`],
      grades: [],
    });
  }
  for (let i = 0; i < students; i += 1) {
    const school = `${tag}-sch-${i % schools}`;
    const agents = [`${tag}-p-${i}`, ...(i % 3 === 0 ? [`${tag}-g-${i}`] : [])];
    users.push({
      sourcedId: `${tag}-s-${i}`,
      status: 'active',
      role: 'student',
      givenName: `Child${i}`,
      familyName: `Family${i}`,
      identifier: `R${i}`,
      email: '',
      phone: '',
      agentSourcedIds: agents,
      orgSourcedIds: [school],
      grades: [String(1 + (i % 8)).padStart(2, '0')],
    });
    users.push({
      sourcedId: `${tag}-p-${i}`,
      status: 'active',
      role: 'parent',
      givenName: `Parent${i}`,
      familyName: `Family${i}`,
      identifier: '',
      email: `parent-${tag}-${i}@example.org`.toLowerCase(),
      phone: `+1 555 01${String(i % 100).padStart(2, '0')}`,
      agentSourcedIds: [`${tag}-s-${i}`],
      orgSourcedIds: [school],
      grades: [],
    });
    if (i % 3 === 0)
      users.push({
        sourcedId: `${tag}-g-${i}`,
        status: 'active',
        role: 'guardian',
        givenName: `Guardian${i}`,
        familyName: `Family${i}`,
        identifier: '',
        email: `guardian-${tag}-${i}@example.org`.toLowerCase(),
        phone: '',
        agentSourcedIds: [`${tag}-s-${i}`],
        orgSourcedIds: [school],
        grades: [],
      });
    enrollments.push({
      sourcedId: `${tag}-e-${i}`,
      status: 'active',
      classSourcedId: `${tag}-c-${i % schools}`,
      schoolSourcedId: school,
      userSourcedId: `${tag}-s-${i}`,
      role: 'student',
    });
  }
  return { orgs, users, enrollments };
}

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (header: string[], rows: string[][]) =>
  `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

/** The bundle of OneRoster 1.1 CSV: manifest, orgs, users, classes, enrollments, demographics (empty). */
export function rosterBundle(data: RosterData, files: Record<string, string> = {}): Uint8Array {
  const content: Record<string, string> = {
    'manifest.csv': csv(
      ['propertyName', 'value'],
      [
        ['manifest.version', '1.0'],
        ['oneroster.version', '1.1'],
        ['file.orgs', 'bulk'],
        ['file.users', 'bulk'],
        ['file.classes', 'bulk'],
        ['file.enrollments', 'bulk'],
        ['file.demographics', 'bulk'],
      ],
    ),
    'orgs.csv': csv(
      ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
      data.orgs.map((o) => [o.sourcedId, o.status, '', o.name, o.type, o.identifier, o.parentSourcedId]),
    ),
    'users.csv': csv(
      [
        'sourcedId',
        'status',
        'dateLastModified',
        'enabledUser',
        'orgSourcedIds',
        'role',
        'username',
        'userIds',
        'givenName',
        'familyName',
        'middleName',
        'identifier',
        'email',
        'sms',
        'phone',
        'agentSourcedIds',
        'grades',
        'password',
        'metadata.address',
        'metadata.city',
        'metadata.postcode',
        'metadata.country',
      ],
      data.users.map((u) => [
        u.sourcedId,
        u.status,
        '',
        'true',
        u.orgSourcedIds.join(','),
        u.role,
        u.sourcedId,
        '',
        u.givenName,
        u.familyName,
        '',
        u.identifier,
        u.email,
        '',
        u.phone,
        u.agentSourcedIds.join(','),
        u.grades.join(','),
        '',
        u.metadata?.address ?? '',
        u.metadata?.city ?? '',
        u.metadata?.postcode ?? '',
        u.metadata?.country ?? '',
      ]),
    ),
    'classes.csv': csv(
      [
        'sourcedId',
        'status',
        'dateLastModified',
        'title',
        'grades',
        'courseSourcedId',
        'classCode',
        'classType',
        'location',
        'schoolSourcedId',
        'termSourcedIds',
        'subjects',
        'subjectCodes',
        'periods',
      ],
      [...new Set(data.enrollments.map((e) => `${e.classSourcedId}|${e.schoolSourcedId}`))].map((key) => {
        const [id, school] = key.split('|') as [string, string];
        return [id, 'active', '', `Homeroom ${id}`, '', '', '', 'homeroom', '', school, '', '', '', ''];
      }),
    ),
    'enrollments.csv': csv(
      [
        'sourcedId',
        'status',
        'dateLastModified',
        'classSourcedId',
        'schoolSourcedId',
        'userSourcedId',
        'role',
        'primary',
        'beginDate',
        'endDate',
      ],
      data.enrollments.map((e) => [
        e.sourcedId,
        e.status,
        '',
        e.classSourcedId,
        e.schoolSourcedId,
        e.userSourcedId,
        e.role,
        '',
        '',
        '',
      ]),
    ),
    'demographics.csv': csv(['sourcedId', 'status', 'dateLastModified', 'birthDate', 'sex'], []),
    ...files,
  };
  return zipSync(Object.fromEntries(Object.entries(content).map(([name, text]) => [name, strToU8(text)])));
}

/** A user as the REST API gives them: 1.1 has `role`, 1.2 `roles`. */
function restUser(user: UserRow, version: '1.1' | '1.2') {
  const refs = (ids: string[], type: string) =>
    ids.map((sourcedId) => ({ sourcedId, type, href: `/${type}s/${sourcedId}` }));
  const common = {
    sourcedId: user.sourcedId,
    status: user.status,
    dateLastModified: '2026-01-01T00:00:00Z',
    enabledUser: 'true',
    username: user.sourcedId,
    givenName: user.givenName,
    familyName: user.familyName,
    identifier: user.identifier,
    email: user.email,
    phone: user.phone,
    agents: refs(user.agentSourcedIds, 'user'),
    grades: user.grades,
    ...(user.metadata ? { metadata: user.metadata } : {}),
  };
  return version === '1.1'
    ? { ...common, role: user.role, orgs: refs(user.orgSourcedIds, 'org') }
    : {
        ...common,
        roles: user.orgSourcedIds.map((org) => ({
          roleType: 'primary',
          role: user.role,
          org: { sourcedId: org, type: 'org' },
        })),
      };
}

export interface OneRosterServer {
  baseUrl: string;
  tokenUrl: string;
  /** The data served; a test changes it between syncs. */
  data: RosterData;
  /** Every path asked (with its query), in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A OneRoster REST server on a free local port. POST /oauth/token takes client credentials (HTTP Basic) and gives
 * a bearer token; the collections want it, page by limit/offset (at most `maxPage` a page, as servers cap them) and
 * say X-Total-Count.
 */
export async function startOneRosterServer(
  data: RosterData,
  { clientId, clientSecret, maxPage = 100 }: { clientId: string; clientSecret: string; maxPage?: number },
): Promise<OneRosterServer> {
  const tokens = new Set<string>();
  const requests: string[] = [];
  const state = { data };
  const bodyOf = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text;
  };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && url.pathname === '/oauth/token') {
        const form = new URLSearchParams(await bodyOf(request));
        const [id, secret] = Buffer.from(
          (request.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        )
          .toString()
          .split(':')
          .map(decodeURIComponent);
        if (form.get('grant_type') !== 'client_credentials')
          return send(400, { error: 'unsupported_grant_type' });
        if (id !== clientId || secret !== clientSecret) return send(401, { error: 'invalid_client' });
        const token = `t-${Math.random().toString(36).slice(2)}`;
        tokens.add(token);
        return send(200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
      }
      const match = /^\/ims\/oneroster\/(v1p1|rostering\/v1p2)\/(orgs|users|enrollments)$/.exec(url.pathname);
      if (!match) return send(404, { imsx_codeMajor: 'failure', imsx_description: 'Unknown path' });
      if (!tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, '')))
        return send(401, { imsx_codeMajor: 'failure', imsx_description: 'Unauthorized' });
      const version = match[1] === 'v1p1' ? '1.1' : '1.2';
      const name = match[2] as 'orgs' | 'users' | 'enrollments';
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), maxPage);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const all =
        name === 'users'
          ? state.data.users.map((user) => restUser(user, version))
          : name === 'enrollments'
            ? state.data.enrollments.map((e) => ({
                sourcedId: e.sourcedId,
                status: e.status,
                role: e.role,
                user: { sourcedId: e.userSourcedId, type: 'user' },
                class: { sourcedId: e.classSourcedId, type: 'class' },
                school: { sourcedId: e.schoolSourcedId, type: 'org' },
              }))
            : state.data.orgs;
      return send(
        200,
        { [name]: all.slice(offset, offset + limit) },
        { 'x-total-count': String(all.length) },
      );
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    tokenUrl: `${baseUrl}/oauth/token`,
    get data() {
      return state.data;
    },
    set data(next) {
      state.data = next;
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
