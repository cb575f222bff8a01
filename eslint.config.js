import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
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
export const webLayers = [
  { name: 'main', paths: ['apps/web/src/main.tsx'] },
  { name: 'app', paths: ['apps/web/src/app'] },
  { name: 'features', paths: ['apps/web/src/features'] },
  { name: 'components', paths: ['apps/web/src/components'] },
  { name: 'lib', paths: ['apps/web/src/lib'] },
];

function layerZones(app, layers) {
  const order = layers.map((layer) => layer.name).join(' → ');
  return layers.slice(1).map((layer, index) => ({
    target: layer.paths,
    from: layers.slice(0, index + 1).flatMap((above) => above.paths),
    message: `${app} layers are ${order}: ${layer.name} may not import from a layer above it.`,
  }));
}

function subfolders(path) {
  return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

// Each web feature is a screen of its own: what two features share lives in components/ or lib/.
const featureZones = subfolders('apps/web/src/features/').map((feature) => ({
  target: `apps/web/src/features/${feature}`,
  from: 'apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature may not import another feature: move what they share to components/ or lib/.',
}));

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

export const webTests = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'];

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
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { layers: { rules: { 'no-module-cycle': noModuleCycle(`${root}apps/server/src/modules`) } } },
    rules: { 'layers/no-module-cycle': 'error' },
  },
  restrictedPaths(
    ['apps/server/src/**'],
    [
      ...layerZones('Server', serverLayers),
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
      notFromOtherApp('apps/web/src', 'apps/server'),
      noTestingPackage('apps/web/src'),
    ],
    webTests,
  ),
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
