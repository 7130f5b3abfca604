/**
 * The real server as an operator starts it (`npm run serve`, here from its sources through tsx), several times on one
 * data folder: a second process on the folder or on the port stops before it writes, kill -9 loses no
 * confirmed write, and start-up failures name the setting at fault in one line.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validRegistration } from './helper.ts';
import {
  freePort,
  spawnServer,
  startHealthy,
  withInitialData,
  START_TIMEOUT_MS,
  type ServerProcess as Server,
} from './server-process.ts';

const EXIT_TIMEOUT_MS = 120_000;
/** Each test starts or refuses a few servers; only a hang should reach this. */
const TEST_TIMEOUT_MS = 600_000;
const PASSWORD = 'secret-pass-1';

const root = mkdtempSync(join(tmpdir(), 'filaha-process-'));
/** Every server this file started: none may outlive it, even when a test fails half-way. */
const spawned: ChildProcess[] = [];
afterAll(() => {
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

async function startServer(env: Record<string, string>): Promise<Server> {
  // No background jobs in the running server: the checks compare the data folder before and after a refused
  // start, and the job queue's own writes (pg-boss installing its schema, its maintenance) would land between.
  return startHealthy(await withInitialData({ WORKERS: '0', ...env }), spawned);
}

async function waitExit(server: Server): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const timeout = new Promise<never>((_, fail) =>
    setTimeout(() => {
      server.child.kill('SIGKILL');
      fail(new Error(`server did not exit:\n${server.output()}`));
    }, EXIT_TIMEOUT_MS).unref(),
  );
  return Promise.race([server.exit, timeout]);
}

/** Runs a server that is expected to refuse to start: its exit code, how long it took, and what it printed. */
async function refusedStart(env: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    // Without a PORT, a free one: if another process took it before the child bound it, the refusal is about the
    // port, not about what the test sets up, and the start is tried again on another.
    const server = spawnServer({ ...env }, spawned);
    const { code } = await waitExit(server);
    const lines = server
      .output()
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const last = lines.at(-1) ?? '';
    if (env.PORT === undefined && attempt < 4 && /^PORT: .* is already in use/.test(last)) continue;
    return { code, lines, last, seconds: (Date.now() - started) / 1000 };
  }
}

/** No stack trace: no "    at fn (file:line)" line. */
function expectNoStack(lines: string[]) {
  expect(lines.filter((l) => /^at\s/.test(l))).toEqual([]);
}

