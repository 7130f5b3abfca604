/**
 * The real server as an operator starts it (`npm run serve`), run from its sources through tsx (the workspace
 * packages' sources too: export condition `@filaha/source`, no build needed), for the tests that need whole
 * processes (process-safety, two-process): spawn with a clean environment, wait for /api/health, stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pgliteTemplateFile } from '@filaha/db/testing';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
/**
 * Generous: a first start creates and migrates the embedded database (about 17 s alone), and took over 180 s on a
 * 2-core machine loaded by the rest of the suite. A limit against hangs, not a speed target.
 */
export const START_TIMEOUT_MS = 360_000;

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  output(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `env` plus PGLITE_INITIAL_DATA on the embedded database: a new DATA_DIR then starts from the migrated template the
 * test workers' own databases use (built once per machine) instead of creating PostGIS and migrating, about 17 s of
 * CPU each time. The full first start stays covered: by the template's own build and the migration tests, and by the
 * servers started without it (disk-full's first start, build-output's `npm start`).
 */
export async function withInitialData(env: Record<string, string>): Promise<Record<string, string>> {
  if (env.DATABASE_URL) return env;
  return { PGLITE_INITIAL_DATA: await pgliteTemplateFile(), ...env };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/**
 * Starts a server with a clean environment: nothing from the test run's own settings (DATABASE_URL, ADMIN_*…)
 * leaks into it; `env` says everything else. Every child is recorded in `spawned` so a file can kill leftovers.
 */
export function spawnServer(env: Record<string, string>, spawned: ChildProcess[] = []): ServerProcess {
  const child = spawn(process.execPath, ['--conditions=@filaha/source', '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      TMPDIR: tmpdir(),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      // The general per-address limit must not interfere with tests that send many requests.
      RATE_LIMIT_MAX: '100000',
      WEB_DIST: join(tmpdir(), 'filaha-no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) =>
    child.once('exit', (code, signal) => ok({ code, signal })),
  );
  return { child, pid: child.pid ?? 0, url: `http://127.0.0.1:${env.PORT ?? '8080'}`, output: () => out, exit };
}

/** The child could not listen on its port: another process took it after `freePort` released it. */
export class PortTakenError extends Error {}

/** What server.ts prints once it listens on its port (exclusively: no other process can share it). */
const RUNNING = 'Filaha is running at ';

/**
 * Polls /api/health until it answers; throws with the server's output if it exits or takes too long.
 *
 * An answer counts only after the child has printed that it listens on `server.url`: until then the port may belong
 * to another process (a test's own HTTP server that took the number between `freePort` and the child's bind, and
 * answers every path with 200), and a health check there would hand the test a stranger.
 */
export async function waitHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.child.exitCode !== null) {
      const output = server.output();
      const message = `server exited with ${server.child.exitCode}:\n${output}`;
      throw /is already in use by another process|was taken by another process/.test(output)
        ? new PortTakenError(message)
        : new Error(message);
    }
    if (server.output().includes(`${RUNNING}${server.url} `)) {
      try {
        // A bounded request: one the server accepted but did not answer (busy) is asked again, not awaited past the
        // deadline.
        const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
        if (res.ok) return;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`server did not become healthy in time:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Spawns a server on a free port and waits until it is healthy. Another process may take the port between
 * `freePort` and the child's bind (the child then refuses to start, saying so): the start is tried again on another
 * port, up to `tries` times. With `env.PORT` set, that port only, once.
 */
export async function startHealthy(
  env: Record<string, string>,
  spawned: ChildProcess[] = [],
  tries = 4,
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const server = spawnServer({ PORT: String(await freePort()), ...env }, spawned);
    try {
      await waitHealthy(server);
      return server;
    } catch (error) {
      if (!(error instanceof PortTakenError) || env.PORT !== undefined || attempt >= tries) throw error;
    }
  }
}

/** SIGTERM, then SIGKILL if the graceful close takes more than 10 s. */
export async function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await Promise.race([server.exit, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
