import type { Executor } from '../../../db/client.js';
import {
  guardianKey,
  type FamilyImportRow,
  type GuardianImport,
  type ImportKind,
  type ImportRow,
} from '@school-transport/shared';
import { messageCatalogues } from '../../platform/i18n/index.js';
import { nextTurn } from './import-csv.js';
import { homeWithoutAsking } from '../geocoding/index.js';
import {
  emailHolders,
  homesByExternalId,
  licenseHolders,
  plateHolders,
  tagHolders,
  upsertDrivers,
  upsertGuardianAccounts,
  upsertGuardianLinks,
  type GuardianLinkRow,
  upsertParents,
  upsertStops,
  upsertStudents,
  upsertVehicles,
  type Written,
} from './import-queries.js';

/** What each kind of import checks of its rows beyond each row's own rules, and how it writes them. */

/** Rows per statement when writing, and between two progress lines when checking. */
export const BATCH = 5_000;

/** A checked row and its line in the file (the header is line 1). */
export interface Line<K extends ImportKind> {
  line: number;
  value: ImportRow<K>;
}

export type Problem = (line: number, field: string | null, message: string) => void;

interface KindRules<K extends ImportKind> {
  /** Duplicates inside the file, and values other records in the database already hold. */
  clashes(db: Executor, rows: Array<Line<K>>, problem: Problem): Promise<void>;
  /** How many records the rows stand for (a family's rows: the parent once, each child). */
  records(rows: Array<Line<K>>): number;
  write(
    tx: Executor,
    rows: Array<Line<K>>,
    progress: (done: number, total: number) => void,
  ): Promise<Written>;
}

/**
 * A value that must be unique: a second row with it (and another record's id) is a duplicate in the file; a
 * record in the database holding it under another external id is a clash.
 */
async function uniqueValues<K extends ImportKind>(
  rows: Array<Line<K>>,
  problem: Problem,
  unique: {
    field: string;
    label: string;
    valueOf: (row: ImportRow<K>) => string | null;
    ownerOf: (row: ImportRow<K>) => string;
    holders?: (values: string[]) => Promise<Array<{ key: string; externalId: string | null }>>;
    taken: string;
  },
) {
  const firstOwner = new Map<string, { owner: string; line: number }>();
  for (const { line, value } of rows) {
    const key = unique.valueOf(value);
    if (!key) continue;
    const owner = unique.ownerOf(value);
    const first = firstOwner.get(key);
    if (!first) firstOwner.set(key, { owner, line });
    else if (first.owner !== owner)
      problem(line, unique.field, `${unique.label} is also on line ${first.line}.`);
  }
  if (!unique.holders || firstOwner.size === 0) return;
  const values = [...firstOwner.keys()];
  const held = new Map<string, string | null>();
  for (let start = 0; start < values.length; start += BATCH)
    for (const row of await unique.holders(values.slice(start, start + BATCH)))
      held.set(row.key, row.externalId);
  for (const { line, value } of rows) {
    const key = unique.valueOf(value);
    if (key && held.has(key) && held.get(key) !== unique.ownerOf(value))
      problem(line, unique.field, unique.taken);
  }
}

/** An external id names one record: a second row with it is a mistake in the file. */
function onceInFile<K extends ImportKind>(
  rows: Array<Line<K>>,
  problem: Problem,
  field: string,
  label: string,
  valueOf: (row: ImportRow<K>) => string | null,
) {
  const firstLine = new Map<string, number>();
  for (const { line, value } of rows) {
    const key = valueOf(value);
    if (key === null) continue;
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, line);
    else problem(line, field, `${label} is also on line ${first}.`);
  }
}

const emailsHeldBy =
  (db: Executor, role: 'parentExternalId' | 'driverExternalId') => async (emails: string[]) =>
    (await emailHolders(db, emails)).map((row) => ({ key: row.email, externalId: row[role] }));

async function inBatches<T>(
  rows: T[],
  write: (batch: T[]) => Promise<Written>,
  progress: (done: number, total: number) => void,
  offset = 0,
  total = rows.length,
): Promise<Written> {
  const sum: Written = { created: 0, updated: 0 };
  for (let start = 0; start < rows.length; start += BATCH) {
    const written = await write(rows.slice(start, start + BATCH));
    sum.created += written.created;
    sum.updated += written.updated;
    progress(offset + Math.min(start + BATCH, rows.length), total);
    // Other requests get a turn between batches, whatever the engine answers in (decision 042 moved PGlite off this thread).
    await nextTurn();
  }
  return sum;
}

const plus = (a: Written, b: Written): Written => ({
  created: a.created + b.created,
  updated: a.updated + b.updated,
});

/** The family of each id, as its first row gives it. */
function familiesOf(rows: Array<Line<'families'>>): FamilyImportRow[] {
  const families = new Map<string, FamilyImportRow>();
  for (const { value } of rows)
    if (!families.has(value.parentExternalId)) families.set(value.parentExternalId, value);
  return [...families.values()];
}

