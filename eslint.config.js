import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { frontDoor } from './scripts/lint-rules/front-door.mjs';
import { noModuleCycle } from './scripts/lint-rules/no-module-cycle.mjs';

// Zone paths are resolved against this folder, so the rules mean the same whatever folder eslint runs from.
const root = fileURLToPath(new URL('.', import.meta.url));

// The layers of each app, top first. A file may import its own layer and the layers below it, never one above:
// the lower layers are the ones every other piece relies on, and an upward import ties them to what uses them.
export const serverLayers = [
  { name: 'main', paths: ['apps/server/src/main.ts'] },
  // What main starts, and the settings check and log writer it runs before and beside the server.
  {
    name: 'server',
    paths: ['apps/server/src/server.ts', 'apps/server/src/preflight.ts', 'apps/server/src/log-output.ts'],
  },
  { name: 'app', paths: ['apps/server/src/app.ts'] },
  { name: 'modules', paths: ['apps/server/src/modules'] },
  { name: 'plugins', paths: ['apps/server/src/plugins'] },
  { name: 'lib', paths: ['apps/server/src/lib'] },
  { name: 'db', paths: ['apps/server/src/db'] },
  { name: 'config', paths: ['apps/server/src/config.ts'] },
];
// apps/web/src/test holds the tests' helpers: like the *.test.tsx files, it is outside the layers.
// The phone apps (src/phone: /driver and /parent, entries of their own) sit at the top beside the back-office's
// main.tsx: nothing imports them; what they may import themselves is narrower still (phoneZones below).
// The design tokens are at the bottom: the office's theme and the phone apps' CSS are both generated from them.
export const webLayers = [
  { name: 'main', paths: ['apps/web/src/main.tsx', 'apps/web/src/phone'] },
  { name: 'app', paths: ['apps/web/src/app'] },
  { name: 'features', paths: ['apps/web/src/features'] },
  { name: 'components', paths: ['apps/web/src/components'] },
  { name: 'lib', paths: ['apps/web/src/lib'] },
  { name: 'design', paths: ['apps/web/src/design'] },
];

// Levels listed top first: each may import its own level and those below it. `message` says why for a level
// and the levels above it.
function upwardZones(levels, message) {
  return levels.slice(1).map((level, index) => {
    const above = levels.slice(0, index + 1);
    return {
      target: level.paths,
      from: above.flatMap((higher) => higher.paths),
      message: message(
        level.name,
        above.map((higher) => higher.name),
      ),
    };
  });
}

function layerZones(app, layers) {
  const order = layers.map((layer) => layer.name).join(' → ');
  return upwardZones(
    layers,
    (name) => `${app} layers are ${order}: ${name} may not import from a layer above it.`,
  );
}

