import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { signedInChunks } from '../../signed-in-preload';

/** Output chunks as the bundler hands them to the page's transform: file, modules, static imports, entry or not. */
function bundle(
  chunks: Record<string, { modules?: string[]; imports?: string[]; entry?: boolean }>,
): Rolldown.OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, chunk]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        moduleIds: chunk.modules ?? [],
        imports: chunk.imports ?? [],
        isEntry: chunk.entry ?? false,
      } as unknown as Rolldown.OutputChunk,
    ]),
  ) as Rolldown.OutputBundle;
}

describe('signedInChunks', () => {
  it("names the signed-in chrome's chunk and the chunks it imports, not the entry nor any screen's", () => {
    const files = signedInChunks(
      bundle({
        'assets/index-a.js': { modules: ['/w/src/main.tsx'], imports: ['assets/runtime-r.js'], entry: true },
        'assets/runtime-r.js': {},
        'assets/admin-b.js': {
          modules: ['/w/src/app/layout/AdminRoot.tsx', '/w/src/components/table.tsx'],
          imports: ['assets/runtime-r.js', 'assets/shared-public-c.js', 'assets/index-a.js'],
        },
        'assets/shared-public-c.js': { imports: ['assets/login-d.js', 'assets/index-a.js'] },
        'assets/login-d.js': { imports: ['assets/runtime-r.js', 'assets/index-a.js'] },
        'assets/DashboardPage-e.js': { modules: ['/w/src/features/dashboard/DashboardPage.tsx'] },
      }),
    );
    expect(files).toEqual([
      '/assets/admin-b.js',
      '/assets/runtime-r.js',
      '/assets/shared-public-c.js',
      '/assets/login-d.js',
    ]);
  });

  it('names nothing when no chunk holds the chrome', () => {
    expect(signedInChunks(bundle({ 'assets/index-a.js': { entry: true } }))).toEqual([]);
  });
});