async function post(url: string, path: string, body: unknown) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Signs up `count` farmers and returns the e-mails whose sign-up was confirmed (201). */
async function signUps(url: string, count: number, tag: string): Promise<string[]> {
  const confirmed: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${tag}-${i}-${Date.now().toString(36)}@test.filaha.dz`;
    const res = await post(url, '/api/auth/register', validRegistration({ email, password: PASSWORD }));
    expect(res.status, await res.clone().text()).toBe(201);
    confirmed.push(email);
  }
  return confirmed;
}

async function expectAllSignIn(url: string, emails: string[]) {
  const failed: string[] = [];
  for (const email of emails) {
    const res = await post(url, '/api/auth/login', { email, password: PASSWORD });
    if (res.status !== 200) failed.push(`${email}: ${res.status}`);
  }
  expect(failed).toEqual([]);
}

/** Every file under `dir` with its size and modification time: "nothing written" means this is unchanged. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const s = statSync(path);
        files[path.slice(dir.length)] = `${s.size}:${s.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return files;
}

async function stop(server: Server | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await waitExit(server);
}

/**
 * The servers these tests start have a clean environment (server-process.ts) and their own embedded database or a
 * database URL of their own: what they check does not depend on the engine of the test run. They run in the
 * embedded pass; the PostgreSQL pass (DATABASE_URL set) runs the case that needs that server.
 */
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(databaseUrl)(
  'the embedded database folder belongs to one process',
  { timeout: TEST_TIMEOUT_MS },
  () => {
    const dataDir = join(root, 'data');
    const confirmed: string[] = [];
    let first: Server | undefined;

    beforeAll(async () => {
      first = await startServer({ DATA_DIR: dataDir });
    }, START_TIMEOUT_MS);

    afterAll(async () => {
      await stop(first);
    });

    it('refuses a second process on the same DATA_DIR at once, naming the folder and the holder, touching nothing', async () => {
      const running = first as Server;
      confirmed.push(...(await signUps(running.url, 10, 'before')));
      const before = snapshot(dataDir);

      const second = await refusedStart({ DATA_DIR: dataDir });
      console.log(`second process on the same DATA_DIR refused in ${second.seconds.toFixed(1)} s: ${second.last}`);
      expect(second.code).not.toBe(0);
      expect(second.last).toContain(`DATA_DIR: ${dataDir}`);
      expect(second.last).toContain(`process ${running.pid}`);
      expectNoStack(second.lines);
      expect(snapshot(dataDir)).toEqual(before);
      expect(readFileSync(join(dataDir, 'filaha.lock'), 'utf8').trim()).toBe(String(running.pid));

      // The first one is unaffected and keeps taking writes.
      confirmed.push(...(await signUps(running.url, 10, 'after')));
    });

    it('keeps every confirmed write through a stop and a restart', async () => {
      const running = first as Server;
      running.child.kill('SIGTERM');
      expect((await waitExit(running)).code).toBe(0);
      first = await startServer({ DATA_DIR: dataDir });
      await expectAllSignIn(first.url, confirmed);
    });

    it('writes nothing when the port is busy: neither in the folder in use nor in a new folder', async () => {
      const before = snapshot(dataDir);
      const port = new URL((first as Server).url).port;
      const sameFolder = await refusedStart({ DATA_DIR: dataDir, PORT: port });
      expect(sameFolder.code).not.toBe(0);
      expect(sameFolder.last).toMatch(/^PORT: 127\.0\.0\.1:\d+ is already in use/);
      expectNoStack(sameFolder.lines);
      expect(snapshot(dataDir)).toEqual(before);

      // A port held by something else entirely, and a folder that does not exist yet: it is not even created.
      const other = createServer();
      await new Promise<void>((ok) => other.listen(0, '127.0.0.1', ok));
      const address = other.address();
      const busy = typeof address === 'object' && address ? address.port : 0;
      const freshDir = join(root, 'never-created');
      try {
        const fresh = await refusedStart({ DATA_DIR: freshDir, PORT: String(busy) });
        expect(fresh.code).not.toBe(0);
        expect(fresh.last).toMatch(/^PORT: .* is already in use/);
        expect(existsSync(freshDir)).toBe(false);
      } finally {
        await new Promise((ok) => other.close(ok));
      }
    });

    it('starts again after kill -9 (no stale lock) and keeps every confirmed write', async () => {
      const running = first as Server;
      confirmed.push(...(await signUps(running.url, 10, 'before-kill')));
      running.child.kill('SIGKILL');
      expect((await waitExit(running)).signal).toBe('SIGKILL');

      first = await startServer({ DATA_DIR: dataDir });
      expect(readFileSync(join(dataDir, 'filaha.lock'), 'utf8').trim()).toBe(String(first.pid));
      await expectAllSignIn(first.url, confirmed);
    });
  },
);

describe.skipIf(databaseUrl)(
  'start-up failures name the setting at fault, in one line',
  { timeout: TEST_TIMEOUT_MS },
  () => {
    it('DATA_DIR that cannot be written (a path through a file)', async () => {
      const file = join(root, 'a-file');
      writeFileSync(file, 'not a folder');
      const dataDir = join(file, 'sub');
      const embedded = await refusedStart({ DATA_DIR: dataDir });
      expect(embedded.code).not.toBe(0);
      expect(embedded.last).toMatch(/^DATA_DIR: .*a-file\/sub cannot be used as a writable data folder/);
      expectNoStack(embedded.lines);

      // With a database server the folder is still used (files, mail outbox): checked before connecting.
      const server = await refusedStart({
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://filaha@127.0.0.1:${await freePort()}/filaha`,
        JWT_SECRET: 'x'.repeat(40),
      });
      expect(server.code).not.toBe(0);
      expect(server.last).toMatch(/^DATA_DIR: /);
    });

    it('DATABASE_URL unreachable: retries for DATABASE_WAIT, says so, then stops (credentials not shown)', async () => {
      const dbPort = await freePort();
      const result = await refusedStart({
        DATA_DIR: join(root, 'unreachable'),
        DATABASE_URL: `postgres://filaha:hunter2-secret@127.0.0.1:${dbPort}/filaha`,
        DATABASE_WAIT: '2s',
        JWT_SECRET: 'x'.repeat(40),
      });
      expect(result.code).not.toBe(0);
      expect(result.lines.join('\n')).toContain('retrying for up to 2 s (DATABASE_WAIT)');
      expect(result.last).toMatch(
        new RegExp(`^DATABASE_URL: cannot reach the database at 127\\.0\\.0\\.1:${dbPort}/filaha within 2 s`),
      );
      expect(result.lines.join('\n')).not.toContain('hunter2-secret');
      expectNoStack(result.lines);
    });

    it('JWT_SECRET too short', async () => {
      const result = await refusedStart({ DATA_DIR: join(root, 'short'), JWT_SECRET: 'too-short' });
      expect(result.code).not.toBe(0);
      expect(result.lines).toEqual([expect.stringMatching(/^Invalid configuration: JWT_SECRET: must be at least 32/)]);
      expect(result.last).not.toContain('too-short');
    });

    it('DATABASE_URL without JWT_SECRET', async () => {
      const result = await refusedStart({
        DATA_DIR: join(root, 'no-secret'),
        DATABASE_URL: 'postgres://filaha@127.0.0.1:5432/filaha',
      });
      expect(result.code).not.toBe(0);
      expect(result.lines).toEqual([
        expect.stringMatching(/^Invalid configuration: JWT_SECRET: required when DATABASE_URL is set/),
      ]);
    });
  },
);

describe.skipIf(!databaseUrl)('start-up on a PostgreSQL server', { timeout: TEST_TIMEOUT_MS }, () => {
  it('PostGIS missing in the database (a user who cannot create it)', async () => {
    const name = `filaha_nogis_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE ${name} LOGIN PASSWORD 'nogis-pass'`);
      // The role owns the database (so it may create tables and trusted extensions) but is no superuser:
      // PostGIS is not a trusted extension, so the first migration cannot create it.
      await admin.query(`CREATE DATABASE ${name} OWNER ${name} TEMPLATE template0`);
      const url = new URL(databaseUrl ?? '');
      url.username = name;
      url.password = 'nogis-pass';
      url.pathname = `/${name}`;
      const result = await refusedStart({
        DATA_DIR: join(root, 'nogis'),
        DATABASE_URL: url.toString(),
        DATABASE_WAIT: '0',
        JWT_SECRET: 'x'.repeat(40),
      });
      expect(result.code).not.toBe(0);
      expect(result.last).toMatch(/^PostGIS: /);
      expect(result.last).toContain('DATABASE_URL');
      expectNoStack(result.lines);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.query(`DROP ROLE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    }
  });
});
