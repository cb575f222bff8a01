import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;

/**
 * Which chunks the build makes beyond the entry (decisions 015, 038 and 041). Left to itself the bundler gives every
 * set of modules shared by a different set of lazy screens its own file: a signed-in screen loaded 65–82 files of
 * 1–3 kB each, and on a phone's slow network over HTTP/1.1 (six connections, a round trip per file) their count,
 * not their size, put the largest paint at 4–5 s. So more groups, computed from the module graph:
 *
 * - `login`: what the Log In screen imports beyond the entry (its form fields, the form library), one file. The
 *   signed-in screens use most of it too.
 * - `admin`: the signed-in chrome (AdminRoot: the drawer, the top bar, the query cache) and every module that a
 *   quarter or more of the back-office's screens use (lists, the table, paging, the API calls), one file. A module
 *   fewer screens use stays in their own files.
 * - `shared-<apps>`: such a module that the public pages (forgot password, 404) or anything else use too, in a
 *   file named after them, so that none of them ever loads the back-office's own file.
 * - `contract`: the contract's (packages/shared) modules that several chunks share, apart from `admin`, so that a
 *   screen that builds no schema (a list, the chrome) does not run the forms' schemas (decision 080). (The phone apps are a build
 *   of their own since decision 053: vite.phone.config.ts.)
 */

/** Where a lazily loaded module belongs, by its path under apps/web/src (the rest of the routes' screens: admin). */
const NOT_ADMIN: Record<string, string> = {
  'features/auth/LoginPage.tsx': 'login',
  'features/auth/ForgotPasswordPage.tsx': 'public',
  'features/auth/ResetPasswordPage.tsx': 'public',
  'components/shell/NotFoundPage.tsx': 'public',
};
/** The modules whose lazy imports are back-office screens unless NOT_ADMIN says otherwise. */
const ROUTE_MODULES = ['app/routes.tsx', 'app/layout/SessionLayout.tsx'];
const ADMIN_ROOT = 'app/layout/AdminRoot.tsx';
const LOGIN = 'features/auth/LoginPage.tsx';

/** The apps other than the back-office that can share a module with it (a shared module's group names them). */
const OTHER_APPS = ['public', 'other'] as const;

export interface ChunkPlan {
  login: Set<string>;
  admin: Set<string>;
  /** A module the back-office shares with other apps, and the group named after them ('driver+parent'). */
  shared: Map<string, string>;
}

/** Every combination of the other apps, the larger first: a module's imports are used by at least its apps. */
const SHARED_GROUPS = Array.from({ length: 2 ** OTHER_APPS.length - 1 }, (_, index) =>
  OTHER_APPS.filter((_, app) => (index + 1) & (1 << app)).join('+'),
).sort((a, b) => b.split('+').length - a.split('+').length);

interface Graph {
  entry: string;
  imports: (id: string) => readonly string[];
  dynamicImports: (id: string) => readonly string[];
  /** The module's path under apps/web/src, or null for anything else. */
  srcPath: (id: string) => string | null;
  /**
   * Modules that only re-export others (the contract's `index.ts`). The bundler links an import of a name through
   * them to the module that defines it and leaves them empty; which of their modules a screen uses is known to the
   * bundler only (decision 079).
   */
  barrels?: ReadonlySet<string>;
}

/**
 * The modules `start` imports, and theirs, without walking through a barrel: walked through, the contract's index
 * made every one of its modules part of every screen that named one of them, and the groups then loaded every
 * schema (field trips, reports, roster sync…) with the first office screen. A group takes the modules its own
 * modules use through a barrel along with it anyway.
 */
function staticClosure(graph: Graph, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!graph.barrels?.has(id)) stack.push(...graph.imports(id));
  }
  return seen;
}

