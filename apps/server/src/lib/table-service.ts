import { and, desc, eq, getTableColumns, getTableName, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AssignableListQuery, FieldError } from '@school-transport/shared';
import type { Database, Executor } from '../db/client.js';
import { listPage } from '../db/list-queries.js';
import { changedFields, recordAudit } from '../modules/audit/audit-log.js';
import { assertNotAssigned, notAssigned } from '../modules/route-assignments/assignment-queries.js';
import type { ChangeContext } from './change-context.js';
import { writerFor } from './db-errors.js';
import { notFound } from './errors.js';
import { containsPattern } from './pagination.js';
import type { ResourceService } from './resource-routes.js';

/** A plain table with the columns every resource table has. */
type ResourceTable = PgTable & { id: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

export interface TableServiceDefinition<Row, T, Input> {
  db: Database;
  table: ResourceTable;
  /** Lower-case singular, for audit actions ('vehicle.created') and messages. */
  entity: string;
  searchColumns: PgColumn[];
  /** Constraint name → what the 409 says. */
  conflicts: Record<string, FieldError>;
  /** The route_assignments column that points at this table: a row in use there cannot be deleted. */
  assignmentColumn: PgColumn;
  toAnswer(row: Row): T;
  /** What identifies a row to a person, recorded in the audit log on create and delete. */
  describe(row: Row): Record<string, unknown>;
  /** Runs after a row is deleted and committed (removing its files). */
  afterRemove?(row: Row): Promise<void>;
  /** Runs inside the update's transaction with the locked row, to refuse a change other rows depend on. */
  beforeUpdate?(tx: Executor, before: Row, input: Input): Promise<void>;
}

export type TableService<Row, T, Input> = ResourceService<T, Input, Input, AssignableListQuery> & {
  /** Locks a row for the rest of the transaction; undefined if there is none. */
  lock(tx: Executor, id: string): Promise<Row | undefined>;
};

/**
 * Everything a resource stored in one table needs: paged search, get, create, update and delete, each write in a
 * transaction with its audit entry, duplicates and rows still in use answered with a 409.
 */
export function createTableService<Row, T, Input extends object>(
  definition: TableServiceDefinition<Row, T, Input>,
): TableService<Row, T, Input> {
  const { db, table, entity, conflicts, toAnswer, describe } = definition;
  const notFoundError = () => notFound(`${entity[0]!.toUpperCase()}${entity.slice(1)} not found.`);
  const search = (text: string): SQL | undefined =>
    text ? or(...definition.searchColumns.map((column) => ilike(column, containsPattern(text)))) : undefined;

  const lock = async (tx: Executor, id: string) => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    return row as Row | undefined;
  };

  const get = async (id: string) => {
    const [row] = await db.select().from(table).where(eq(table.id, id));
    if (!row) throw notFoundError();
    return toAnswer(row as Row);
  };

  const write = writerFor(db, conflicts);

  return {
    lock,
    get,

    async list(query) {
      const where = and(
        search(query.search),
        query.unassigned ? notAssigned(definition.assignmentColumn, table.id) : undefined,
      );
      const { rows, total } = await listPage(db, table, where, query, getTableName(table), (total, paging) =>
        db
          .select({ ...getTableColumns(table), total })
          .from(table)
          .where(where)
          .orderBy(desc(table.createdAt), desc(table.id))
          .limit(paging.limit)
          .offset(paging.offset),
      );
      return { rows: (rows as unknown as Row[]).map(toAnswer), total };
    },

    async create(input: Input, context: ChangeContext) {
      const id = await write(async (tx) => {
        const [row] = await tx.insert(table).values(input).returning();
        const created = row as Row & { id: string };
        await recordAudit(tx, {
          ...context,
          action: `${entity}.created`,
          entityType: entity,
          entityId: created.id,
          details: describe(created),
        });
        return created.id;
      });
      return get(id);
    },

    async update(id: string, input: Input, context: ChangeContext) {
      await write(async (tx) => {
        const before = await lock(tx, id);
        if (!before) throw notFoundError();
        await definition.beforeUpdate?.(tx, before, input);
        await tx
          .update(table)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(table.id, id));
        await recordAudit(tx, {
          ...context,
          action: `${entity}.updated`,
          entityType: entity,
          entityId: id,
          details: changedFields(before as object, input),
        });
      });
      return get(id);
    },

    async remove(id: string, context: ChangeContext) {
      const removed = await write(async (tx) => {
        const row = await lock(tx, id);
        if (!row) throw notFoundError();
        await assertNotAssigned(tx, definition.assignmentColumn, id, entity);
        await tx.delete(table).where(eq(table.id, id));
        await recordAudit(tx, {
          ...context,
          action: `${entity}.deleted`,
          entityType: entity,
          entityId: id,
          details: describe(row),
        });
        return row;
      });
      await definition.afterRemove?.(removed);
    },
  };
}
