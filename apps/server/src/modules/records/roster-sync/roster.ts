import { createHash } from 'node:crypto';
import type { GuardianRelation } from '@school-transport/shared';

/**
 * OneRoster's records as both its forms give them (the CSV bundle, the REST endpoint), and the roster SchoolRide
 * keeps of them: schools (orgs of type school), students, and guardians linked to their children.
 */

/** An org, as orgs.csv or GET /orgs gives it. */
export interface OrgRecord {
  sourcedId: string;
  status: string;
  name: string;
  type: string;
}

/** A user, as users.csv (with roles.csv in 1.2) or GET /users gives them. */
export interface UserRecord {
  sourcedId: string;
  status: string;
  /** enabledUser: false reads as gone. */
  enabled: boolean;
  /** Lower case: student, parent, guardian, relative, teacher… (1.2 may give several; the first that counts wins). */
  roles: string[];
  givenName: string;
  familyName: string;
  identifier: string;
  email: string;
  phone: string;
  /** A student's guardians, or a guardian's children. */
  agentSourcedIds: string[];
  orgSourcedIds: string[];
  grades: string[];
  /**
   * A home address, from OneRoster's extension fields (`metadata.address`, `metadata.city`, `metadata.postcode`,
   * `metadata.country`: CSV columns or the REST `metadata` object), which the standard leaves to each system.
   */
  address: RosterAddress | null;
}

/** A home address the roster gives: the free line and its parts (country: ISO 3166-1 alpha-2). */
export interface RosterAddress {
  line: string;
  city: string | null;
  postcode: string | null;
  country: string | null;
}

/** The address of a user's extension fields, or null without a street line. */
export function addressOf(field: (name: string) => string): RosterAddress | null {
  const line = field('address').trim();
  if (!line) return null;
  const part = (name: string) => field(name).trim() || null;
  const country = part('country')?.toUpperCase() ?? null;
  return {
    line,
    city: part('city'),
    postcode: part('postcode'),
    country: country && /^[A-Z]{2}$/.test(country) ? country : null,
  };
}

/** An enrollment: which school a user is enrolled at (the school of a student whose orgs name none). */
export interface EnrollmentRecord {
  status: string;
  userSourcedId: string;
  schoolSourcedId: string;
}

export interface RosterSchool {
  sourcedId: string;
  name: string;
}
export interface RosterStudent {
  sourcedId: string;
  name: string;
  grade: string;
  identifier: string;
  /** The school the student's pickup point starts at until the office sets the home (null: none named). */
  schoolSourcedId: string | null;
  guardians: Array<{ sourcedId: string; relation: GuardianRelation }>;
  /** The home address, placed by the geocoder when a new child is made and one is configured (decision 076). */
  address: RosterAddress | null;
}
export interface RosterGuardian {
  sourcedId: string;
  name: string;
  email: string;
  phone: string;
}

export interface Roster {
  schools: RosterSchool[];
  students: RosterStudent[];
  guardians: RosterGuardian[];
  /** Records left out while reading, and why. */
  warnings: string[];
}

/** The guardian roles of OneRoster, and what each is to the child here. */
const GUARDIAN_ROLES: Record<string, GuardianRelation> = {
  parent: 'PARENT',
  guardian: 'OTHER',
  relative: 'RELATIVE',
};

/** Gone upstream: marked for deletion (OneRoster's soft delete) or disabled. */
const isGone = (record: { status: string; enabled?: boolean }) =>
  record.status.toLowerCase() === 'tobedeleted' || record.enabled === false;

const fullName = (user: UserRecord) => `${user.givenName} ${user.familyName}`.replace(/\s+/g, ' ').trim();

/**
 * The roster of the records read: active schools, students and guardians (a record gone upstream is left out, so
 * the diff finds it removed), each guardian linked to the children either side names (a student's agents, a
 * guardian's agents). Guardians without an e-mail cannot have an account here and are left out with a warning.
 */
