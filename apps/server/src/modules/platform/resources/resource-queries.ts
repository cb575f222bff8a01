import { and, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AssignableListQuery, DeactivatableListQuery, ListSort, Role } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import {
  listOrder,
  listPage,
  newestFirst,
  pageIds,
  type ListTotal,
  type SortColumns,
} from '../../../db/list-queries.js';
import { users } from '../../../db/schema/index.js';
import { accessChanged } from '../../../lib/access-changes.js';
import { containsPattern } from '../../../lib/pagination.js';
import { setAccountNamesAndEmails } from '../users/index.js';

/**
 * The queries layer of the resource kit: the SQL every resource table needs, written once for any table of that
 * shape. Two shapes exist: a plain table (vehicles, bus routes, students, assignments), and a table whose rows are
 * people with an account (drivers, parents), where name and e-mail live on the `users` row the resource points at
 * and deleting that user deletes the resource (on delete cascade). Nothing here names a column of one resource,
 * so a new column is read, written and answered without touching this file or the resource's own code.
 */

/** What every resource table has. */
export type ResourceTable = PgTable & { id: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };
/** A resource whose rows are people with an account. */
export type AccountTable = ResourceTable & { userId: PgColumn };

/** A list page's rows and where they sit in the whole. */
export interface ListedRows<Row> {
  rows: Row[];
  total: ListTotal;
}

/** The account's fields as answers show them: `user: { id, name, email }`. */
const userColumns = { id: users.id, name: users.name, email: users.email };
export interface AccountUser {
  id: string;
  name: string;
  email: string;
}

/**
 * "Not in any assignment" for a list's `?unassigned=true`: `column` is the referencing table's column
 * (route_assignments.driver_id, assignment_students.student_id …) and `id` the listed table's own id.
 */
export function notAssigned(column: PgColumn, id: PgColumn): SQL {
  return sql`not exists (select 1 from ${column.table} where ${column} = ${id})`;
}

export interface ReadOptions {
  /** Columns of the listed table that a search looks into (ILIKE %text%). */
  searchColumns: PgColumn[];
  /** The column that points at this table from an assignment: `?unassigned=true` lists rows it does not name. */
  assignedBy?: PgColumn;
  /** The columns the list sorts by, keyed as in LIST_SORTS (`?sort=`); without, it stays newest first. */
  sorts?: Record<string, SortColumns>;
  /** The table's rule of an active row (db/active-records.ts): listed unless `?withDeactivated=true` (decision 076). */
  active?: SQL;
}

/** What a resource's list is asked: page, search, the free ones only, and a sort. */
type ResourceListQuery = AssignableListQuery & DeactivatableListQuery & ListSort;

/**
 * Sorting an account table by its user's name or e-mail: read along `users (role, column, id)` (migration 0022),
 * joined to the account's row through its unique user id; the user's id breaks ties, one per row.
 */
export function accountSort(table: AccountTable, role: Role, column: PgColumn): SortColumns {
  return {
    columns: [column, users.id],
    joins: [{ table: users, on: eq(users.id, table.userId) }],
    where: eq(users.role, role),
  };
}

function listCondition(table: ResourceTable, options: ReadOptions, query: ResourceListQuery, extra?: SQL) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    pattern ? or(...options.searchColumns.map((column) => ilike(column, pattern)), extra) : undefined,
    query.unassigned && options.assignedBy ? notAssigned(options.assignedBy, table.id) : undefined,
    query.withDeactivated ? undefined : options.active,
  );
}

