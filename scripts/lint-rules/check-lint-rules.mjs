#!/usr/bin/env node
// Proves that the import rules of eslint.config.js bite: lints deliberately bad imports with the real config and
// fails unless each one is reported by the expected rule. A rule that resolves nothing, a zone with a wrong
// path or a rule dropped from the config passes `eslint .` silently; this check does not.
//
// Three kinds of checks:
// - fixtures/*.ts: each is linted as if it were the file its `// lint-as:` line names (so the real zones and
//   resolver apply, and its imports reach real files), and must draw the rule its `// expect:` line names (with
//   the words after `saying`, when given), or nothing at all for `// expect: nothing`. fixtures/cycle/ is a pair
//   importing each other, linted where it is.
// - generated from the layer and wing lists of eslint.config.js: an import from every layer into each layer above
//   it, from every server wing into each wing above it (and, allowed, into itself and each wing below it), from
//   every web feature into another, and past a front door in every wing, so a layer, wing or feature added later
//   is covered too; every file and folder of both apps' src/ must belong to a layer, a stray wing folder must
//   stop the config from loading, and every wing must hold only modules, each with its index.ts, and its wing.ts.
// - a cycle closed in the real tree (a file importing back a neighbour that imports it), so no-cycle is proven
//   on the apps' sources and not only on the fixtures; and two server modules closed in a circle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { serverLayers, serverModules, serverWings, webLayers, wingsInOrder } from '../../eslint.config.js';
import { moduleGraph, modulePath } from './no-module-cycle.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));
const RESTRICTED = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';
const FRONT_DOOR = 'layers/front-door';

// ignore: false, because the fixtures folder is ignored by the normal lint.
const eslint = new ESLint({ cwd: root, ignore: false });
const verbose = process.argv.includes('--verbose');
const failures = [];
let passed = 0;

function sourceFiles(folder) {
  return readdirSync(join(root, folder), { recursive: true })
    .map((name) => join(folder, name))
    .filter((path) => /\.tsx?$/.test(path) && !/\.(test|d)\.tsx?$/.test(path))
    .sort();
}

function isFolder(path) {
  return statSync(join(root, path)).isDirectory();
}

// How a file of `from` names `target` in an import: '.js' for the server's NodeNext resolution, no extension
// for the web's bundler resolution.
function specifier(from, target) {
  let path = relative(dirname(from), target).replace(/\.tsx?$/, target.startsWith('apps/web/') ? '' : '.js');
  if (!path.startsWith('.')) path = `./${path}`;
  return path;
}

// `said`, when given, is a part of the message the rule must give, so that a check is not met by another zone.
async function check(label, filePath, code, expected, said = '') {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  const errors = result.messages.filter((message) => message.severity === 2 || message.fatal);
  const rules = errors.map((message) => message.ruleId ?? 'parse error');
  let problem;
  if (rules.includes('import-x/no-unresolved') || rules.includes('parse error')) {
    problem = 'an import does not resolve or the file does not parse, so the check proves nothing';
  } else if (expected === 'nothing' && errors.length > 0) {
    problem = 'expected no error';
  } else if (
    expected !== 'nothing' &&
    !errors.some((message) => message.ruleId === expected && message.message.includes(said))
  ) {
    problem = `expected ${expected}${said && ` saying '${said}'`}`;
  }
  if (problem) {
    const got =
      errors.map((message) => `${message.ruleId}: ${message.message}`).join('\n      ') || 'nothing';
    failures.push(`${label} (linted as ${filePath}): ${problem}; got\n      ${got}`);
  } else {
    passed += 1;
    if (verbose) console.log(`  ✓ ${label}: ${expected === 'nothing' ? 'no error' : expected}`);
  }
}

