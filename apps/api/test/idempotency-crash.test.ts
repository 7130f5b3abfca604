/**
 * A keyed write whose process is killed (SIGKILL) right after its transaction commits, before the answer is sent:
 * the retry with the same Idempotency-Key, on a new process, gets the committed answer back and writes nothing
 * twice (plugins/idempotency.ts: the claim and the answer commit with the write). Real server processes, on the
 * embedded PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KILL_AFTER_COMMIT_ENV } from '../src/plugins/idempotency.ts';
import { validRegistration } from './helper.ts';
import { startHealthy, stopServer, withInitialData, type ServerProcess } from './server-process.ts';

const TEST_TIMEOUT_MS = 400_000;
const root = mkdtempSync(join(tmpdir(), 'filaha-idem-crash-'));
const spawned: ChildProcess[] = [];
afterAll(() => {
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const databaseUrl = process.env.DATABASE_URL;
/** The same database for both processes: the data folder on PGlite, the server on PostgreSQL. */
const baseEnv: Record<string, string> = {
  WORKERS: '0',
  DATA_DIR: join(root, 'data'),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, JWT_SECRET: 'idempotency-crash-test-secret-0123456789abcdef' } : {}),
};

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  return startHealthy(await withInitialData({ ...baseEnv, ...env }), spawned);
}

const call = (server: ServerProcess, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('Idempotency-Key across a crash between the commit and the answer', { timeout: TEST_TIMEOUT_MS }, () => {
  it('the retry on a new process replays the committed answer; the write exists once', async () => {
    const first = await start({ [KILL_AFTER_COMMIT_ENV]: '1' });
    const registration = validRegistration();
    expect((await call(first, 'POST', '/api/auth/register', {}, registration)).status).toBe(201);
    const login = await call(
      first,
      'POST',
      '/api/auth/login',
      {},
      {
        email: registration.email,
        password: registration.password,
      },
    );
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() };
    const item = { name: `Blé ${randomUUID().slice(0, 8)}`, unit: 'q', kind: 'product' };

    // The process kills itself once the write is committed: the client never gets an answer.
    await expect(call(first, 'POST', '/api/stock/items', headers, item)).rejects.toThrow();
    expect((await first.exit).signal).toBe('SIGKILL');

    const second = await start();
    try {
      const retry = await call(second, 'POST', '/api/stock/items', headers, item);
      expect(retry.status, await retry.clone().text()).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const created = (await retry.json()) as { id: number; name: string };
      expect(created.name).toBe(item.name);
      const list = await call(second, 'GET', '/api/stock/items', { authorization: headers.authorization });
      const items = (await list.json()) as Array<{ id: number; name: string }>;
      expect(items.filter((i) => i.name === item.name).map((i) => i.id)).toEqual([created.id]);
    } finally {
      await stopServer(second);
    }
  });
});