/** Paged search and get-one of a plain table: its rows as they are. */
export function tableReads<T extends ResourceTable>(typed: T, options: ReadOptions) {
  type Row = T['$inferSelect'];
  const table: ResourceTable = typed;
  return {
    async list(db: Executor, query: ResourceListQuery): Promise<ListedRows<Row>> {
      const where = listCondition(table, options, query);
      const order = listOrder(options.sorts ?? {}, query, newestFirst(table));
      const { rows, total } = await listPage(db, table, where, query, order, (columns, window) =>
        db
          .select({ ...getTableColumns(table), ...columns })
          .from(table)
          .where(window.where)
          .orderBy(...window.order.terms)
          .limit(window.limit)
          .offset(window.offset),
      );
      return { rows: rows as Row[], total };
    },

    async find(db: Executor, id: string): Promise<Row | undefined> {
      const [row] = await db.select().from(table).where(eq(table.id, id));
      return row as Row | undefined;
    },
  };
}

/**
 * Paged search and get-one of an account table: its rows with their `user`, plus `extraColumns` (a count). The
 * search matches the table's own columns, and name and e-mail through the ids of matching users, so the page is
 * chosen on the listed table alone before any join (db/list-queries.ts).
 */
export function accountReads<T extends AccountTable, Extra extends Record<string, SQL> = Record<never, SQL>>(
  typed: T,
  options: ReadOptions & { extraColumns?: Extra },
) {
  type Row = T['$inferSelect'] & { user: AccountUser } & { [K in keyof Extra]: Extra[K]['_']['type'] };
  const table: AccountTable = typed;
  const select = <More extends Record<string, SQL>>(db: Executor, more?: More) =>
    db
      .select({ ...getTableColumns(table), user: userColumns, ...options.extraColumns, ...(more as More) })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId));
  const usersMatching = (db: Executor, query: AssignableListQuery) =>
    inArray(
      table.userId,
      db
        .select({ id: users.id })
        .from(users)
        .where(
          or(
            ilike(users.name, containsPattern(query.search)),
            ilike(users.email, containsPattern(query.search)),
          ),
        ),
    );
  return {
    async list(db: Executor, query: ResourceListQuery): Promise<ListedRows<Row>> {
      const where = listCondition(table, options, query, query.search ? usersMatching(db, query) : undefined);
      const order = listOrder(options.sorts ?? {}, query, newestFirst(table));
      const { rows, total } = await listPage(db, table, where, query, order, (columns, window) =>
        select(db, columns)
          .where(inArray(table.id, pageIds(db, table, window)))
          .orderBy(...window.order.terms),
      );
      return { rows: rows as unknown as Row[], total };
    },

    async find(db: Executor, id: string): Promise<Row | undefined> {
      const [row] = await select(db).where(eq(table.id, id));
      return row as unknown as Row | undefined;
    },
  };
}

/** Insert, lock, update and delete of a plain table: the input's fields are its columns. */
export function tableWrites<T extends ResourceTable>(typed: T) {
  type Row = T['$inferSelect'];
  const table: ResourceTable = typed;
  return {
    /** Locks a row for the rest of the transaction, so two changes to it queue up; undefined if there is none. */
    async lock(tx: Executor, id: string): Promise<Row | undefined> {
      const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
      return row as Row | undefined;
    },

    async insert(tx: Executor, values: object): Promise<string> {
      const [row] = await tx.insert(table).values(values).returning({ id: table.id });
      return row!.id as string;
    },

    async update(tx: Executor, id: string, values: object): Promise<void> {
      await tx
        .update(table)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(table.id, id));
    },

    async remove(tx: Executor, id: string): Promise<void> {
      await tx.delete(table).where(eq(table.id, id));
    },
  };
}

/** What an account table's create and update take: the account's name and e-mail, and the table's own fields. */
export interface AccountInput {
  name: string;
  email: string;
}

/**
 * Insert, lock, update and delete of an account table: name and e-mail go to the `users` row (with `role`, and no
 * password until the person sets one), every other field of the input to the table's row.
 */
