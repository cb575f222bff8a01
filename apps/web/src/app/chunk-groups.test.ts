import { describe, expect, it } from 'vitest';
import { planChunks } from '../../chunk-groups';

/** A module graph by paths under src/ (a path outside src/, such as a package, has no srcPath). */
function graph(modules: Record<string, { imports?: string[]; lazy?: string[] }>, barrels: string[] = []) {
  return {
    entry: 'main.tsx',
    imports: (id: string) => modules[id]?.imports ?? [],
    dynamicImports: (id: string) => modules[id]?.lazy ?? [],
    srcPath: (id: string) => (id.startsWith('pkg:') ? null : id),
    barrels: new Set(barrels),
  };
}

const app = {
  'main.tsx': { imports: ['app/routes.tsx', 'app/layout/SessionLayout.tsx', 'pkg:react'] },
  'app/layout/SessionLayout.tsx': { lazy: ['app/layout/AdminRoot.tsx'] },
  'app/routes.tsx': {
    lazy: [
      'features/auth/LoginPage.tsx',
      'features/auth/ForgotPasswordPage.tsx',
      'features/a/A.tsx',
      'features/b/B.tsx',
    ],
  },
  'features/auth/LoginPage.tsx': { imports: ['form.ts', 'pkg:react'] },
  'form.ts': { imports: ['pkg:react'] },
  'app/layout/AdminRoot.tsx': { imports: ['drawer.ts'] },
  'features/a/A.tsx': { imports: ['table.ts', 'form.ts', 'only-a.ts', 'dialog.ts'] },
  'features/b/B.tsx': { imports: ['table.ts', 'dialog.ts'] },
  'features/auth/ForgotPasswordPage.tsx': { imports: ['dialog.ts'], lazy: ['scanner.ts'] },
  'scanner.ts': { imports: ['camera.ts'] },
  'table.ts': { imports: ['paging.ts'] },
  'dialog.ts': { imports: ['modal.ts'] },
};

describe('planChunks', () => {
  it("puts Log In's parts in one group, what back-office screens share in another, and keeps the other apps out of it", () => {
    const plan = planChunks(graph(app));
    // Log In's own closure beyond the entry (the screen itself stays in its own file).
    expect([...plan.login].sort()).toEqual(['form.ts']);
    // The chrome and what two or more back-office screens use; a part of one screen only stays with it.
    expect([...plan.admin].sort()).toEqual([
      'app/layout/AdminRoot.tsx',
      'drawer.ts',
      'paging.ts',
      'table.ts',
    ]);
    // What a public page uses too goes to a group named after it, so a public page never loads `admin`.
    expect(Object.fromEntries(plan.shared)).toEqual({ 'dialog.ts': 'public', 'modal.ts': 'public' });
    // A public page's own lazy parts are its own: in no group.
    expect(plan.admin.has('camera.ts') || plan.shared.has('camera.ts')).toBe(false);
  });

  it("counts a screen's module as the public pages' when the public pages' lazy parts import it too", () => {
    const plan = planChunks(graph({ ...app, 'scanner.ts': { imports: ['camera.ts', 'table.ts'] } }));
    expect(plan.admin.has('table.ts')).toBe(false);
    expect(plan.shared.get('table.ts')).toBe('public');
    expect(plan.shared.get('paging.ts')).toBe('public');
  });

  it("does not walk through the contract's index: its modules are placed by what uses them, not by the index", () => {
    const contract = {
      // Every screen, public or not, names something of the contract's index…
      'features/a/A.tsx': { imports: ['table.ts', 'form.ts', 'only-a.ts', 'dialog.ts', 'pkg:shared'] },
      'features/b/B.tsx': { imports: ['table.ts', 'dialog.ts', 'pkg:shared'] },
      'features/auth/ForgotPasswordPage.tsx': { imports: ['dialog.ts', 'pkg:shared'], lazy: ['scanner.ts'] },
      'dialog.ts': { imports: ['modal.ts', 'pkg:shared'] },
      // …which re-exports a module of sign-in's words and one of field trips'.
      'pkg:shared': { imports: ['pkg:shared/auth', 'pkg:shared/field-trips'] },
    };
    const walked = planChunks(graph({ ...app, ...contract }));
    expect(walked.shared.get('pkg:shared/field-trips')).toBe('public');

    const plan = planChunks(graph({ ...app, ...contract }, ['pkg:shared']));
    // Neither of its modules is forced into a group: the bundler places them where they are used.
    expect(plan.shared.has('pkg:shared/field-trips') || plan.admin.has('pkg:shared/field-trips')).toBe(false);
    expect(plan.shared.has('pkg:shared/auth') || plan.admin.has('pkg:shared/auth')).toBe(false);
    // Importing through it keeps a screen's parts in their groups.
    expect(plan.admin.has('table.ts')).toBe(true);
    expect(plan.shared.get('dialog.ts')).toBe('public');
  });
});
