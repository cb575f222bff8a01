import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.js';

export interface SqlDefinitions {
  /** By signature (`on_time_rollup_add(on_time_arrival[])`): pg_get_functiondef's text. */
  functions: Record<string, string>;
  /** By table and name (`users.users_count_inserted`): pg_get_triggerdef's text and whether it fires. */
  triggers: Record<string, { definition: string; enabled: string }>;
}

/** Functions of the database's own schemas, not an extension's (pg_trgm's sit in public too). */
const OWN_FUNCTIONS = sql`
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname not in ('pg_catalog', 'information_schema')
    and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

/** The database's functions and triggers as PostgreSQL writes them back: text to compare, whatever the source. */
export async function readSqlDefinitions(db: Database): Promise<SqlDefinitions> {
  const functions = await queryRows<{ signature: string; definition: string }>(
    db,
    sql`select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition ${OWN_FUNCTIONS}`,
  );
  const triggers = await queryRows<{ key: string; definition: string; enabled: string }>(
    db,
    sql`select tgrelid::regclass::text || '.' || tgname as key, pg_get_triggerdef(oid) as definition,
          tgenabled::text as enabled
        from pg_trigger where not tgisinternal`,
  );
  return {
    functions: Object.fromEntries(functions.map((row) => [row.signature, row.definition])),
    triggers: Object.fromEntries(
      triggers.map(({ key, definition, enabled }) => [key, { definition, enabled }]),
    ),
  };
}

/** Drops every trigger and every function of the database's own (the test's copy: it leaves nothing else broken). */
export async function dropSqlDefinitions(db: Database): Promise<void> {
  const triggers = await queryRows<{ name: string; on_table: string }>(
    db,
    sql`select tgname as name, tgrelid::regclass::text as on_table from pg_trigger where not tgisinternal`,
  );
  for (const { name, on_table: table } of triggers)
    await db.execute(sql`drop trigger ${sql.identifier(name)} on ${sql.raw(table)}`);
  const functions = await queryRows<{ signature: string }>(
    db,
    sql`select p.oid::regprocedure::text as signature ${OWN_FUNCTIONS}`,
  );
  for (const { signature } of functions) await db.execute(sql.raw(`drop function ${signature}`));
}