async function checkFixtures() {
  for (const name of readdirSync(fixtures, { recursive: true }).sort()) {
    if (!name.endsWith('.ts')) continue;
    const code = readFileSync(join(fixtures, name), 'utf8');
    const [, expected, said] = /^\/\/ expect: (\S+)(?: saying '(.+)')?$/m.exec(code) ?? [];
    const lintAs = /^\/\/ lint-as: (\S+)$/m.exec(code)?.[1] ?? relative(root, join(fixtures, name));
    if (!expected) failures.push(`fixtures/${name}: no '// expect:' line`);
    else await check(`fixtures/${name}`, lintAs, code, expected, said);
  }
}

function checkCoverage(app, layers, outside) {
  const paths = layers.flatMap((layer) => layer.paths);
  const src = `apps/${app}/src`;
  for (const name of readdirSync(join(root, src))) {
    const path = `${src}/${name}`;
    if (!paths.includes(path) && !outside.some((pattern) => pattern.test(path))) {
      failures.push(`${path} belongs to no layer of the ${app}: add it to eslint.config.js's ${app}Layers`);
    }
  }
}

async function checkLayers(layers) {
  for (const [index, layer] of layers.entries()) {
    const from = isFolder(layer.paths[0]) ? `${layer.paths[0]}/upward-import.ts` : layer.paths[0];
    for (const above of layers.slice(0, index)) {
      const target = above.paths.flatMap((path) => (isFolder(path) ? sourceFiles(path) : [path]))[0];
      await check(
        `${layer.name} → ${above.name}`,
        from,
        `import '${specifier(from, target)}';\n`,
        RESTRICTED,
        'layers are',
      );
    }
  }
}

async function checkFeatures() {
  const featuresFolder = webLayers.find((layer) => layer.name === 'features').paths[0];
  const features = readdirSync(join(root, featuresFolder)).sort();
  for (const [index, feature] of features.entries()) {
    const other = features[(index + 1) % features.length];
    const target = sourceFiles(`${featuresFolder}/${other}`)[0];
    if (!target || other === feature) continue;
    const from = `${featuresFolder}/${feature}/other-feature-import.ts`;
    const code = `import '${specifier(from, target)}';\n`;
    await check(
      `feature ${feature} → ${other}`,
      from,
      code,
      RESTRICTED,
      'A feature may not import another feature',
    );
  }
}

// A file S of `folder` that imports a neighbour R at run time (not only its types); linting R with one more
// line importing S closes a cycle of two real files.
async function checkRealCycle(folder) {
  const files = sourceFiles(folder);
  for (const importer of files) {
    const code = readFileSync(join(root, importer), 'utf8');
    for (const [, clause, spec] of code.matchAll(/^import\s+([^;]*?)\s*from\s*'(\.\/[^']+)';/gms)) {
      if (/\btype\b/.test(clause)) continue;
      const imported = join(dirname(importer), spec).replace(/\.js$/, '');
      const file = [`${imported}.ts`, `${imported}.tsx`].find((path) => files.includes(path));
      if (!file) continue;
      const closed = `${readFileSync(join(root, file), 'utf8')}\nimport '${specifier(file, importer)}';\n`;
      await check(`cycle ${file} ↔ ${importer}`, file, closed, CYCLE);
      return;
    }
  }
  failures.push(
    `no file of ${folder} imports a neighbour, so no cycle could be closed there to check no-cycle`,
  );
}

// Modules as moduleOf names them ('wing/module'), and a module's front door.
// Beside its modules, a wing holds only wing.ts, which builds them (app.ts calls it).
const modulesOf = (wing) =>
  readdirSync(join(root, serverModules, wing))
    .filter((name) => name !== 'wing.ts')
    .sort()
    .map((name) => `${wing}/${name}`);
const frontDoorOf = (module) => `${serverModules}/${module}/index.ts`;
const moduleImports = moduleGraph(join(root, serverModules));