/** Each row's guardian sets (a row without a child has none), with the row's child and family. */
function guardianLinksOf(
  rows: Array<Line<'families'>>,
): Array<GuardianLinkRow & { line: number; set: number }> {
  return rows.flatMap(({ line, value }) =>
    value.child
      ? value.guardians.map((guardian: GuardianImport) => ({
          line,
          set: guardian.set,
          child: value.child!.externalId,
          family: value.parentExternalId,
          email: guardian.email,
          name: guardian.name,
          phone: guardian.phone,
          relation: guardian.relation,
          language: guardian.language,
        }))
      : [],
  );
}

/** The guardians named by the file, once each (the first row naming an e-mail), not counting the families' parents. */
function guardianAccountsOf(rows: Array<Line<'families'>>) {
  const familyEmails = new Set(familiesOf(rows).map((family) => family.parent.email));
  const first = new Map<string, GuardianLinkRow>();
  for (const link of guardianLinksOf(rows))
    if (!familyEmails.has(link.email) && !first.has(link.email)) first.set(link.email, link);
  return [...first.values()];
}

/**
 * The guardian sets against the file and the database (decision 075): a guardian is a parent account, so an e-mail of
 * a staff or driver account is refused; one person is one name and phone (and language) wherever the file names
 * them, as a family's parent or as a guardian; a language must be one the server has texts in.
 */
async function guardianClashes(db: Executor, rows: Array<Line<'families'>>, problem: Problem) {
  const links = guardianLinksOf(rows);
  if (links.length === 0) return;
  const seen = new Map<string, { line: number; name: string; phone: string; language: string | null }>();
  for (const { line, value } of rows)
    if (!seen.has(value.parent.email))
      seen.set(value.parent.email, {
        line,
        name: value.parent.name,
        phone: value.parent.phone,
        language: null,
      });
  const codes = messageCatalogues().codes;
  for (const link of links) {
    const field = (part: 'name' | 'email' | 'phone' | 'language') => guardianKey(link.set, part);
    if (link.language && !codes.includes(link.language))
      problem(
        link.line,
        field('language'),
        `There are no texts in "${link.language}": use one of ${codes.join(', ')}.`,
      );
    const first = seen.get(link.email);
    if (!first) {
      seen.set(link.email, link);
      continue;
    }
    if (first.name !== link.name)
      problem(link.line, field('name'), `This guardian is also on line ${first.line} with another name.`);
    else if (first.phone !== link.phone)
      problem(link.line, field('phone'), `This guardian is also on line ${first.line} with another phone.`);
    else if (first.language && link.language && first.language !== link.language)
      problem(
        link.line,
        field('language'),
        `This guardian is also on line ${first.line} with another language.`,
      );
  }
  const emails = [...new Set(links.map((link) => link.email))];
  const notParents = new Set<string>();
  for (let start = 0; start < emails.length; start += BATCH)
    for (const holder of await emailHolders(db, emails.slice(start, start + BATCH)))
      if (holder.role !== 'parent') notParents.add(holder.email);
  for (const link of links)
    if (notParents.has(link.email))
      problem(
        link.line,
        guardianKey(link.set, 'email'),
        "This email address is a staff member's or a driver's account: a guardian signs in to the parent portal.",
      );
}

