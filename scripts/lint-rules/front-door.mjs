// An ESLint rule: a server module is used from outside only through its index.ts, its front door. What the
// index re-exports is what the module offers; everything else in it can be renamed, split or rewritten without
// touching another module or the server's start. Tests, benchmarks and scripts live outside src/ and are not
// linted by this rule: they may reach inside to test a part on its own.
import { dirname, join, relative, sep } from 'node:path';
import { moduleOf, targetOf } from './no-module-cycle.mjs';

const FRONT_DOOR = 'index.ts';

// A path from `folder` as an import names it: with '/' and the '.js' ending NodeNext resolution wants.
function importName(folder, target) {
  return relative(folder, target).split(sep).join('/').replace(/\.ts$/, '.js');
}

function specifierOf(file, target) {
  const path = importName(dirname(file), target);
  return path.startsWith('.') ? path : `./${path}`;
}

// A front door that holds logic would hide part of the module at its entrance, and an index importing the
// module's own files for itself is the first step there: only `export … from` statements are allowed.
function isReExport(statement) {
  return (
    statement.type === 'ExportAllDeclaration' ||
    (statement.type === 'ExportNamedDeclaration' && statement.source !== null)
  );
}

export function frontDoor(modulesFolder) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Import a server module only through its index.ts, which only re-exports.' },
      schema: [],
      messages: {
        pastTheDoor:
          "Import {{door}}, the {{module}} module's front door, not {{inside}}: the rest of the server uses only " +
          'what a module offers in its index.ts (add it there if it is missing).',
        logicInTheDoor:
          "A module's index.ts only re-exports what the module offers (export { … } from './file.js'): move " +
          'this into a file of the module.',
      },
    },
    create(context) {
      const file = context.physicalFilename;
      const own = moduleOf(modulesFolder, file);
      const check = (node) => {
        const specifier = node.source?.value;
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const target = targetOf(file, specifier);
        const other = moduleOf(modulesFolder, target);
        if (!other || other === own) return;
        const door = join(modulesFolder, other, FRONT_DOOR);
        if (target === door) return;
        context.report({
          node: node.source,
          messageId: 'pastTheDoor',
          data: {
            door: specifierOf(file, door),
            module: other.split('/')[1],
            inside: importName(join(modulesFolder, other), target),
          },
        });
      };
      const isFrontDoor = own !== null && file === join(modulesFolder, own, FRONT_DOOR);
      return {
        Program(program) {
          if (!isFrontDoor) return;
          for (const statement of program.body) {
            if (!isReExport(statement)) context.report({ node: statement, messageId: 'logicInTheDoor' });
          }
        },
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
