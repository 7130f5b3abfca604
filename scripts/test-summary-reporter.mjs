// A vitest reporter beside the default one: writes coverage/test-summary.json (per project: tests passed, failed,
// skipped; per file: its project and wall time) for scripts/test.mjs's closing lines and the CI timing table in
// docs/ARCHITECTURE.md. vitest's own JSON report does not say which project ran a file, and the database projects run
// the same files twice (embedded and PostgreSQL).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

export default class TestSummaryReporter {
  constructor() {
    this.outputFile = process.env.TEST_SUMMARY_FILE ?? 'coverage/test-summary.json';
  }

  onInit(vitest) {
    this.root = vitest.config.root;
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const projects = {};
    const files = [];
    /** Every failed test with the first lines of its error, printed again at the very end of `npm test`. */
    const failures = [];
    const firstLines = (errors) =>
      (errors ?? [])
        .map((e) =>
          String(e?.message ?? e)
            .split('\n')
            .slice(0, 3)
            .join(' | '),
        )
        .join(' ; ')
        .slice(0, 400);
    for (const module of testModules) {
      const project = module.project.name;
      const row = (projects[project] ??= { passed: 0, failed: 0, skipped: 0, files: 0 });
      row.files++;
      const file = relative(this.root, module.moduleId);
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) {
        row.failed++;
        failures.push({ project, file, test: '(the file itself)', error: firstLines(module.errors()) });
      }
      for (const test of module.children.allTests()) {
        const result = test.result();
        const state = result.state;
        if (state === 'passed') row.passed++;
        else if (state === 'failed') {
          row.failed++;
          failures.push({ project, file, test: test.fullName, error: firstLines(result.errors) });
        } else row.skipped++;
      }
      files.push({
        project,
        file,
        ms: Math.round(module.diagnostic().duration),
        state: module.state(),
      });
    }
    files.sort((a, b) => b.ms - a.ms);
    const total = Object.values(projects).reduce(
      (sum, p) => ({
        passed: sum.passed + p.passed,
        failed: sum.failed + p.failed,
        skipped: sum.skipped + p.skipped,
      }),
      { passed: 0, failed: 0, skipped: 0 },
    );
    const out = {
      wallMs: Date.now() - this.startedAt,
      unhandledErrors: unhandledErrors.length,
      // Errors outside any test (an unhandled rejection after a file ended): the run fails on them too.
      unhandled: unhandledErrors.map((e) => firstLines([e])),
      total,
      failures,
      projects,
      files,
    };
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify(out, null, 2)}\n`);
  }
}