const families: KindRules<'families'> = {
  async clashes(db, rows, problem) {
    await uniqueValues(rows, problem, {
      field: 'email',
      label: 'This email address',
      valueOf: (row) => row.parent.email.toLowerCase(),
      ownerOf: (row) => row.parentExternalId,
      holders: emailsHeldBy(db, 'parentExternalId'),
      taken: 'An account with this email address already exists.',
    });
    onceInFile(rows, problem, 'childExternalId', 'This child id', (row) => row.child?.externalId ?? null);
    await uniqueValues(rows, problem, {
      field: 'nfcTagId',
      label: 'This NFC tag',
      valueOf: (row) => row.child?.nfcTagId ?? null,
      ownerOf: (row) => row.child?.externalId ?? '',
      holders: (tags) => tagHolders(db, tags),
      taken: 'This NFC tag is already on another child.',
    });
    await guardianClashes(db, rows, problem);
  },
  // Families, children, the guardians named only as guardians, and the links to them.
  records: (rows) =>
    familiesOf(rows).length +
    rows.filter((row) => row.value.child).length +
    guardianAccountsOf(rows).length +
    guardianLinksOf(rows).length,
  async write(tx, rows, progress) {
    const parents = familiesOf(rows).map(({ parentExternalId, parent }) => ({
      ext: parentExternalId,
      name: parent.name,
      email: parent.email,
      phone: parent.phone,
      alternative_phone: parent.alternativePhone,
      address: parent.address,
      city: parent.city,
      state: parent.state,
      pin_code: parent.pinCode,
    }));
    const stored = await homesByExternalId(
      tx,
      rows.flatMap(({ value }) => (value.child ? [value.child.externalId] : [])),
    );
    const children = rows.flatMap(({ value }) => {
      if (!value.child) return [];
      // A row without coordinates keeps the stored point where it may (decision 072); otherwise its address
      // waits for the geocoding job, woken after the commit.
      const decided = homeWithoutAsking(
        { ...value.child, keepStoredPoint: true },
        stored.get(value.child.externalId),
      );
      const home =
        decided === 'ASK'
          ? { pickupAndDropLat: null, pickupAndDropLng: null, homeSource: null, addressStatus: 'PENDING' }
          : decided;
      return value.child
        ? [
            {
              ext: value.child.externalId,
              parent_id: value.parentExternalId,
              name: value.child.name,
              class: value.child.class,
              roll_no: value.child.rollNo,
              nfc_tag_id: value.child.nfcTagId,
              pickup_lat: home.pickupAndDropLat,
              pickup_lng: home.pickupAndDropLng,
              pickup_address: value.child.pickupDropAddress,
              address_city: value.child.addressCity,
              address_postcode: value.child.addressPostcode,
              address_country: value.child.addressCountry,
              home_source: home.homeSource,
              address_status: home.addressStatus,
              door_to_door: value.child.doorToDoor,
            },
          ]
        : [];
    });
    // The guardians' accounts after the families (a family's parent may be another child's guardian), their links
    // after the children.
    const accounts = guardianAccountsOf(rows);
    const links = guardianLinksOf(rows).map(({ line: _line, set: _set, ...link }) => link);
    const total = parents.length + children.length + accounts.length + links.length;
    let done = 0;
    let written: Written = { created: 0, updated: 0 };
    for (const [items, upsert] of [
      [parents, upsertParents],
      [children, upsertStudents],
      [accounts, upsertGuardianAccounts],
      [links, upsertGuardianLinks],
    ] as Array<[Array<Record<string, unknown>>, (tx: Executor, batch: never[]) => Promise<Written>]>) {
      written = plus(
        written,
        await inBatches(items, (batch) => upsert(tx, batch as never[]), progress, done, total),
      );
      done += items.length;
    }
    return written;
  },
};

const drivers: KindRules<'drivers'> = {
  async clashes(db, rows, problem) {
    onceInFile(rows, problem, 'externalId', 'This driver id', (row) => row.externalId);
    await uniqueValues(rows, problem, {
      field: 'email',
      label: 'This email address',
      valueOf: (row) => row.email.toLowerCase(),
      ownerOf: (row) => row.externalId,
      holders: emailsHeldBy(db, 'driverExternalId'),
      taken: 'An account with this email address already exists.',
    });
    await uniqueValues(rows, problem, {
      field: 'licenseNo',
      label: 'This license number',
      valueOf: (row) => row.licenseNo.toUpperCase(),
      ownerOf: (row) => row.externalId,
      holders: (licenses) => licenseHolders(db, licenses),
      taken: 'A driver with this license number already exists.',
    });
  },
  records: (rows) => rows.length,
  write: (tx, rows, progress) =>
    inBatches(
      rows.map(({ value }) => ({
        ext: value.externalId,
        name: value.name,
        email: value.email,
        phone: value.phone,
        alternative_phone: value.alternativePhone,
        license_no: value.licenseNo,
        address: value.address,
      })),
      (batch) => upsertDrivers(tx, batch),
      progress,
    ),
};

const vehicles: KindRules<'vehicles'> = {
  async clashes(db, rows, problem) {
    onceInFile(rows, problem, 'externalId', 'This vehicle id', (row) => row.externalId);
    await uniqueValues(rows, problem, {
      field: 'licensePlate',
      label: 'This registration number',
      valueOf: (row) => row.licensePlate,
      ownerOf: (row) => row.externalId,
      holders: (plates) => plateHolders(db, plates),
      taken: 'A vehicle with this registration number already exists.',
    });
  },
  records: (rows) => rows.length,
  write: (tx, rows, progress) =>
    inBatches(
      rows.map(({ value }) => ({
        ext: value.externalId,
        license_plate: value.licensePlate,
        model: value.model,
        type: value.type,
        color: value.color,
        capacity: value.capacity,
      })),
      (batch) => upsertVehicles(tx, batch),
      progress,
    ),
};

const stops: KindRules<'stops'> = {
  async clashes(_db, rows, problem) {
    onceInFile(rows, problem, 'externalId', 'This stop id', (row) => row.externalId);
  },
  records: (rows) => rows.length,
  write: (tx, rows, progress) =>
    inBatches(
      rows.map(({ value }) => ({ ext: value.externalId, ...value })),
      (batch) => upsertStops(tx, batch),
      progress,
    ),
};

export const RULES: { [K in ImportKind]: KindRules<K> } = { families, drivers, vehicles, stops };
