import type pg from 'pg';

/**
 * The SQL a restore runs on PostgreSQL before pg_restore, over a plain client (the server's Drizzle database is
 * not open during a restore).
 */

const USER_SCHEMAS = `select nspname from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg\\_%'`;

/** Tables in the database's own schemas: zero for an empty database. */
export async function countUserTables(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ tables: string }>(
    `select count(*) as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in (${USER_SCHEMAS})`,
  );
  return Number(rows[0]!.tables);
}

/** Drops every schema of the database with what it holds, then makes an empty `public`. */
export async function dropUserSchemas(client: pg.Client): Promise<void> {
  const schemas = await client.query<{ nspname: string }>(USER_SCHEMAS);
  for (const { nspname } of schemas.rows)
    await client.query(`drop schema ${client.escapeIdentifier(nspname)} cascade`);
  await client.query('create schema public');
}
