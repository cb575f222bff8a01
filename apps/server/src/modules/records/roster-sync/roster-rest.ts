import type { RosterVersion } from '@school-transport/shared';
import { AppError } from '../../../lib/errors.js';
import {
  addressOf,
  buildRoster,
  listOf,
  type EnrollmentRecord,
  type OrgRecord,
  type Roster,
  type UserRecord,
} from './roster.js';

/**
 * A pull from a OneRoster REST endpoint (1.1 or 1.2 rostering): an access token by OAuth 2 client credentials, then
 * every page of /orgs, /users and /enrollments (limit/offset), read into a roster.
 */

export interface EndpointSource {
  baseUrl: string;
  version: RosterVersion;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Records asked for a page; a server that gives fewer a page is followed until it gives none. */
const PAGE = 1_000;
/** A silent endpoint fails the pull after this long, rather than holding the sync (and its lock) forever. */
const TIMEOUT_MS = 60_000;
/** 1.2's read-only roster scope; 1.1 servers ignore a scope or ask none. */
const SCOPE_1_2 = 'https://purl.imsglobal.org/spec/or/v1p2/scope/roster-core.readonly';

const PATHS: Record<RosterVersion, string> = {
  '1.1': '/ims/oneroster/v1p1',
  '1.2': '/ims/oneroster/rostering/v1p2',
};

/** A failed pull: a 502 in words (the other system, not this request, is at fault). */
const unreachable = (message: string) => new AppError(502, message);

async function fetchOr(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw unreachable(`Could not reach ${what} (${url}): ${(error as Error).message}.`);
  }
}

async function accessToken(source: EndpointSource): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'client_credentials' });
  if (source.version === '1.2') body.set('scope', SCOPE_1_2);
  const answer = await fetchOr(
    source.tokenUrl,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(source.clientId)}:${encodeURIComponent(source.clientSecret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
    },
    'the token endpoint',
  );
  if (answer.status === 400 || answer.status === 401)
    throw unreachable(
      'The token endpoint refused the client id and secret: check them in the roster settings.',
    );
  if (!answer.ok) throw unreachable(`The token endpoint answered ${answer.status}.`);
  const token = ((await answer.json().catch(() => ({}))) as { access_token?: unknown }).access_token;
  if (typeof token !== 'string' || !token) throw unreachable('The token endpoint answered no access_token.');
  return token;
}

/** Every record of a collection (`/users` answers `{ users: [...] }`), page after page. */
async function collection(
  source: EndpointSource,
  token: string,
  name: 'orgs' | 'users' | 'enrollments',
): Promise<Array<Record<string, unknown>>> {
  const base = `${source.baseUrl.replace(/\/+$/, '')}${PATHS[source.version]}/${name}`;
  const records: Array<Record<string, unknown>> = [];
  for (let offset = 0; ;) {
    const url = `${base}?limit=${PAGE}&offset=${offset}`;
    const answer = await fetchOr(
      url,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      'the OneRoster endpoint',
    );
    if (answer.status === 401 || answer.status === 403)
      throw unreachable(`The OneRoster endpoint refused the token for /${name} (${answer.status}).`);
    if (!answer.ok) throw unreachable(`The OneRoster endpoint answered ${answer.status} for /${name}.`);
    const page = ((await answer.json().catch(() => null)) as Record<string, unknown> | null)?.[name];
    if (!Array.isArray(page))
      throw unreachable(`The OneRoster endpoint's /${name} answer has no "${name}" list.`);
    records.push(...(page as Array<Record<string, unknown>>));
    offset += page.length;
    const total = Number(answer.headers.get('x-total-count'));
    if (page.length === 0 || (Number.isFinite(total) && total > 0 && offset >= total)) break;
  }
  return records;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const refOf = (value: unknown) => text((value as { sourcedId?: unknown } | null)?.sourcedId);

export async function pullEndpoint(source: EndpointSource): Promise<Roster> {
  const token = await accessToken(source);
  const [orgs, users, enrollments] = [
    await collection(source, token, 'orgs'),
    await collection(source, token, 'users'),
    await collection(source, token, 'enrollments'),
  ];
  return buildRoster(
    orgs.map((org): OrgRecord => ({
      sourcedId: text(org.sourcedId),
      status: text(org.status),
      name: text(org.name),
      type: text(org.type),
    })),
    users.map((user): UserRecord => ({
      sourcedId: text(user.sourcedId),
      status: text(user.status),
      enabled: text(user.enabledUser).toLowerCase() !== 'false',
      // 1.1: role; 1.2: roles [{ roleType, role, org }].
      roles: Array.isArray(user.roles)
        ? user.roles.map((role) => text((role as { role?: unknown }).role).toLowerCase())
        : [text(user.role).toLowerCase()],
      givenName: text(user.givenName),
      familyName: text(user.familyName),
      identifier: text(user.identifier),
      email: text(user.email),
      phone: text(user.phone) || text(user.sms),
      agentSourcedIds: listOf(user.agents),
      orgSourcedIds: listOf(
        user.orgs ?? (Array.isArray(user.roles) ? user.roles.map((r) => (r as { org?: unknown }).org) : []),
      ),
      grades: listOf(user.grades),
      address: addressOf((name) =>
        typeof user.metadata === 'object' && user.metadata !== null
          ? text((user.metadata as Record<string, unknown>)[name])
          : '',
      ),
    })),
    enrollments.map((enrollment): EnrollmentRecord => ({
      status: text(enrollment.status),
      userSourcedId: refOf(enrollment.user),
      schoolSourcedId: refOf(enrollment.school),
    })),
  );
}
