import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The current definition of every SQL function and trigger the migrations leave in the database: db/functions/, one
 * file per rollup or trigger family (docs/ARCHITECTURE.md, "Data"). The migrations stay the history and what runs;
 * test/db-functions.test.ts holds the two equal, and `npm run db:function` writes a migration from the home.
 *
 * Each statement of a home file is `CREATE OR REPLACE FUNCTION "name"` or `CREATE OR REPLACE TRIGGER "name"`,
 * separated as in the migrations by `--> statement-breakpoint`, after comments that say what it is for and a
 * `-- Last changed: <migration>.sql` line. Being replaceable, any of them can be copied into a new migration as is.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
export const functionsDir = fileURLToPath(new URL('./functions', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

export interface HomeDefinition {
  kind: 'function' | 'trigger';
  name: string;
  /** The file of db/functions/ that holds it. */
  file: string;
  /** The migration that last created or changed it, e.g. `0024_week-rollups.sql`. */
  lastChangedBy: string;
  /** The statement alone, without the comments before it. */
  statement: string;
}

const BREAKPOINT = '--> statement-breakpoint';
const DEFINITION = /^CREATE OR REPLACE (FUNCTION|TRIGGER) "([a-z0-9_]+)"/;
const LAST_CHANGED = /^-- Last changed: (\d{4}_[a-z0-9-]+\.sql)$/m;

/** One statement of a home file and the comments before it. */
function splitChunk(chunk: string): { comments: string; statement: string } {
  const lines = chunk.split('\n');
  const start = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('--'));
  if (start < 0) return { comments: chunk, statement: '' };
  return { comments: lines.slice(0, start).join('\n'), statement: lines.slice(start).join('\n').trim() };
}

/** Every definition of the home, file by file in name order, each file's in its order. */
export function readFunctionHome(dir = functionsDir): HomeDefinition[] {
  const definitions: HomeDefinition[] = [];
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of files) {
    for (const chunk of fs.readFileSync(path.join(dir, file), 'utf8').split(BREAKPOINT)) {
      const { comments, statement } = splitChunk(chunk);
      const definition = DEFINITION.exec(statement);
      if (!definition)
        throw new Error(
          `${file}: every statement is CREATE OR REPLACE FUNCTION "name" or CREATE OR REPLACE TRIGGER "name", ` +
            `not: ${statement.slice(0, 80) || '(nothing)'}`,
        );
      const kind = definition[1] === 'FUNCTION' ? 'function' : 'trigger';
      const name = definition[2]!;
      const lastChanged = LAST_CHANGED.exec(comments);
      if (!lastChanged)
        throw new Error(`${file}: ${kind} ${name} has no "-- Last changed: <migration>.sql" line`);
      const twin = definitions.find((other) => other.kind === kind && other.name === name);
      if (twin) throw new Error(`${file}: ${kind} ${name} is also in ${twin.file}`);
      definitions.push({ kind, name, file, lastChangedBy: lastChanged[1]!, statement });
    }
  }
  return definitions;
}

/**
 * The definitions `names` pick, in the home's order (a function before the triggers that run it). A name picks
 * both a function and a trigger called so (several triggers are named after their function).
 */
function pickDefinitions(names: readonly string[], home: readonly HomeDefinition[]): HomeDefinition[] {
  const unknown = names.filter((name) => !home.some((definition) => definition.name === name));
  if (unknown.length > 0)
    throw new Error(`No function or trigger in db/functions/ is named ${unknown.join(', ')}`);
  return home.filter((definition) => names.includes(definition.name));
}

/** A migration's text that brings `picked` to their definitions in the home. */
function migrationText(picked: readonly HomeDefinition[]): string {
  const sources = [...new Set(picked.map((definition) => definition.file))].join(', ');
  const header = `-- The definitions of db/functions/ (${sources}) as they are now, written by npm run db:function.\n`;
  return header + picked.map((definition) => definition.statement).join(`\n${BREAKPOINT}\n`) + '\n';
}

/** Points the "Last changed" line of each of `picked` at `migrationFile`. */
function markLastChanged(picked: readonly HomeDefinition[], migrationFile: string, dir: string): void {
  for (const file of new Set(picked.map((definition) => definition.file))) {
    const full = path.join(dir, file);
    const chunks = fs.readFileSync(full, 'utf8').split(BREAKPOINT);
    const updated = chunks.map((chunk) => {
      const { statement } = splitChunk(chunk);
      const isPicked = picked.some(
        (definition) => definition.file === file && definition.statement === statement,
      );
      return isPicked ? chunk.replace(LAST_CHANGED, `-- Last changed: ${migrationFile}`) : chunk;
    });
    fs.writeFileSync(full, updated.join(BREAKPOINT));
  }
}

interface Journal {
  entries: Array<{ tag: string }>;
}
const readJournal = (dir: string): Journal =>
  JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as Journal;

/**
 * A new custom migration (drizzle-kit's, so that its journal and snapshot chain stay drizzle-kit's own) holding the
 * home's current text of `names`; their "Last changed" lines then name it. Answers the migration's file name.
 */
export function writeFunctionMigration(options: {
  names: readonly string[];
  migrationName: string;
  migrations?: string;
  functions?: string;
}): string {
  const { names, migrationName, migrations = migrationsDir, functions = functionsDir } = options;
  const picked = pickDefinitions(names, readFunctionHome(functions));
  const before = readJournal(migrations).entries.length;
  // The package exports no bin.cjs; it sits beside the entry.
  const drizzleKitEntry = createRequire(import.meta.url).resolve('drizzle-kit');
  const drizzleKit = path.join(path.dirname(drizzleKitEntry), 'bin.cjs');
  // drizzle-kit reads --out relative to its working directory, even an absolute path.
  const out = path.relative(serverDir, migrations);
  const args = ['generate', '--custom', '--name', migrationName, '--out', out, '--dialect', 'postgresql'];
  const schema = ['--schema', './src/db/schema/index.ts'];
  const run = spawnSync(process.execPath, [drizzleKit, ...args, ...schema], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  const entries = readJournal(migrations).entries;
  if (run.status !== 0 || entries.length !== before + 1)
    throw new Error(`drizzle-kit made no migration:\n${run.stdout}${run.stderr}`);
  const migrationFile = `${entries.at(-1)!.tag}.sql`;
  fs.writeFileSync(path.join(migrations, migrationFile), migrationText(picked));
  markLastChanged(picked, migrationFile, functions);
  return migrationFile;
}
