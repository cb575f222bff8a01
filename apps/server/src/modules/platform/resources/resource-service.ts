import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FieldError, ListQuery } from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { writerFor } from '../../../lib/db-errors.js';
import { notFound } from '../../../lib/errors.js';
import { changedFields, recordAudit } from '../audit/index.js';
import type { ListedRows } from './resource-queries.js';
import type { ResourceService } from './resource-routes.js';

type AuditDetails = Record<string, unknown>;

/**
 * One resource as the kit runs it. The resource says how its rows are read and written (its queries, often the
 * generic ones of resource-queries.ts) and what its rules are (inside `insert`, `update`, `remove`); the kit runs
 * every write the one way: a transaction, the row locked, 404 if it is not there, the work, the audit entry, and
 * constraint violations turned into the 409s of `conflicts`.
 */
export interface ResourceDefinition<
  Row,
  Found,
  ListRow,
  Answer,
  ListAnswer,
  CreateInput,
  Input,
  Query,
  Removed,
> {
  db: Database;
  /** Lower-case singular, the audit actions' prefix: 'vehicle' → 'vehicle.created'. Also the entity type. */
  entity: string;
  /** The audit entries' entity type, when it is not `entity`. */
  auditEntity?: string;
  /** What a 404 says: 'Vehicle not found.' */
  notFoundMessage: string;
  /** Constraint name → what the 409 says. */
  conflicts: Record<string, FieldError>;
  /** The resource's table: an update's audit entry names each changed field after its column (see below). */
  table: PgTable;
  list(db: Executor, query: Query): Promise<ListedRows<ListRow>>;
  find(db: Executor, id: string): Promise<Found | undefined>;
  /** Locks the row for the rest of the transaction; undefined if there is none. */
  lock(tx: Executor, id: string): Promise<Row | undefined>;
  /** Checks the rules and inserts; answers the new id. */
  insert(tx: Executor, input: CreateInput): Promise<string>;
  /** Checks the rules against the locked row and writes the change. */
  update(tx: Executor, before: NoInfer<Row>, input: Input): Promise<void>;
  /** Checks the rules and deletes; answers what `describe` and `afterRemove` need. */
  remove(tx: Executor, row: NoInfer<Row>): Promise<Removed>;
  toAnswer(found: NoInfer<Found>): Answer | Promise<Answer>;
  toListAnswer(row: NoInfer<ListRow>): ListAnswer;
  /** What identifies a new or deleted record to a person, in its audit entry. */
  describe?(record: NoInfer<CreateInput> | NoInfer<Removed>): AuditDetails;
  /** When a new record is described otherwise than a deleted one. */
  describeCreated?(input: NoInfer<CreateInput>): AuditDetails;
  describeRemoved?(removed: NoInfer<Removed>): AuditDetails;
  /** Runs in the create's transaction after its audit entry (a parent's children). */
  afterCreate?(tx: Executor, id: string, input: NoInfer<CreateInput>, context: ChangeContext): Promise<void>;
  /** Runs after a delete has committed (moving its files away). */
  afterRemove?(removed: NoInfer<Removed>): Promise<void>;
}

export type KitService<
  Row,
  Answer,
  ListAnswer,
  CreateInput,
  Input,
  Query extends ListQuery,
> = ResourceService<Answer, Input, CreateInput, Query, ListAnswer> & {
  /**
   * Any other change to one record, run the same way: locked, 404, `work` (which answers the audit details, if
   * any), audit entry `{entity}.{action}`. Answers the row as it was before.
   */
  change(
    id: string,
    context: ChangeContext,
    action: string,
    work: (tx: Executor, before: Row) => Promise<AuditDetails | undefined>,
  ): Promise<Row>;
  /** The create's work inside a caller's transaction (a parent's children, written with the parent). */
  createIn(tx: Executor, input: CreateInput, context: ChangeContext): Promise<string>;
};

/** `pickup_lat` → `pickupLat`. */
const camelCase = (name: string) =>
  name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * An update's changed fields, each named after its column (the TypeScript name of a column may change, its SQL
 * name only with a migration): audit entries written before and after such a rename read the same. Fields that
 * are not columns of `table` (an account's name) keep their name.
 */
function changedColumns(table: PgTable, before: object, input: object): AuditDetails {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(changedFields(before, input)).map(([field, change]) => [
      columns[field] ? camelCase(columns[field].name) : field,
      change,
    ]),
  );
}

export function createResourceService<
  Row,
  Found,
  ListRow,
  Answer,
  ListAnswer,
  CreateInput extends object,
  Input extends object,
  Query extends ListQuery,
  Removed,
>(
  definition: ResourceDefinition<Row, Found, ListRow, Answer, ListAnswer, CreateInput, Input, Query, Removed>,
): KitService<Row, Answer, ListAnswer, CreateInput, Input, Query> {
  const { db, entity, table } = definition;
  const describeCreated = definition.describeCreated ?? definition.describe;
  const describeRemoved = definition.describeRemoved ?? definition.describe;
  const entityType = definition.auditEntity ?? entity;
  const write = writerFor(db, definition.conflicts);
  const missing = () => notFound(definition.notFoundMessage);
  const audit = (tx: Executor, context: ChangeContext, action: string, id: string, details?: AuditDetails) =>
    recordAudit(tx, { ...context, action: `${entity}.${action}`, entityType, entityId: id, details });

  const get = async (id: string) => {
    const found = await definition.find(db, id);
    if (!found) throw missing();
    return definition.toAnswer(found);
  };

  const lockOrFail = async (tx: Executor, id: string) => {
    const row = await definition.lock(tx, id);
    if (!row) throw missing();
    return row;
  };

  const createIn = async (tx: Executor, input: CreateInput, context: ChangeContext) => {
    const id = await definition.insert(tx, input);
    await audit(tx, context, 'created', id, describeCreated?.(input));
    await definition.afterCreate?.(tx, id, input, context);
    return id;
  };

  const change: KitService<Row, Answer, ListAnswer, CreateInput, Input, Query>['change'] = (
    id,
    context,
    action,
    work,
  ) =>
    write(async (tx) => {
      const before = await lockOrFail(tx, id);
      await audit(tx, context, action, id, await work(tx, before));
      return before;
    });

  return {
    async list(query) {
      const { rows, total } = await definition.list(db, query);
      return { rows: rows.map(definition.toListAnswer), total };
    },

    get,
    change,
    createIn,

    async create(input, context) {
      return get(await write((tx) => createIn(tx, input, context)));
    },

    async update(id, input, context) {
      await change(id, context, 'updated', async (tx, before) => {
        await definition.update(tx, before, input);
        return changedColumns(table, before as object, input);
      });
      return get(id);
    },

    async remove(id, context) {
      const removed = await write(async (tx) => {
        const gone = await definition.remove(tx, await lockOrFail(tx, id));
        await audit(tx, context, 'deleted', id, describeRemoved?.(gone));
        return gone;
      });
      await definition.afterRemove?.(removed);
    },
  };
}