// A folder of modules/ outside the wing order must stop eslint.config.js from loading (else its imports would go
// unchecked), and a wing holds modules only, each with its front door: a file loose in a wing is in no module,
// so the front-door rule would not guard it.
function checkWingCoverage() {
  let refused = false;
  try {
    wingsInOrder([...serverWings, 'unplaced-wing'], serverWings);
  } catch {
    refused = true;
  }
  if (!refused) {
    failures.push('a wing folder missing from serverWings did not stop eslint.config.js from loading');
  } else {
    passed += 1;
    if (verbose) console.log('  ✓ a wing folder missing from serverWings: eslint.config.js refuses to load');
  }
  for (const module of serverWings.flatMap(modulesOf)) {
    const path = `${serverModules}/${module}`;
    if (!isFolder(path)) failures.push(`${path} is in no module: a wing holds module folders only`);
    else if (!existsSync(join(root, frontDoorOf(module))))
      failures.push(`${path} has no index.ts, its front door`);
  }
}

async function checkWings() {
  for (const [index, wing] of serverWings.entries()) {
    const modules = modulesOf(wing);
    for (const higher of serverWings.slice(index + 1)) {
      const from = `${serverModules}/${modules[0]}/upward-import.ts`;
      const code = `import '${specifier(from, frontDoorOf(modulesOf(higher)[0]))}';\n`;
      await check(`wing ${wing} → ${higher}`, from, code, RESTRICTED, 'wings are');
    }
    // Allowed: into its own wing and each one below, through a front door and between modules that close no
    // circle, so that nothing at all may be reported.
    for (const lower of serverWings.slice(0, index + 1)) {
      const [importer, imported] =
        modules
          .flatMap((a) => modulesOf(lower).map((b) => [a, b]))
          .find(([a, b]) => a !== b && !modulePath(moduleImports, b, a)) ?? [];
      if (!importer) {
        failures.push(`no module of ${wing} can import one of ${lower} without closing a circle to check`);
        continue;
      }
      const from = `${serverModules}/${importer}/downward-import.ts`;
      const code = `import '${specifier(from, frontDoorOf(imported))}';\n`;
      await check(`wing ${wing} → ${lower} (${importer} → ${imported})`, from, code, 'nothing');
    }
    // Past a front door inside the wing, where no wing zone applies; from app.ts if the wing has one module.
    const inside = sourceFiles(`${serverModules}/${modules[0]}`).find(
      (path) => path !== frontDoorOf(modules[0]),
    );
    const from =
      modules.length > 1 ? `${serverModules}/${modules.at(-1)}/past-front-door.ts` : 'apps/server/src/app.ts';
    const code = `import '${specifier(from, inside)}';\n`;
    await check(`past ${modules[0]}'s front door`, from, code, FRONT_DOOR, 'front door');
  }
}

// Two server modules in a circle through different files, which no-cycle cannot see: a module B that a module A
// of its wing imports (across wings the zones allow one direction only), given a file importing A back.
async function checkModuleCycle() {
  const [a, b] =
    [...moduleImports.keys()]
      .sort()
      .flatMap((a) => [...moduleImports.get(a).keys()].sort().map((b) => [a, b]))
      .find(([a, b]) => a.split('/')[0] === b.split('/')[0]) ?? [];
  if (!b) {
    return void failures.push(
      `no module of ${serverModules} imports one of its wing, so no cycle could be checked`,
    );
  }
  const from = `${serverModules}/${b}/module-cycle.ts`;
  const code = `import '${specifier(from, frontDoorOf(a))}';\n`;
  await check(`module cycle ${a} → ${b} → ${a}`, from, code, 'layers/no-module-cycle');
}

const started = Date.now();
await checkFixtures();
checkCoverage('server', serverLayers, []);
checkCoverage('web', webLayers, [/\/src\/test$/]);
checkWingCoverage();
await checkLayers(serverLayers);
await checkLayers(webLayers);
await checkWings();
await checkFeatures();
await checkModuleCycle();
await checkRealCycle('apps/server/src/lib');
await checkRealCycle('apps/web/src/lib');

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.error(`Lint rules check: ${failures.length} failed, ${passed} passed (${seconds} s)`);
  for (const failure of failures) console.error(`  ✗ ${failure}`);
  process.exit(1);
}
console.log(
  `Lint rules check: the import rules report all ${passed} deliberately bad or allowed imports as expected (${seconds} s)`,
);