export function accountWrites<T extends AccountTable>(typed: T, role: Role) {
  type Row = T['$inferSelect'] & { userId: string; name: string; email: string };
  const table: AccountTable = typed;
  return {
    /** Locks the resource's row (not its user's); the row comes with the account's name and e-mail. */
    async lock(tx: Executor, id: string): Promise<Row | undefined> {
      const [row] = await tx
        .select({ ...getTableColumns(table), name: users.name, email: users.email })
        .from(table)
        .innerJoin(users, eq(users.id, table.userId))
        .where(eq(table.id, id))
        .for('update', { of: table });
      return row as unknown as Row | undefined;
    },

    async insert(tx: Executor, { name, email, ...fields }: AccountInput): Promise<string> {
      const [user] = await tx
        .insert(users)
        .values({ name, email, role, passwordHash: null })
        .returning({ id: users.id });
      const [row] = await tx
        .insert(table)
        .values({ userId: user!.id, ...fields })
        .returning({ id: table.id });
      return row!.id as string;
    },

    async update(tx: Executor, before: Row, { name, email, ...fields }: AccountInput): Promise<void> {
      // A new address ends the account's sessions and live streams (setAccountNamesAndEmails).
      await setAccountNamesAndEmails(tx, [{ id: before.userId, name, email }], new Date());
      await tx
        .update(table)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(table.id, before.id as string));
    },

    /** The resource's row goes with its user (on delete cascade). */
    async remove(tx: Executor, row: Row): Promise<void> {
      accessChanged();
      await tx.delete(users).where(eq(users.id, row.userId));
    },
  };
}

/** Points a row at its new profile image (the caller holds the row's lock). */
export async function setProfileImage(
  tx: Executor,
  table: ResourceTable & { profileImage: PgColumn },
  id: string,
  fileName: string | null,
): Promise<void> {
  await tx.update(table).set({ profileImage: fileName, updatedAt: new Date() }).where(eq(table.id, id));
}

/** A rule checked, with the row locked, before it is deleted (a row still in use). */
type RemoveCheck = (tx: Executor, row: { id: string }) => Promise<void>;

/**
 * Everything the kit needs to read and write a plain table: list and find, lock, insert and update with the
 * input's fields as columns, delete after `beforeRemove`. A resource overrides what its rules change.
 */
export function tableResource<T extends ResourceTable>(
  table: T,
  options: ReadOptions & { beforeRemove?: RemoveCheck },
) {
  const reads = tableReads(table, options);
  const writes = tableWrites(table);
  type Row = T['$inferSelect'] & { id: string };
  return {
    table,
    list: reads.list,
    find: reads.find,
    lock: writes.lock as (tx: Executor, id: string) => Promise<Row | undefined>,
    insert: (tx: Executor, input: T['$inferInsert']) => writes.insert(tx, input),
    update: (tx: Executor, before: Row, input: T['$inferInsert']) => writes.update(tx, before.id, input),
    async remove(tx: Executor, row: Row): Promise<Row> {
      await options.beforeRemove?.(tx, row);
      await writes.remove(tx, row.id);
      return row;
    },
  };
}

/** The same for an account table: the account's name and e-mail, and the table's own fields. */
export function accountResource<
  T extends AccountTable,
  Extra extends Record<string, SQL> = Record<never, SQL>,
>(table: T, role: Role, options: ReadOptions & { extraColumns?: Extra; beforeRemove?: RemoveCheck }) {
  const reads = accountReads(table, options);
  const writes = accountWrites(table, role);
  type Row = NonNullable<Awaited<ReturnType<typeof writes.lock>>> & { id: string };
  type Input = AccountInput & Omit<T['$inferInsert'], 'userId'>;
  return {
    table,
    list: reads.list,
    find: reads.find,
    lock: writes.lock as (tx: Executor, id: string) => Promise<Row | undefined>,
    insert: (tx: Executor, input: Input) => writes.insert(tx, input),
    update: (tx: Executor, before: Row, input: Input) => writes.update(tx, before, input),
    async remove(tx: Executor, row: Row): Promise<Row> {
      await options.beforeRemove?.(tx, row);
      await writes.remove(tx, row);
      return row;
    },
  };
}