export function buildRoster(orgs: OrgRecord[], users: UserRecord[], enrollments: EnrollmentRecord[]): Roster {
  const warnings: string[] = [];
  const schools = new Map<string, RosterSchool>();
  for (const org of orgs)
    if (org.type.toLowerCase() === 'school' && !isGone(org) && org.sourcedId)
      schools.set(org.sourcedId, { sourcedId: org.sourcedId, name: org.name.trim() || org.sourcedId });

  const studentUsers = new Map<string, UserRecord>();
  const guardians = new Map<string, RosterGuardian & { relation: GuardianRelation; agents: string[] }>();
  for (const user of users) {
    if (isGone(user) || !user.sourcedId) continue;
    if (user.roles.includes('student')) {
      studentUsers.set(user.sourcedId, user);
      continue;
    }
    const role = user.roles.find((r) => r in GUARDIAN_ROLES);
    if (!role) continue;
    const email = user.email.trim();
    if (!email || !email.includes('@')) {
      warnings.push(`Guardian ${user.sourcedId} (${fullName(user)}) has no e-mail address: left out.`);
      continue;
    }
    guardians.set(user.sourcedId, {
      sourcedId: user.sourcedId,
      name: fullName(user) || email,
      email,
      phone: user.phone.trim(),
      relation: GUARDIAN_ROLES[role]!,
      agents: user.agentSourcedIds,
    });
  }

  const enrolledAt = new Map<string, string>();
  for (const enrollment of enrollments)
    if (!isGone(enrollment) && schools.has(enrollment.schoolSourcedId))
      enrolledAt.set(enrollment.userSourcedId, enrollment.schoolSourcedId);

  // Either side may name the link; a link to a record not in the roster is no link.
  const linksOf = new Map<string, Map<string, GuardianRelation>>();
  const link = (student: string, guardian: string) => {
    const found = guardians.get(guardian);
    if (!found || !studentUsers.has(student)) return;
    const links = linksOf.get(student) ?? new Map<string, GuardianRelation>();
    links.set(guardian, found.relation);
    linksOf.set(student, links);
  };
  for (const [sourcedId, user] of studentUsers)
    for (const agent of user.agentSourcedIds) link(sourcedId, agent);
  for (const guardian of guardians.values())
    for (const agent of guardian.agents) link(agent, guardian.sourcedId);

  const students: RosterStudent[] = [...studentUsers.values()].map((user) => ({
    sourcedId: user.sourcedId,
    name: fullName(user) || user.sourcedId,
    grade: user.grades[0]?.trim() ?? '',
    identifier: user.identifier.trim(),
    schoolSourcedId:
      user.orgSourcedIds.find((org) => schools.has(org)) ?? enrolledAt.get(user.sourcedId) ?? null,
    guardians: [...(linksOf.get(user.sourcedId) ?? new Map<string, GuardianRelation>())]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([sourcedId, relation]) => ({ sourcedId, relation })),
    address: user.address,
  }));
  const bySourcedId = <T extends { sourcedId: string }>(a: T, b: T) =>
    a.sourcedId < b.sourcedId ? -1 : a.sourcedId > b.sourcedId ? 1 : 0;
  return {
    schools: [...schools.values()].sort(bySourcedId),
    students: students.sort(bySourcedId),
    guardians: [...guardians.values()]
      .map(({ sourcedId, name, email, phone }) => ({ sourcedId, name, email, phone }))
      .sort(bySourcedId),
    warnings,
  };
}

/** A hash of the roster's content: the same data, read from a bundle or the endpoint, hashes the same. */
export const fingerprintOf = (roster: Roster) =>
  createHash('sha256')
    .update(JSON.stringify([roster.schools, roster.students, roster.guardians]))
    .digest('hex')
    .slice(0, 32);

/** A list cell of OneRoster's CSV (comma separated inside the cell) or a REST array. */
export const listOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .map((item) =>
          typeof item === 'object' && item !== null
            ? String((item as { sourcedId?: unknown }).sourcedId ?? '')
            : String(item),
        )
        .filter(Boolean)
    : typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [];
