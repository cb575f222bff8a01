import type { Executor } from './client.js';

/**
 * A statement built once per database and prepared under `name` on the server, so PostgreSQL parses and plans it
 * once per connection instead of per request (PGlite runs the cached text). For statements every request runs:
 * the session lookup, each list's unfiltered page (docs/benchmarks.md). Names must be unique per database.
 */
const preparedByDatabase = new WeakMap<Executor, Map<string, unknown>>();

export function preparedOnce<Prepared>(
  db: Executor,
  name: string,
  prepare: (name: string) => Prepared,
): Prepared {
  let byName = preparedByDatabase.get(db);
  if (!byName) preparedByDatabase.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, prepare(name));
  return byName.get(name) as Prepared;
}
