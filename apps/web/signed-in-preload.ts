import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/**
 * A signed-in visit to the back-office needs the signed-in chrome's chunk (AdminRoot, in the `admin` group of
 * chunk-groups.ts) and the chunks it imports (`shared-*`, `login`) before any screen can draw, yet the browser only
 * learns of them once the entry (React, MUI: about 140 kB) has arrived and run. On a phone's slow network that left
 * them to start 0.9–1.7 s after the page (Lighthouse, issue 33). The build names them in the page
 * (`<meta name="signed-in-chunks">`) and public/office-boot.js, a small script at the end of the body, asks for
 * them at once when a session is stored; a visitor on Log In loads none of them.
 */
export const SIGNED_IN_CHUNKS_META = 'signed-in-chunks';
const CHROME = 'src/app/layout/AdminRoot.tsx';

/** The chunk holding the signed-in chrome and every chunk it imports statically, but the entry's: their files. */
export function signedInChunks(bundle: Rolldown.OutputBundle, base = '/'): string[] {
  const chunks = Object.values(bundle).filter(
    (output): output is Rolldown.OutputChunk => output.type === 'chunk',
  );
  const chrome = chunks.find((chunk) =>
    chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(CHROME)),
  );
  if (!chrome) return [];
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: string[] = [];
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (chunk.isEntry || files.includes(chunk.fileName)) return;
    files.push(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  visit(chrome);
  return files.map((file) => `${base}${file}`);
}

/** The office build's page gets the list and the script that reads it (not in development: nothing is built). */
export function signedInPreload(): Plugin {
  return {
    name: 'schoolride:signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        // The back-office's page only (a phone app's page, built apart, never gets here; kept so all the same).
        if (context.path !== '/index.html' || !context.bundle) return [];
        const files = signedInChunks(context.bundle);
        if (files.length === 0) return [];
        return [
          { tag: 'meta', attrs: { name: SIGNED_IN_CHUNKS_META, content: files.join(' ') }, injectTo: 'head' },
          // Asked for first, before the entry: the page's parsing waits for it (below), and the heading it draws
          // can then paint while the entry (about 145 kB) is still on its way rather than once both have arrived
          // on a shared connection (decision 081).
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'script', href: '/office-boot.js' },
            injectTo: 'head-prepend',
          },
          // At the end of the body, neither async nor deferred: it runs once the shell is parsed and before the
          // entry (a module script, run only after parsing), so the shell's heading is drawn before the app's code
          // runs and can paint while that code still downloads (decision 055). It is a few hundred bytes.
          { tag: 'script', attrs: { src: '/office-boot.js' }, injectTo: 'body' },
        ];
      },
    },
  };
}
