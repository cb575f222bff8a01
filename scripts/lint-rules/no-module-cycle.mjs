// An ESLint rule: the server's modules may import each other, but not in a circle. import-x/no-cycle sees
// files only, so two modules can still lean on each other through different files (auth's service imports
// audit, audit's retention imports auth); then neither can be understood, tested or moved without the other.
// Type-only imports count too: they tie the modules together just the same. Across wings the wing zones of
// eslint.config.js allow one direction only, so a circle closes inside a wing: that is where this rule finds it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// The relative specifiers a file imports or re-exports, statically or dynamically. The sources are formatted
// by prettier, so a regular expression over the text is enough to read the graph of the files not being linted.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s*)'(\.{1,2}\/[^']+)'/gm;

// A module is a folder in a wing: modules/<wing>/<module>/, named 'wing/module'; null for a file outside one.
export function moduleOf(modulesFolder, file) {
  const parts = relative(modulesFolder, file).split(sep);
  return parts[0] === '..' || parts.length < 3 ? null : `${parts[0]}/${parts[1]}`;
}

export function targetOf(file, specifier) {
  return resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
}

/** Which modules each module imports, read from the files on disk: module name → Map(module → "file → file"). */
export function moduleGraph(modulesFolder) {
  const graph = new Map();
  for (const name of readdirSync(modulesFolder, { recursive: true })) {
    if (!/\.tsx?$/.test(name)) continue;
    const file = join(modulesFolder, name);
    const from = moduleOf(modulesFolder, file);
    // A wing's wing.ts builds its modules; it is in none, and nothing of a module imports it.
    if (!from) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = targetOf(file, specifier);
      const to = moduleOf(modulesFolder, target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, `${relative(modulesFolder, file)} → ${to}`);
    }
  }
  return graph;
}

/** A path of modules from `start` to `goal` as ['start', ..., 'goal'], or null. */
export function modulePath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const path = [];
      for (let step = goal; step !== null; step = previous.get(step)) path.unshift(step);
      return path;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export function noModuleCycle(modulesFolder) {
  let graph;
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Forbid server modules from importing each other in a circle.' },
      schema: [],
      messages: {
        cycle:
          'Modules may not import each other in a circle: {{path}}. Move what they share down (lib/ or db/) or ' +
          'into a module both can import.',
      },
    },
    create(context) {
      const file = context.physicalFilename;
      const own = moduleOf(modulesFolder, file);
      if (!own) return {};
      // Read once per lint run: the other files' imports as they are on disk, this file's from its own text.
      graph ??= moduleGraph(modulesFolder);
      const check = (node) => {
        const specifier = node.source?.value;
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const other = moduleOf(modulesFolder, targetOf(file, specifier));
        if (!other || other === own) return;
        const back = modulePath(graph, other, own);
        if (!back) return;
        const through = back.slice(1).map((to, index) => graph.get(back[index]).get(to));
        const path = `${[own, ...back].join(' → ')} (${through.join('; ')})`;
        context.report({ node: node.source, messageId: 'cycle', data: { path } });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
