#!/usr/bin/env node
/**
 * Bundle budgets, read from the build (run after `npm run build`; CI does both; an optional argument names another
 * build directory). Prints every chunk counted and fails over a budget.
 *
 * - The back-office's first screen: the entry and everything it imports, plus the Log In screen (loaded lazily,
 *   but at once for a visitor) and everything that imports, at or under 200 kB gzip (Vite's manifest).
 * - Each phone app (/driver, /parent: apps/web/vite.phone.config.ts): the JavaScript its page loads before the
 *   app can draw its first screen (the boot script, the entry and what they import statically) at or under
 *   120 kB gzip (issue 33's target; reached with Preact as their UI layer, decision 053); and nothing of the
 *   back-office among everything it can ever load (its screens too): no module
 *   of apps/web/src/app, components or features, nor lib/api/resource-api.ts, nor MUI, emotion or notistack
 *   (the module map apps/web/phone-build.ts writes).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const FIRST_SCREEN = ['index.html', 'src/features/auth/LoginPage.tsx'];

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** A chunk and, recursively, the chunks it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const keys = new Set(FIRST_SCREEN.flatMap((key) => [...closure(key)]));
let total = 0;
for (const key of keys) {
  const file = manifest[key].file;
  const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
const within = total <= BUDGET_BYTES;
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} kB  first screen (Log In), gzip: ${within ? 'within' : 'OVER'} the ${BUDGET_BYTES / 1024} kB budget`,
);

const failures = within ? [] : ["the back-office's first screen is over its budget"];
for (const problem of checkPhoneApps()) failures.push(problem);
for (const problem of checkListsBuildNoSchemas()) failures.push(problem);
if (failures.length > 0)
  console.log(`\nBundle check FAILED:\n${failures.map((line) => `  - ${line}`).join('\n')}`);
process.exit(failures.length > 0 ? 1 : 0);

/**
 * The Students and Parents lists (the 100-row list Lighthouse measures, and its twin) load no `contract` chunk
 * (apps/web/chunk-groups.ts, decision 080): they show records and build none of the forms' schemas, which cost a
 * phone about 120 ms of blocked main thread when every office screen built them. (The Drivers and Vehicles lists
 * open their Add form in a dialog, whose schema they load with them.) A module of theirs that imports a schema
 * module of the contract, or a constant kept beside schemas, brings the file back: keep such constants in a module
 * of their own (export-lists.ts, family-inbox-paths.ts).
 */
function checkListsBuildNoSchemas() {
  const LISTS = ['StudentListPage', 'ParentListPage'];
  const problems = [];
  for (const list of LISTS) {
    const key = Object.keys(manifest).find((name) => name.endsWith(`/${list}.tsx`));
    if (!key) {
      problems.push(`no ${list} in the build's manifest (renamed? update scripts/check-bundle.mjs)`);
      continue;
    }
    const contract = [...closure(key)]
      .map((name) => manifest[name].file)
      .filter((file) => /\/contract-/.test(file));
    console.log(`${list}: ${contract.length === 0 ? 'no contract chunk' : `loads ${contract.join(', ')}`}`);
    if (contract.length > 0) problems.push(`${list} loads the contract's schemas (${contract.join(', ')})`);
  }
  return problems;
}

/** The phone apps' budgets and their separation from the back-office; answers the problems found. */
function checkPhoneApps() {
  // Issue 33's target. Reached on React with zod loaded only with a form (110.1 kB driver, 113.0 kB parent; 149.2
  // and 157.1 before): decision 053.
  const PHONE_BUDGET_BYTES = 120 * 1024;
  // What of the back-office a phone app must never load: its code (src/app, components, features, the office's
  // list API) and its UI kit.
  const OFFICE_MODULES = [
    /^src\/(app|components|features)\//,
    /^src\/lib\/api\/resource-api\.ts$/,
    /(^|\/)node_modules\/(@mui|@emotion)\//,
    /(^|\/)node_modules\/notistack\//,
  ];
  const mapFile = path.join(dist, '.vite/phone-chunks.json');
  if (!fs.existsSync(mapFile))
    return [`${mapFile} is missing: the phone apps were not built (vite.phone.config.ts)`];
  const { apps, chunks } = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const entryOf = (module) => Object.keys(chunks).find((file) => chunks[file].entry === module);
  /** Files reachable from `starts`: by static imports, or also by dynamic ones. */
  const reach = (starts, dynamic) => {
    const seen = new Set();
    const stack = [...starts];
    while (stack.length > 0) {
      const file = stack.pop();
      if (seen.has(file) || !chunks[file]) continue;
      seen.add(file);
      stack.push(...chunks[file].imports, ...(dynamic ? chunks[file].dynamicImports : []));
    }
    return [...seen];
  };
  const problems = [];
  for (const app of apps) {
    const starts = [entryOf(`${app}/index.html`), entryOf(`src/phone/boot/${app}-boot.ts`)];
    if (starts.includes(undefined)) {
      problems.push(`the ${app} app's page or boot script is not in ${mapFile}`);
      continue;
    }
    console.log(
      `\n${app} app: JavaScript before its first screen (boot script, entry and their static imports)`,
    );
    let appTotal = 0;
    for (const file of reach(starts, false)) {
      const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
      appTotal += size;
      console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
    }
    const appWithin = appTotal <= PHONE_BUDGET_BYTES;
    console.log(
      `${(appTotal / 1024).toFixed(1).padStart(7)} kB  ${app} app before its first screen, gzip: ${appWithin ? 'within' : 'OVER'} the ${PHONE_BUDGET_BYTES / 1024} kB budget`,
    );
    if (!appWithin)
      problems.push(
        `the ${app} app loads ${(appTotal / 1024).toFixed(1)} kB gzip before its first screen (budget ${PHONE_BUDGET_BYTES / 1024} kB)`,
      );
    const office = [];
    for (const file of reach(starts, true))
      for (const module of chunks[file].modules)
        if (OFFICE_MODULES.some((pattern) => pattern.test(module))) office.push({ file, module });
    if (office.length === 0) {
      console.log(`           ${app} app: nothing of the back-office in its chunks`);
      continue;
    }
    const byFolder = new Map();
    for (const { module } of office) {
      const folder = module.replace(/^(src\/[^/]+\/[^/]+|.*node_modules\/(@[^/]+\/)?[^/]+).*$/, '$1');
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
    }
    console.log(`           ${app} app loads ${office.length} modules of the back-office:`);
    for (const [folder, count] of [...byFolder].sort((a, b) => b[1] - a[1]))
      console.log(`             ${String(count).padStart(4)}  ${folder}`);
    const shown = [...new Set(office.map(({ module }) => module))].filter((module) =>
      module.startsWith('src/'),
    );
    problems.push(
      `the ${app} app loads ${office.length} modules of the back-office (its code and UI kit): ${shown.slice(0, 8).join(', ')}` +
        `${shown.length > 8 ? `, and ${shown.length - 8} more of src/` : ''} (see the list above)`,
    );
  }
  return problems;
}
