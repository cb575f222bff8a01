import crypto from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { tokensCss } from './src/design/tokens.ts';

/**
 * The phone apps' own pages (issue 33): apps/web/driver/index.html and apps/web/parent/index.html, each with its
 * manifest, icons and a shell drawn before any script runs, built apart from the back-office
 * (vite.phone.config.ts) so that nothing of the office is in their chunks.
 *
 * - The shell's critical CSS (the design tokens as custom properties, light and dark, and the shell's few rules) is
 *   inlined into each page's head. The CSP allows inline styles, not inline scripts.
 * - Each page's boot script (src/phone/boot/<app>-boot.ts) is built as its own entry and linked in the head, so it
 *   runs, and starts the first data request, before the app's entry has arrived. (Vite joins every module script
 *   of a page into one entry; the page marks the boot script `vite-ignore` and this plugin links the built file.)
 * - `<app>-shell-files.js` lists, for the app's service worker, the files of its shell: the page's chunks, its
 *   screens' chunks and their CSS, by their hashed names, and a version that changes with them (public/<app>-sw.js).
 * - `.vite/phone-chunks.json` maps each chunk to its modules, for scripts/check-bundle.mjs.
 * - In development, /driver, /driver/…, /parent and /parent/… are answered with their app's page.
 */

export const PHONE_APPS = ['driver', 'parent'] as const;
export type PhoneApp = (typeof PHONE_APPS)[number];

const webDir = import.meta.dirname;
const pageOf = (app: PhoneApp) => path.join(webDir, app, 'index.html');
const bootOf = (app: PhoneApp) => path.join(webDir, 'src/phone/boot', `${app}-boot.ts`);
/** The page of a phone app, from the path of an HTML file Vite transforms (null for the back-office's). */
const appOfPage = (file: string): PhoneApp | undefined =>
  PHONE_APPS.find((app) => path.resolve(file) === pageOf(app));
/** Which app an address belongs to: /driver and everything under /driver/ (not /driver-sw.js). */
export const appOfAddress = (pathname: string): PhoneApp | undefined =>
  PHONE_APPS.find((app) => pathname === `/${app}` || pathname.startsWith(`/${app}/`));

/**
 * The phone apps' UI layer (decision 053): Preact with its compatibility layer instead of React and React DOM, for
 * their build (vite.phone.config.ts) and their unit tests (the `phone` project of vite.config.ts) alike. The apps'
 * sources and the libraries they use (the router, React Query, the form library) import `react` as before; these
 * aliases point every such import at Preact (`react` itself at src/phone/react-on-preact.ts: preact/compat and
 * React 19's `use`, which react-leaflet needs). The back-office keeps React.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: path.join(webDir, 'src/phone/react-on-preact.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** The shell's own rules, on top of the tokens: a top bar with the logo, and a loading indicator. */
const SHELL_CSS =
  'html{-webkit-text-size-adjust:100%}' +
  'body{margin:0;min-height:100vh;background:var(--sr-background);color:var(--sr-text);' +
  'font-family:var(--sr-font);font-size:var(--sr-text-body);line-height:var(--sr-line)}' +
  '.shell-bar{display:flex;align-items:center;gap:calc(var(--sr-space)*1.5);min-height:56px;' +
  'padding:0 calc(var(--sr-space)*2);background:var(--sr-primary);color:var(--sr-on-primary)}' +
  '.shell-name{font-size:var(--sr-text-title);font-weight:var(--sr-weight-bold)}' +
  '.shell-main{display:flex;justify-content:center;padding:calc(var(--sr-space)*6) var(--sr-space)}' +
  '.shell-progress{width:40px;height:40px;border-radius:50%;border:4px solid var(--sr-divider);' +
  'border-top-color:var(--sr-primary-text);animation:shell-spin 1s linear infinite}' +
  '@keyframes shell-spin{to{transform:rotate(1turn)}}' +
  '@media (prefers-reduced-motion:reduce){.shell-progress{animation-duration:3s}}';

/** Where a phone page takes its critical CSS: after its title, its charset well within the first 1024 bytes. */
const SHELL_CSS_MARK = /<!-- phone-shell-css\b[^>]*-->/;

/** The critical CSS inlined into each phone page (exported for its test). */
export const shellCss = () => tokensCss() + SHELL_CSS;

/** What the worker of a phone app keeps besides the shell's chunks: its page and its public files. */
const publicShellFiles = (app: PhoneApp) => [
  `/${app}`,
  '/app-shell-sw.js',
  `/${app}-shell-files.js`,
  '/logo.svg',
  `/${app}.webmanifest`,
  `/${app}-icon-192.png`,
  `/${app}-icon-512.png`,
  `/${app}-icon-maskable-512.png`,
];

/** The script the worker imports: the files it keeps and their version (its cache's name). */
const shellFilesScript = (app: PhoneApp, assets: string[]) => {
  const files = [...publicShellFiles(app), ...assets];
  const version = crypto.createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
  return (
    `// Generated by apps/web/phone-build.ts: the ${app} app's shell, for its service worker (public/${app}-sw.js).\n` +
    `self.shellFiles = ${JSON.stringify({ version, files })};\n`
  );
};

type OutputChunk = Rolldown.OutputChunk;

function chunksOf(bundle: Rolldown.OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
}