/** The `login`, `admin` and `shared-<apps>` groups of module ids for a module graph (exported for its unit test). */
export function planChunks(graph: Graph): ChunkPlan {
  const initial = staticClosure(graph, graph.entry);
  // Every lazily loaded module ("root") with its static closure and the contexts it is loaded in.
  const closures = new Map<string, Set<string>>();
  const contexts = new Map<string, Set<string>>();
  const pending: { root: string; importer: string }[] = [];
  const visit = (module: string) => {
    for (const root of graph.dynamicImports(module)) pending.push({ root, importer: module });
  };
  for (const id of initial) visit(id);
  // Contexts spread from importer to root until nothing changes (a screen's own lazy parts share its context).
  const contextsOf = (module: string): Set<string> => {
    if (initial.has(module)) return new Set(['initial']);
    const found = new Set<string>();
    for (const [root, closure] of closures)
      if (closure.has(module)) for (const context of contexts.get(root) ?? []) found.add(context);
    return found;
  };
  while (pending.length > 0) {
    const { root, importer } = pending.pop()!;
    const own = NOT_ADMIN[graph.srcPath(root) ?? ''];
    const importerPath = graph.srcPath(importer) ?? '';
    const given = own
      ? new Set([own])
      : initial.has(importer)
        ? new Set([ROUTE_MODULES.includes(importerPath) ? 'admin' : `other:${root}`])
        : new Set([...contextsOf(importer)].filter((context) => context !== 'initial'));
    const known = contexts.get(root);
    if (known && [...given].every((context) => known.has(context))) continue;
    contexts.set(root, new Set([...(known ?? []), ...given]));
    if (!closures.has(root)) closures.set(root, staticClosure(graph, root));
    for (const id of closures.get(root)!) visit(id);
  }

  const loginRoot = [...closures.keys()].find((root) => graph.srcPath(root) === LOGIN);
  const login = new Set(
    [...(loginRoot ? closures.get(loginRoot)! : [])].filter((id) => !initial.has(id) && id !== loginRoot),
  );
  const adminRoots = new Set(
    [...closures.keys()].filter((root) => {
      const found = contexts.get(root)!;
      return found.size === 1 && found.has('admin');
    }),
  );
  const chrome = [...closures.keys()].find((root) => graph.srcPath(root) === ADMIN_ROOT);
  const rootsOf = new Map<string, string[]>();
  for (const [root, closure] of closures)
    for (const id of closure) if (!login.has(id)) rootsOf.set(id, [...(rootsOf.get(id) ?? []), root]);
  const admin = new Set<string>();
  const shared = new Map<string, string>();
  const appOf = (context: string) =>
    context === 'login' ? 'public' : context.startsWith('other:') ? 'other' : context;
  // Used by a quarter of the back-office's screens or more (a list page's parts, the table, paging, the API).
  const common = Math.max(2, Math.ceil(adminRoots.size / 4));
  for (const [id, roots] of rootsOf) {
    const inAdmin = roots.filter((root) => adminRoots.has(root));
    if (inAdmin.length < common && !(chrome !== undefined && roots.includes(chrome))) continue;
    if (inAdmin.length === roots.length) {
      admin.add(id);
      continue;
    }
    const apps = new Set(
      roots.flatMap((root) => [...contexts.get(root)!].filter((context) => context !== 'admin').map(appOf)),
    );
    shared.set(id, OTHER_APPS.filter((app) => apps.has(app)).join('+'));
  }
  // A chunk takes its modules' imports with it: a module whose imports are outside the groups stays out of them.
  // (A module of the entry's closure that a lazy module uses is counted like any other: the bundler leaves out of
  // the entry what the entry does not use, such as the parts of the shared package's index it does not name.)
  const grouped = (id: string) =>
    login.has(id) ||
    admin.has(id) ||
    shared.has(id) ||
    (initial.has(id) && !rootsOf.has(id)) ||
    // A barrel holds no code of its own once bundled: importing through it keeps a module in its group.
    graph.barrels?.has(id) === true;
  for (let changed = true; changed;) {
    changed = false;
    for (const group of [admin, shared])
      for (const id of group.keys()) {
        if (graph.imports(id).every(grouped)) continue;
        group.delete(id);
        changed = true;
      }
  }
  return { login, admin, shared };
}

/** The contract's index (packages/shared), which only re-exports its modules. */
const SHARED_SRC = path.resolve(import.meta.dirname, '../../packages/shared/src');
const SHARED_BARREL = path.join(SHARED_SRC, 'index.ts');
/** Zod's own modules, wherever npm placed the package. */
const ZOD_MODULE = `${path.sep}node_modules${path.sep}zod${path.sep}`;

/**
 * Computes the plan once the module graph is complete (`buildEnd`), before the chunks are made; the groups read it.
 * Vite's dev server does not chunk, so only a build uses it.
 */
export function chunkGroups(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  let plan: ChunkPlan = { login: new Set(), admin: new Set(), shared: new Map() };
  const plugin: Plugin = {
    name: 'school-transport:chunk-groups',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => this.getModuleInfo(id)?.isEntry);
      if (!entry) throw new Error('chunk-groups: the build has no entry module');
      const src = path.resolve(import.meta.dirname, 'src') + path.sep;
      plan = planChunks({
        entry,
        imports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        dynamicImports: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
        srcPath: (id) => (id.startsWith(src) ? id.slice(src.length).split(path.sep).join('/') : null),
        barrels: new Set([SHARED_BARREL]),
      });
    },
  };
  const groups: CodeSplittingGroup[] = [
    { name: 'login', test: (id) => plan.login.has(id) },
    // Before `admin`: a group takes its modules' imports along, so `admin` would otherwise take these too.
    ...SHARED_GROUPS.map((apps): CodeSplittingGroup => ({
      name: `shared-${apps.replaceAll('+', '-')}`,
      test: (id) => plan.shared.get(id) === apps,
    })),
    // Zod's own code goes with the back-office's common parts: its lists and forms use it through the contract's
    // barrel, which the plan does not walk through (decision 079), so the plan cannot count them.
    { name: 'admin', test: (id) => plan.admin.has(id) || id.includes(ZOD_MODULE) },
    // The contract's modules that four or more chunks share, one file, apart from `admin` (decision 080): building
    // a zod schema is not free (about 0.5 ms each), and in `admin` every office screen built all of the forms'
    // schemas before drawing. Only a screen that uses the contract's schemas now loads (and runs) this file.
    { name: 'contract', test: (id) => id.startsWith(SHARED_SRC + path.sep), minShareCount: 4 },
  ];
  return { plugin, groups };
}
