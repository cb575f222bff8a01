import { parseArgs } from 'node:util';
import { writeFunctionMigration } from './function-home.js';

/**
 * `npm run db:function -- <function or trigger>... [--name <migration name>]`: after editing their definitions in
 * db/functions/, a new migration holding them as they now are (docs/ARCHITECTURE.md, "Data").
 */
const { values, positionals: names } = parseArgs({
  options: { name: { type: 'string' } },
  allowPositionals: true,
});
if (names.length === 0) {
  console.error('usage: npm run db:function -- <function or trigger>... [--name <migration name>]');
  process.exit(2);
}
try {
  const file = writeFunctionMigration({
    names,
    migrationName: values.name ?? names[0]!.replaceAll('_', '-'),
  });
  console.log(
    `Wrote apps/server/src/db/migrations/${file} and pointed their "Last changed" lines in db/functions/ at it. ` +
      'Say at its top why they changed.',
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