/** A chunk's file and, recursively, the files it imports (statically, or also dynamically). */
function closure(bundle: Rolldown.OutputBundle, start: OutputChunk, dynamic: boolean): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const stack = [start];
  while (stack.length > 0) {
    const chunk = stack.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of [...chunk.imports, ...(dynamic ? chunk.dynamicImports : [])]) {
      const next = bundle[file];
      if (next?.type === 'chunk') stack.push(next);
    }
  }
  return [...seen.values()];
}

const cssOf = (chunk: OutputChunk) => [
  ...(chunk.viteMetadata?.importedCss ?? []),
  ...(chunk.viteMetadata?.importedAssets ?? []),
];

const entryChunk = (bundle: Rolldown.OutputBundle, module: string) =>
  chunksOf(bundle).find((chunk) => chunk.isEntry && chunk.facadeModuleId === module);

/** The plugins of the phone pages: `build` for vite.phone.config.ts, the rest for both configs. */
export function phonePages(): Plugin[] {
  const shell: Plugin = {
    name: 'school-transport:phone-shell-css',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const app = appOfPage(context.filename);
        if (!app) return html;
        if (!SHELL_CSS_MARK.test(html))
          throw new Error(`phone-build: ${app}/index.html has no phone-shell-css mark`);
        return html.replace(SHELL_CSS_MARK, `<style>${shellCss()}</style>`);
      },
    },
  };

  const devPages: Plugin = {
    name: 'school-transport:phone-dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? '/', 'http://dev').pathname;
        const shellFiles = PHONE_APPS.find((app) => pathname === `/${app}-shell-files.js`);
        if (shellFiles) {
          // No built chunks to keep in development: the worker keeps the page and the public files.
          response.setHeader('Content-Type', 'text/javascript');
          response.end(shellFilesScript(shellFiles, []));
          return;
        }
        const app = appOfAddress(pathname);
        // A page of the app (a deep link), not a file of Vite's (/driver/index.html itself, a module).
        if (app && request.headers.accept?.includes('text/html')) request.url = `/${app}/index.html`;
        next();
      });
    },
  };

  return [shell, devPages];
}

/** The build of the phone pages' extra files (vite.phone.config.ts only). */
export function phonePagesBuild(): Plugin {
  const srcDir = path.join(webDir, 'src') + path.sep;
  return {
    name: 'school-transport:phone-pages-build',
    apply: 'build',
    buildStart() {
      for (const app of PHONE_APPS) this.emitFile({ type: 'chunk', id: bootOf(app), name: `${app}-boot` });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const app = appOfPage(context.filename);
        if (!app || !context.bundle) return html;
        const boot = entryChunk(context.bundle, bootOf(app));
        if (!boot) throw new Error(`phone-build: the ${app} boot script was not built`);
        const source = `/src/phone/boot/${app}-boot.ts`;
        const bootTag = new RegExp(`<script type="module" src="${source}"[^>]*></script>`);
        if (!bootTag.test(html)) throw new Error(`phone-build: ${app}/index.html does not link ${source}`);
        // The boot script and what it imports first in the page and at high priority: on a slow network they must
        // not queue behind the app's own chunks (which the page's entry preloads just after). Vite's preload of a
        // chunk both need is dropped for this earlier one.
        const preloads = boot.imports.map((file) => `/${file}`);
        let page = html;
        for (const file of preloads)
          page = page.replace(
            new RegExp(`\\s*<link rel="modulepreload" crossorigin href="${file}">`, 'g'),
            '',
          );
        const indent = '\n    ';
        return page.replace(
          bootTag,
          [
            `<script type="module" crossorigin fetchpriority="high" src="/${boot.fileName}"></script>`,
            ...preloads.map(
              (file) => `<link rel="modulepreload" crossorigin fetchpriority="high" href="${file}">`,
            ),
          ].join(indent),
        );
      },
    },
    generateBundle(_options, bundle) {
      for (const app of PHONE_APPS) {
        const page = entryChunk(bundle, pageOf(app));
        const boot = entryChunk(bundle, bootOf(app));
        if (!page || !boot) throw new Error(`phone-build: the ${app} page or its boot script was not built`);
        const chunks = [...closure(bundle, boot, false), ...closure(bundle, page, true)];
        const assets = [...new Set(chunks.flatMap((chunk) => [chunk.fileName, ...cssOf(chunk)]))]
          .sort()
          .map((file) => `/${file}`);
        this.emitFile({
          type: 'asset',
          fileName: `${app}-shell-files.js`,
          source: shellFilesScript(app, assets),
        });
      }
      // Module ids under apps/web/src by their path there, packages by their path under node_modules.
      const moduleName = (id: string) => {
        const clean = id.split('?')[0]!;
        if (clean.startsWith(srcDir)) return `src/${clean.slice(srcDir.length).split(path.sep).join('/')}`;
        const packageAt = clean.lastIndexOf(`node_modules${path.sep}`);
        if (packageAt >= 0) return clean.slice(packageAt).split(path.sep).join('/');
        return path.relative(webDir, clean).split(path.sep).join('/');
      };
      const chunks = Object.fromEntries(
        chunksOf(bundle).map((chunk) => [
          chunk.fileName,
          {
            entry: chunk.isEntry && chunk.facadeModuleId ? moduleName(chunk.facadeModuleId) : null,
            imports: chunk.imports,
            dynamicImports: chunk.dynamicImports,
            css: cssOf(chunk),
            modules: Object.keys(chunk.modules).map(moduleName).sort(),
          },
        ]),
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/phone-chunks.json',
        source: JSON.stringify({ apps: PHONE_APPS, chunks }, null, 1),
      });
    },
  };
}
