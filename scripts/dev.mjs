#!/usr/bin/env node
// Development: the API with reload (tsx watch) and the Vite dev server with hot reload, side by side. Both run the
// TypeScript sources, of the workspace packages too (export condition `@filaha/source`): no build needed.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const procs = [
  spawn('npx', ['tsx', 'watch', '--conditions=@filaha/source', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    // A route answering an error code its contract does not declare answers 500 (docs/ARCHITECTURE.md).
    env: { CONTRACT_CHECKS: 'true', ...process.env },
  }),
  spawn('npx', ['vite'], { cwd: `${root}apps/web`, stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
