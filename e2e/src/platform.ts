import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface Platform {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** A port nothing listens on now (the OS's choice), for a process started next. */
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

/** The child could not listen on its port: another process took it after `freePort` released it. */
class PortTakenError extends Error {}

/**
 * Starts the platform as `npm run serve` does (embedded database in a fresh temp DATA_DIR, demo data on) and waits
 * until /api/health answers. The API and the workspace packages run from their TypeScript sources through tsx
 * (export condition `@filaha/source`), so the tests need no `npm run build`; the web app must have been built
 * (`npm run build:web`, which `npm test` does).
 *
 * Another process may take the free port before the child binds it (the child then stops, saying so): the start is
 * tried again on another port. A health answer counts only once the child has said it listens on the port, so a
 * stranger on that port is never taken for the platform.
 */
export async function startPlatform(extraEnv: Record<string, string> = {}): Promise<Platform> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(extraEnv);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 4) throw error;
    }
  }
}

async function startOnce(extraEnv: Record<string, string>): Promise<Platform> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'filaha-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    // The demo cooperative's ~2,000 own parcels cost every platform about a minute of tile passes: only the
    // territory test asks for them.
    DEMO_TERRITORY: 'false',
    // The demo cells' weather is synthetic; a parcel a test draws elsewhere would ask Open-Meteo, which the tests
    // never reach: a closed local port answers at once.
    WEATHER_API_URL: 'http://127.0.0.1:9',
    WEATHER_ARCHIVE_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@filaha/source', '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      const message = `platform exited with ${child.exitCode}:\n${out}`;
      throw /is already in use by another process|was taken by another process/.test(out)
        ? new PortTakenError(message)
        : new Error(message);
    }
    if (out.includes(`Filaha is running at ${url} `)) {
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`platform did not become healthy in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
