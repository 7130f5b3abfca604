import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript module of the repository's scripts (no declarations)
import { runQuietly as untyped } from '../../../scripts/lib/quiet-step.mjs';

/**
 * Issue 27 §3: the first `npm start` printed the web build's chunk table, the bundler's and plugins' warnings. A
 * build made on behalf of start, worker or test (scripts/build.mjs --if-stale) prints one line as it starts and one
 * as it ends; its output goes to a log, and only a failure shows its end.
 */
const runQuietly = untyped as (
  label: string,
  cmd: string,
  args: string[],
  options: { cwd: string; logFile: string; print: (line: string) => void },
) => Promise<number>;

const dir = mkdtempSync(join(tmpdir(), 'filaha-quiet-'));
const logFile = join(dir, 'logs', 'build.log');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function step(label: string, script: string) {
  const printed: string[] = [];
  const status = await runQuietly(label, process.execPath, ['-e', script], {
    cwd: dir,
    logFile,
    print: (line) => printed.push(line),
  });
  return { status, printed };
}

describe('a build step run for npm start', () => {
  it('prints a start line and an end line, and keeps its output and warnings in the log', async () => {
    const { status, printed } = await step(
      'Building the web app',
      'console.log("dist/assets/app.js  81.2 kB"); console.error("WARN inlineDynamicImports option is deprecated")',
    );
    expect(status).toBe(0);
    expect(printed).toHaveLength(2);
    expect(printed[0]).toBe('Building the web app…');
    expect(printed[1]).toMatch(/^Building the web app: done in \d+ s \(details: .*build\.log\)$/);
    expect(printed.join('\n')).not.toMatch(/kB|deprecated/);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('81.2 kB');
    expect(log).toContain('inlineDynamicImports option is deprecated');
  });

  it('on a failure prints the end of that step’s output only, and says where the whole log is', async () => {
    const { status, printed } = await step(
      'Building the web app',
      'console.error("error TS2322: nope"); process.exit(3)',
    );
    expect(status).toBe(3);
    const shown = printed.join('\n');
    expect(shown).toContain('error TS2322: nope');
    // The earlier, successful step's output stays in the log but is not shown again.
    expect(shown).not.toContain('81.2 kB');
    expect(printed.at(-1)).toBe(`Building the web app: failed (exit status 3); the whole output is in ${logFile}`);
  });

  it('a command that cannot start is a failure with its reason', async () => {
    const printed: string[] = [];
    const status = await runQuietly('Step', join(dir, 'no-such-command'), [], {
      cwd: dir,
      logFile,
      print: (line) => printed.push(line),
    });
    expect(status).toBe(1);
    expect(printed.join('\n')).toContain('ENOENT');
  });
});