function subfolders(path) {
  return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

export const serverModules = 'apps/server/src/modules';

/**
 * The wings in `order` (lowest first), once every entry of the modules folder has a place in it and every wing
 * in it has a folder: a wing left out would have no zone, so its imports would go unchecked without a word.
 */
export function wingsInOrder(entries, order) {
  const stray = entries.filter((entry) => !entry.startsWith('.') && !order.includes(entry));
  const missing = order.filter((wing) => !entries.includes(wing));
  if (stray.length > 0 || missing.length > 0) {
    const problems = [
      ...stray.map((entry) => `${serverModules}/${entry} has no place in the wing order`),
      ...missing.map((wing) => `the wing order names ${wing}, which has no folder in ${serverModules}`),
    ];
    throw new Error(
      `${problems.join('; ')}: ${serverModules} holds only the wings of serverWings in eslint.config.js.`,
    );
  }
  return order;
}

// The server's modules stand in wings, lowest first. A wing may use its own modules and those of the wings below
// it: platform is what every module relies on (accounts, sessions, audit, mail), operations runs the school day,
// records holds what the office keeps and sits above operations because changing the plan rewrites the day's
// pending trips, and apps are the driver's and the parents' screens over all of them.
export const serverWings = wingsInOrder(readdirSync(new URL(`${serverModules}/`, import.meta.url)), [
  'platform',
  'operations',
  'records',
  'apps',
]);

const wingZones = upwardZones(
  serverWings.toReversed().map((wing) => ({ name: wing, paths: [`${serverModules}/${wing}`] })),
  (wing, above) =>
    `Server wings are ${serverWings.join(' < ')}, and a wing imports only itself and the wings below it: ` +
    `${wing} may not import ${above.toReversed().join(' or ')}.`,
);

// Each web feature is a screen of its own: what two features share lives in components/ or lib/.
const featureZones = subfolders('apps/web/src/features/').map((feature) => ({
  target: `apps/web/src/features/${feature}`,
  from: 'apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature may not import another feature: move what they share to components/ or lib/.',
}));

export const webTests = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'];

// Nothing of the back-office is downloaded by a phone app (issue 33): neither its screens, chrome and components
// nor its UI kit. scripts/check-bundle.mjs checks the built chunks too.
const phoneApps = 'apps/web/src/phone';
const phoneZones = [
  {
    target: phoneApps,
    from: [
      'apps/web/src/app',
      'apps/web/src/components',
      'apps/web/src/features',
      'apps/web/src/lib/api/resource-api.ts',
    ],
    message:
      'The phone apps load nothing of the back-office: use lib/ (the API client, the session store, formatting), the contract and the phone kit.',
  },
];
const phoneNoOfficeKit = {
  files: [`${phoneApps}/**/*.{ts,tsx}`],
  ignores: [...webTests, `${phoneApps}/react-on-preact.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(@mui|@emotion)/|^notistack(/|$)',
            message:
              "The phone apps do not load the back-office's component kit (MUI, emotion, notistack): use the phone kit (src/phone/kit).",
          },
          {
            // Their build and tests alias `react` to Preact (apps/web/phone-build.ts); the code names React only,
            // so it type-checks and reads as one UI layer. src/phone/react-on-preact.ts is that alias's target.
            regex: '^preact(/|$)',
            message:
              "The phone apps import `react`, `react-dom/client`: their build makes it Preact (phone-build.ts's PREACT_ALIASES).",
          },
        ],
      },
    ],
  },
};

// The contract's modules that the phone apps' first screens import (decision 053, "Budget"): they hold constants,
// paths and pure functions apart from the schemas of their neighbours, and import neither zod nor a module that does
// (only each other), or zod is loaded before the first screen again.
export const zodFreeContract = [
  'date-writing',
  'i18n',
  'language-paths',
  'list-paging',
  'messages',
  'notification-paths',
  'parent-portal-constants',
  'trip-statuses',
];
const zodFreeContractRule = {
  files: zodFreeContract.map((name) => `packages/shared/src/${name}.ts`),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^zod(/|$)',
            message:
              'A zod-free module of the contract does not import zod: its schemas live in the module it serves.',
          },
          {
            regex: `^\\.\\/(?!(${zodFreeContract.join('|')})\\.js$)`,
            message:
              'A zod-free module of the contract imports only the other zod-free modules (eslint.config.js).',
          },
        ],
      },
    ],
  },
};

const noTestingPackage = (target) => ({
  target,
  from: 'packages/testing',
  message: 'The testing package is for tests, benchmarks and tools, not for code that ships.',
});
const notFromOtherApp = (target, other) => ({
  target,
  from: other,
  message: 'The server and the web app share code only through packages/shared.',
});

// Each file group gets every zone that applies to it in one list: for one rule, a later config block replaces
// an earlier block's options instead of adding to them.
const restrictedPaths = (files, zones, ignores = []) => ({
  files,
  ignores,
  rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'apps/web/builds/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      // Deliberately bad files: scripts/lint-rules/check-lint-rules.mjs lints them on purpose.
      'scripts/lint-rules/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // The sources import '.js' names of '.ts' files and the workspaces by package name: the TypeScript
      // resolver finds both. An import the resolver cannot follow would silently escape the rules below, hence
      // no-unresolved.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/shared/tsconfig.json',
            'packages/testing/tsconfig.json',
            'e2e/tsconfig.json',
          ].map((project) => `${root}${project}`),
          noWarnOnMultipleProjects: true,
        }),
        createNodeResolver(),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'import-x/no-unresolved': 'error' },
  },
  {
    // Cycles are looked for in the code that ships, where a cycle can hand a module an export that is not yet
    // defined when it runs. Nothing imports the tests, so they cannot close a cycle: walking the graph from
    // each of them too would only cost time. The cost is parsing each source once more (a few seconds); how
    // deep the walk goes hardly changes it, so it is not limited.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'scripts/lint-rules/fixtures/cycle/*.ts'],
    ignores: webTests,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    plugins: {
      layers: {
        rules: {
          'no-module-cycle': noModuleCycle(`${root}${serverModules}`),
          'front-door': frontDoor(`${root}${serverModules}`),
        },
      },
    },
  },
  {
    files: [`${serverModules}/**/*.ts`],
    rules: { 'layers/no-module-cycle': 'error' },
  },
  {
    // All of src/, so that app.ts and the server's start go through the front doors too.
    files: ['apps/server/src/**/*.ts'],
    rules: { 'layers/front-door': 'error' },
  },
  restrictedPaths(
    ['apps/server/src/**'],
    [
      ...layerZones('Server', serverLayers),
      ...wingZones,
      notFromOtherApp('apps/server/src', 'apps/web'),
      noTestingPackage('apps/server/src'),
    ],
  ),
  restrictedPaths(['apps/server/**'], [notFromOtherApp('apps/server', 'apps/web')], ['apps/server/src/**']),
  restrictedPaths(
    ['apps/web/src/**'],
    [
      ...layerZones('Web', webLayers),
      ...featureZones,
      ...phoneZones,
      notFromOtherApp('apps/web/src', 'apps/server'),
      noTestingPackage('apps/web/src'),
    ],
    webTests,
  ),
  phoneNoOfficeKit,
  zodFreeContractRule,
  restrictedPaths(['apps/web/**'], [notFromOtherApp('apps/web', 'apps/server')], ['apps/web/src/**']),
  restrictedPaths(webTests, [notFromOtherApp('apps/web', 'apps/server')]),
  restrictedPaths(
    ['packages/shared/**'],
    [
      {
        target: 'packages/shared',
        from: ['apps', 'e2e', 'packages/testing'],
        message: 'The shared contract stands alone: the apps import it, never the other way round.',
      },
    ],
  ),
);
