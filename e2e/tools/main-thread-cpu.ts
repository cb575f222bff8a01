/**
 * The main thread's CPU time while a page loads at a phone's width (412 × 823, no throttling), from a Chrome
 * trace: the thread time of the renderer's tasks, and the longest task. A loaded machine stretches wall time (what
 * Lighthouse reads) far more than thread time, so this compares two builds more steadily than Lighthouse can on a
 * shared machine (decision 038). Starts the production server on a fresh embedded database (150 children), like
 * `npm run lighthouse`, on the build in apps/web/dist as it is.
 *
 *   node --import tsx e2e/tools/main-thread-cpu.ts [--pages /login,/,/all-students?limit=100] [--runs 3] [--port 4342]
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { signIn, startToolServer, stopOnExit } from './tool-server';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '/login,/,/all-students?limit=100' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '4342' },
  },
});

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Thread time of every task of the page's renderer (the main thread that worked most), in ms. */
function taskTimes(events: TraceEvent[]): number[] {
  const tasksOf = (thread: TraceEvent) =>
    events.filter(
      (event) =>
        event.pid === thread.pid && event.tid === thread.tid && event.ph === 'X' && event.name === 'RunTask',
    );
  const busy = (thread: TraceEvent) => tasksOf(thread).reduce((sum, task) => sum + (task.tdur ?? 0), 0);
  const [main] = events
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .sort((a, b) => busy(b) - busy(a));
  return main ? tasksOf(main).map((task) => (task.tdur ?? 0) / 1000) : [];
}

interface Measured {
  tasks: number[];
  /** Elements in the page once it has drawn everything (Lighthouse's "DOM size"). */
  elements: number;
}

async function measure(browser: Browser, page: Page, url: string): Promise<Measured> {
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // A tool, not a test: a second more for what a page draws after its last answer (a list's later cards).
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { tasks: taskTimes(trace.traceEvents), elements };
}

const server = await startToolServer({
  port: Number(values.port),
  production: true,
  students: 150,
  admins: 1,
});
stopOnExit(server.stop);
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await page.goto(`${server.base}/login`);
  const session = await signIn(server.base, server.admins[0]!);
  for (const path of values.pages!.split(',')) {
    // Signed out for Log In (it sends a signed-in visitor on), signed in for the rest.
    await page.evaluate(
      ({ token, user }) => {
        if (token === null) return localStorage.clear();
        localStorage.setItem('__token__', token);
        localStorage.setItem('__user__identity__', JSON.stringify(user));
      },
      path === '/login' ? { token: null, user: null } : session,
    );
    await measure(browser, page, `${server.base}${path}`); // warm-up: the server's and V8's caches
    const runs: string[] = [];
    for (let run = 0; run < Number(values.runs); run++) {
      const { tasks, elements } = await measure(browser, page, `${server.base}${path}`);
      const total = tasks.reduce((sum, time) => sum + time, 0);
      // What Lighthouse's phone would count as blocking: each task's time four times over, less 50 ms.
      const blocking = tasks.reduce((sum, time) => sum + Math.max(0, 4 * time - 50), 0);
      const long = tasks.filter((time) => 4 * time > 50).length;
      runs.push(
        `${total.toFixed(0)} ms (longest task ${Math.max(0, ...tasks).toFixed(0)} ms, blocking at 4× ${blocking.toFixed(0)} ms in ${long} long tasks, ${elements} elements)`,
      );
    }
    console.log(`${path}: main-thread CPU ${runs.join(', ')}`);
  }
  await browser.close();
} finally {
  await server.stop();
}
