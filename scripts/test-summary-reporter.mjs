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
    for (const module of testModules) {
      const project = module.project.name;
      const row = (projects[project] ??= { passed: 0, failed: 0, skipped: 0, files: 0 });
      row.files++;
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) row.failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') row.passed++;
        else if (state === 'failed') row.failed++;
        else row.skipped++;
      }
      files.push({
        project,
        file: relative(this.root, module.moduleId),
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
      total,
      projects,
      files,
    };
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify(out, null, 2)}\n`);
  }
}
