// Runs `drizzle-kit generate` for this package.
// Why: npm hoisted drizzle-kit to the root but kept drizzle-orm inside packages/db/node_modules, and
// drizzle-kit imports drizzle-orm from its own location. A throw-away folder of symlinks plus
// --preserve-symlinks lets it resolve the package's drizzle-orm without touching the installed tree.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(pkgDir, 'package.json'));
const kitDir = dirname(require.resolve('drizzle-kit'));
const ormDir = dirname(require.resolve('drizzle-orm'));

const shim = mkdtempSync(join(tmpdir(), 'filaha-drizzle-kit-'));
try {
  mkdirSync(join(shim, 'node_modules'));
  symlinkSync(kitDir, join(shim, 'node_modules', 'drizzle-kit'));
  symlinkSync(ormDir, join(shim, 'node_modules', 'drizzle-orm'));
  const bin = join(shim, 'node_modules', 'drizzle-kit', 'bin.cjs');
  const run = spawnSync(
    process.execPath,
    ['--preserve-symlinks', '--preserve-symlinks-main', bin, 'generate', ...process.argv.slice(2)],
    { cwd: pkgDir, stdio: 'inherit' },
  );
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(shim, { recursive: true, force: true });
}
