import { randomUUID } from 'node:crypto';
import {
  ROSTER_DIFF_ROWS_SHOWN,
  ROSTER_WARNINGS_SHOWN,
  type GuardianRelation,
  type RosterDiff,
  type RosterDiffRow,
  type RosterKindDiff,
} from '@school-transport/shared';
import type { Roster } from './roster.js';

/**
 * What a roster would change here: per kind the records added, changed and removed (a dry run shows it), and the
 * plan of writes an apply makes of it. Pure: the records as they are come in (`Current`), nothing is read here.
 * Only what the roster owns is compared: a school's name; a child's name, grade (class) and identifier (roll
 * number); a guardian's name, e-mail and phone. What the office owns (points, times, stops, seats, transport flags,
 * hand-over) is neither compared nor written.
 */

export interface Current {
  /** Every school (a roster school may take over one of the same name that no roster named yet). */
  schools: Array<{
    id: string;
    sourcedId: string | null;
    name: string;
    lat: number;
    lng: number;
    inactive: boolean;
  }>;
  /** Children and guardians that came from the roster (sourced_id set). */
  students: Array<{
    id: string;
    sourcedId: string;
    name: string;
    class: string;
    rollNo: string;
    parentId: string;
    inactive: boolean;
  }>;
  guardians: Array<{
    id: string;
    userId: string;
    sourcedId: string;
    name: string;
    email: string;
    phone: string;
    inactive: boolean;
  }>;
  /** Links between a roster child and a roster guardian. */
  links: Array<{ studentId: string; parentId: string }>;
  /** Who holds each of the roster's e-mail addresses (lower case) already. */
  emailHolders: Map<
    string,
    { userId: string; role: string; parentId: string | null; sourcedId: string | null }
  >;
}

export interface Plan {
  schools: {
    insert: Array<{ id: string; sourcedId: string; name: string; lat: number; lng: number }>;
    update: Array<{ id: string; sourcedId: string; name: string }>;
    deactivate: string[];
  };
  guardians: {
    insert: Array<{
      id: string;
      userId: string;
      sourcedId: string;
      name: string;
      email: string;
      phone: string;
    }>;
    update: Array<{
      id: string;
      userId: string;
      sourcedId: string;
      name: string;
      email: string;
      phone: string;
    }>;
    deactivate: Array<{ id: string; userId: string }>;
  };
  students: {
    insert: Array<{
      id: string;
      sourcedId: string;
      name: string;
      class: string;
      rollNo: string;
      parentId: string;
      /** Null while the address waits for the geocoder (addressStatus PENDING: decision 076). */
      lat: number | null;
      lng: number | null;
      address: string | null;
      city: string | null;
      postcode: string | null;
      country: string | null;
      addressStatus: 'NONE' | 'PENDING';
    }>;
    update: Array<{ id: string; name: string; class: string; rollNo: string }>;
    deactivate: string[];
  };
  links: {
    add: Array<{ studentId: string; parentId: string; relation: GuardianRelation }>;
    remove: Array<{ studentId: string; parentId: string }>;
  };
}

/** A kind's lists as the diff gathers them; shown in part, counted in whole. */
class KindDiff {
  added: RosterDiffRow[] = [];
  changed: RosterDiffRow[] = [];
  removed: RosterDiffRow[] = [];
  unchanged = 0;
  answer(): RosterKindDiff {
    return {
      added: this.added.length,
      changed: this.changed.length,
      removed: this.removed.length,
      unchanged: this.unchanged,
      addedRows: this.added.slice(0, ROSTER_DIFF_ROWS_SHOWN),
      changedRows: this.changed.slice(0, ROSTER_DIFF_ROWS_SHOWN),
      removedRows: this.removed.slice(0, ROSTER_DIFF_ROWS_SHOWN),
    };
  }
}

const lower = (text: string) => text.toLowerCase();

/** Where a school the roster adds is put until the office places it: amid the schools there are, or 0, 0. */
function placeholderPoint(current: Current['schools']) {
  if (current.length === 0) return { lat: 0, lng: 0 };
  const sum = current.reduce((acc, school) => ({ lat: acc.lat + school.lat, lng: acc.lng + school.lng }), {
    lat: 0,
    lng: 0,
  });
  return { lat: sum.lat / current.length, lng: sum.lng / current.length };
}

