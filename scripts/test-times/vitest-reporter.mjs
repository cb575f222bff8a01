/**
 * A Vitest reporter for `npm test`'s timings (scripts/test.mjs): each file's whole cost and each test's time, as
 * JSON at the path in VITEST_TIMES_FILE. Vitest's own JSON report times a file from its first test to its last, so
 * it leaves out what a file spends before them (importing the server, building its database in beforeAll), which
 * is most of what a slow file costs.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export default class TimesReporter {
  onInit(vitest) {
    this.vitest = vitest;
  }

  // Vitest fails a run for an error no test owns (an unhandled rejection after a test ended, say) and prints it far
  // up the log; it is kept here so that the summary can name it where a reader of a long CI log looks.
  onTestRunEnd(testModules, unhandledErrors = []) {
    const output = process.env.VITEST_TIMES_FILE;
    if (!output) return;
    const files = [];
    const tests = [];
    for (const module of testModules) {
      const file = path.relative(root, module.moduleId);
      const project = module.project.name;
      const { prepareDuration, environmentSetupDuration, setupDuration, collectDuration, duration } =
        module.diagnostic();
      files.push({
        file,
        project,
        // What the file cost its worker: starting it, importing its modules, then its hooks and tests.
        ms: prepareDuration + environmentSetupDuration + setupDuration + collectDuration + duration,
        importMs: collectDuration,
      });
      for (const test of module.children.allTests()) {
        const { duration: ms = 0 } = test.diagnostic() ?? {};
        tests.push({ file, project, name: test.fullName, ms });
      }
    }
    const outside = unhandledErrors.map((error) => ({
      name: error?.name,
      message: String(error?.message ?? error),
      stack: typeof error?.stack === 'string' ? error.stack.split('\n').slice(0, 8).join('\n') : undefined,
      // Vitest names the file and test that were running when the error came, where it knows them.
      during: error?.testName ?? error?.VITEST_TEST_NAME,
      file: error?.VITEST_TEST_PATH ? path.relative(root, error.VITEST_TEST_PATH) : undefined,
    }));
    fs.writeFileSync(output, JSON.stringify({ files, tests, outside }));
  }
}
