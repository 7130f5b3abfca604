import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript script of the repository (no declarations), run by any old Node.js
import { nodeVersionProblem } from '../../../scripts/check-node.mjs';

/**
 * Issue 27 §3: on an older Node.js, `npm start`, `npm test` (scripts/check-node.mjs, one line) and `npm ci`
 * (engine-strict against engines.node) refuse at once. The machine's own Node 20, where there is one, is used for real.
 */
const root = resolve(import.meta.dirname, '../../..');
const guard = join(root, 'scripts/check-node.mjs');
const NODE20 = '/usr/bin/node';
const node20 = existsSync(NODE20) && /^v20\./.test(spawnSync(NODE20, ['--version'], { encoding: 'utf8' }).stdout ?? '');
if (!node20) console.warn(`No Node.js 20 at ${NODE20}: the guard's run under a real Node 20 is skipped`);

const problem = nodeVersionProblem as (version: string) => string | null;

describe('the Node.js guard', () => {
  it('says in one line which version is needed and how to get it, for any Node.js older than 24', () => {
    for (const version of ['v20.20.2', '22.11.0', '18.0.0']) {
      const line = problem(version);
      expect(line).toContain('Node.js 24');
      expect(line).toContain(version.replace(/^v/, ''));
      expect(line).toContain('nvm install 24');
      expect(line?.includes('\n')).toBe(false);
    }
    expect(problem('24.0.0')).toBeNull();
    expect(problem('v25.1.0')).toBeNull();
  });

  it('lets this Node.js through silently', () => {
    const run = spawnSync(process.execPath, [guard], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe('');
  });

  it('is called first by start, test, build, dev and worker; npm ci is strict about engines', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
      scripts: Record<string, string>;
    };
    expect(pkg.engines.node).toBe('>=24');
    for (const name of ['start', 'test', 'build', 'dev', 'worker'])
      expect(pkg.scripts[name]?.startsWith('node scripts/check-node.mjs && ')).toBe(true);
    expect(readFileSync(join(root, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  it.skipIf(!node20)('under a real Node 20: the guard prints its one line and exits 1', () => {
    const run = spawnSync(NODE20, [guard], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const version = spawnSync(NODE20, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    expect(run.stderr).toBe(`${problem(version)}\n`);
  });

  it.skipIf(!node20 || !existsSync('/usr/bin/npm'))(
    'under a real Node 20: npm ci refuses before installing anything (EBADENGINE)',
    () => {
      // A copy of what npm ci reads (manifests, lockfile, .npmrc); --dry-run --offline: nothing is fetched or written.
      const dir = mkdtempSync(join(tmpdir(), 'filaha-node20-'));
      try {
        const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
        for (const file of [
          'package.json',
          'package-lock.json',
          '.npmrc',
          ...pkg.workspaces.map((w) => `${w}/package.json`),
        ]) {
          mkdirSync(dirname(join(dir, file)), { recursive: true });
          copyFileSync(join(root, file), join(dir, file));
        }
        const run = spawnSync('/usr/bin/npm', ['ci', '--dry-run', '--offline'], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, PATH: `/usr/bin:${process.env.PATH ?? ''}` },
        });
        expect(run.status).toBe(1);
        expect(run.stderr).toContain('npm error code EBADENGINE');
        expect(run.stderr).toContain('"node":">=24"');
        expect(existsSync(join(dir, 'node_modules'))).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