export function diffRoster(
  roster: Roster,
  current: Current,
  fingerprint: string,
  { geocoder = false }: { geocoder?: boolean } = {},
): { diff: Omit<RosterDiff, 'mode' | 'applied'>; plan: Plan } {
  const warnings = [...roster.warnings];
  const plan: Plan = {
    schools: { insert: [], update: [], deactivate: [] },
    guardians: { insert: [], update: [], deactivate: [] },
    students: { insert: [], update: [], deactivate: [] },
    links: { add: [], remove: [] },
  };

  // Schools.
  const schools = new KindDiff();
  const schoolBySourcedId = new Map(current.schools.flatMap((s) => (s.sourcedId ? [[s.sourcedId, s]] : [])));
  const schoolByName = new Map<string, { id: string }>(current.schools.map((s) => [lower(s.name), s]));
  const placeholder = placeholderPoint(current.schools);
  const schoolPoint = new Map<string, { lat: number; lng: number }>();
  const taken = new Set<string>();
  for (const school of roster.schools) {
    const existing = schoolBySourcedId.get(school.sourcedId);
    const sameName = schoolByName.get(lower(school.name));
    const row = { sourcedId: school.sourcedId, name: school.name };
    if (existing) {
      schoolPoint.set(school.sourcedId, existing);
      const fields: string[] = [];
      let name = existing.name;
      if (existing.name !== school.name) {
        if (sameName && sameName.id !== existing.id)
          warnings.push(
            `School ${school.sourcedId} would be renamed "${school.name}", another school's name: kept as "${existing.name}".`,
          );
        else {
          fields.push('name');
          name = school.name;
        }
      }
      if (existing.inactive) fields.push('active');
      if (fields.length === 0) schools.unchanged += 1;
      else {
        schools.changed.push({ ...row, name, fields });
        plan.schools.update.push({ id: existing.id, sourcedId: school.sourcedId, name });
      }
      continue;
    }
    if (sameName) {
      const other = current.schools.find((s) => s.id === sameName.id);
      if (other && !other.sourcedId && !taken.has(other.id)) {
        // The office's school of the same name: the roster's from now on, with its point and times kept.
        taken.add(other.id);
        schoolPoint.set(school.sourcedId, other);
        schools.changed.push({ ...row, fields: ['sourcedId', ...(other.inactive ? ['active'] : [])] });
        plan.schools.update.push({ id: other.id, sourcedId: school.sourcedId, name: school.name });
      } else
        warnings.push(`School ${school.sourcedId} ("${school.name}") has another school's name: left out.`);
      continue;
    }
    const id = randomUUID();
    schoolByName.set(lower(school.name), { id });
    schoolPoint.set(school.sourcedId, placeholder);
    schools.added.push(row);
    plan.schools.insert.push({ id, sourcedId: school.sourcedId, name: school.name, ...placeholder });
  }
  const rosterSchools = new Set(roster.schools.map((s) => s.sourcedId));
  for (const school of current.schools)
    if (school.sourcedId && !school.inactive && !rosterSchools.has(school.sourcedId)) {
      schools.removed.push({ sourcedId: school.sourcedId, name: school.name });
      plan.schools.deactivate.push(school.id);
    }

  // Guardians.
  const guardians = new KindDiff();
  const guardianBySourcedId = new Map(current.guardians.map((g) => [g.sourcedId, g]));
  const parentIdOf = new Map<string, string>();
  const emailOwner = new Map<string, string>();
  for (const guardian of roster.guardians) {
    const email = lower(guardian.email);
    const row = { sourcedId: guardian.sourcedId, name: guardian.name };
    const first = emailOwner.get(email);
    if (first) {
      warnings.push(`Guardian ${guardian.sourcedId} has the e-mail address of guardian ${first}: left out.`);
      continue;
    }
    emailOwner.set(email, guardian.sourcedId);
    const holder = current.emailHolders.get(email);
    const existing = guardianBySourcedId.get(guardian.sourcedId);
    if (existing) {
      parentIdOf.set(guardian.sourcedId, existing.id);
      let next = guardian.email;
      if (holder && holder.userId !== existing.userId) {
        warnings.push(
          `Guardian ${guardian.sourcedId}'s new e-mail address belongs to another account: kept the old one.`,
        );
        next = existing.email;
      }
      const fields = [
        ...(existing.name !== guardian.name ? ['name'] : []),
        ...(existing.email !== next ? ['email'] : []),
        ...(existing.phone !== guardian.phone ? ['phone'] : []),
        ...(existing.inactive ? ['active'] : []),
      ];
      if (fields.length === 0) guardians.unchanged += 1;
      else {
        guardians.changed.push({ ...row, fields });
        plan.guardians.update.push({ ...guardian, email: next, id: existing.id, userId: existing.userId });
      }
      continue;
    }
    if (holder) {
      if (holder.role === 'parent' && holder.parentId && !holder.sourcedId) {
        // A parent the office keeps with this address: the roster's from now on.
        parentIdOf.set(guardian.sourcedId, holder.parentId);
        guardians.changed.push({ ...row, fields: ['sourcedId'] });
        plan.guardians.update.push({ ...guardian, id: holder.parentId, userId: holder.userId });
      } else
        warnings.push(
          `Guardian ${guardian.sourcedId}'s e-mail address belongs to another account: left out.`,
        );
      continue;
    }
    const id = randomUUID();
    parentIdOf.set(guardian.sourcedId, id);
    guardians.added.push(row);
    plan.guardians.insert.push({ ...guardian, id, userId: randomUUID() });
  }
  const rosterGuardians = new Set(roster.guardians.map((g) => g.sourcedId));
  for (const guardian of current.guardians)
    if (!guardian.inactive && !rosterGuardians.has(guardian.sourcedId)) {
      guardians.removed.push({ sourcedId: guardian.sourcedId, name: guardian.name });
      plan.guardians.deactivate.push({ id: guardian.id, userId: guardian.userId });
    }

  // Students, and the links to their guardians.
  const students = new KindDiff();
  const studentBySourcedId = new Map(current.students.map((s) => [s.sourcedId, s]));
  const linked = new Set(current.links.map((link) => `${link.studentId} ${link.parentId}`));
  const rosterParentIds = new Set(current.guardians.map((g) => g.id));
  for (const student of roster.students) {
    const row = { sourcedId: student.sourcedId, name: student.name };
    const links = student.guardians.flatMap((g) => {
      const parentId = parentIdOf.get(g.sourcedId);
      return parentId ? [{ parentId, relation: g.relation }] : [];
    });
    const existing = studentBySourcedId.get(student.sourcedId);
    let studentId: string;
    if (existing) {
      studentId = existing.id;
      const fields = [
        ...(existing.name !== student.name ? ['name'] : []),
        ...(existing.class !== student.grade ? ['grade'] : []),
        ...(existing.rollNo !== student.identifier ? ['identifier'] : []),
        ...(existing.inactive ? ['active'] : []),
      ];
      if (fields.length === 0) students.unchanged += 1;
      else {
        students.changed.push({ ...row, fields });
        plan.students.update.push({
          id: existing.id,
          name: student.name,
          class: student.grade,
          rollNo: student.identifier,
        });
      }
      // Links upstream no longer has, between two roster records; the contact of record stays until the office
      // names another (a child always has one).
      const wanted = new Set(links.map((link) => link.parentId));
      for (const link of current.links)
        if (
          link.studentId === existing.id &&
          link.parentId !== existing.parentId &&
          rosterParentIds.has(link.parentId) &&
          !wanted.has(link.parentId)
        )
          plan.links.remove.push(link);
    } else {
      if (links.length === 0) {
        warnings.push(
          `Student ${student.sourcedId} (${student.name}) has no guardian with an e-mail address: left out.`,
        );
        continue;
      }
      studentId = randomUUID();
      const point = (student.schoolSourcedId && schoolPoint.get(student.schoolSourcedId)) || placeholder;
      // With a geocoder, a home address is placed by it like a typed one's (decision 076); without, the school's
      // point until the office sets the home, as before.
      const geocoded = geocoder && student.address !== null;
      students.added.push(row);
      plan.students.insert.push({
        id: studentId,
        sourcedId: student.sourcedId,
        name: student.name,
        class: student.grade,
        rollNo: student.identifier,
        parentId: links[0]!.parentId,
        lat: geocoded ? null : point.lat,
        lng: geocoded ? null : point.lng,
        address: geocoded ? student.address!.line : null,
        city: geocoded ? student.address!.city : null,
        postcode: geocoded ? student.address!.postcode : null,
        country: geocoded ? student.address!.country : null,
        addressStatus: geocoded ? 'PENDING' : 'NONE',
      });
    }
    for (const link of links)
      if (!linked.has(`${studentId} ${link.parentId}`)) plan.links.add.push({ studentId, ...link });
  }
  const rosterStudents = new Set(roster.students.map((s) => s.sourcedId));
  for (const student of current.students)
    if (!student.inactive && !rosterStudents.has(student.sourcedId)) {
      students.removed.push({ sourcedId: student.sourcedId, name: student.name });
      plan.students.deactivate.push(student.id);
    }

  return {
    diff: {
      fingerprint,
      schools: schools.answer(),
      students: students.answer(),
      guardians: guardians.answer(),
      links: { added: plan.links.add.length, removed: plan.links.remove.length },
      warnings: warnings.slice(0, ROSTER_WARNINGS_SHOWN),
      warningCount: warnings.length,
    },
    plan,
  };
}
