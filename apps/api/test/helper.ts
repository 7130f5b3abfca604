import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@filaha/db';
import { createTestDatabase, factories, getTestDb, type CreateUserOptions, type UserRow } from '@filaha/db/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { outboxDir, type OutboxEntry } from '../src/lib/mailer.ts';
import { signTokenWithExpiry } from '../src/lib/tokens.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  /** A fresh user (unique e-mail) with a valid token for them. */
  createUser(
    options?: CreateUserOptions,
  ): Promise<{ user: UserRow; password: string; token: string; headers: Record<string, string> }>;
  /** Every message the mailer wrote to `<DATA_DIR>/outbox/`, oldest first, after pending deliveries. */
  outbox(): Promise<OutboxEntry[]>;
  expiredToken(userId: number): Promise<string>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Builds the exact production app (buildApp) on the worker's test database with a temporary DATA_DIR.
 * `env` takes the same variables as the server, so tests exercise config parsing too.
 */
export interface TestAppOptions {
  /**
   * A database of its own (createTestDatabase), closed with the app, instead of the worker's shared one: for a file
   * whose data would change what the other files of the worker see (the demo data, the demo cells' weather).
   */
  ownDatabase?: boolean;
}

export async function buildTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'filaha-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web-build'),
    // No background jobs unless a test asks (apps/api/src/jobs/*.test.ts): they would compute for every parcel.
    WORKERS: '0',
    // A route answering an error code its contract does not declare fails the test with a 500.
    CONTRACT_CHECKS: 'true',
    ...env,
  });
  const database = options.ownDatabase ? await createTestDatabase() : await getTestDb();
  // Its own rate-limit counters: on PostgreSQL they live in the worker's shared test database.
  const app = await buildApp(config, { database, counterPrefix: `test-${randomUUID()}:` });

  return {
    app,
    database,
    config,
    dataDir,
    async createUser(options = {}) {
      const created = await factories.createUser(database, options);
      const token = await app.tokens.sign(created.user.id);
      return { ...created, token, headers: { authorization: `Bearer ${token}` } };
    },
    async outbox() {
      await app.background.idle();
      await app.mailer.flush();
      const dir = outboxDir(dataDir);
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as OutboxEntry));
    },
    expiredToken(userId) {
      return signTokenWithExpiry(TEST_JWT_SECRET, userId, Math.floor(Date.now() / 1000) - 60);
    },
    inject(options) {
      return app.inject(options);
    },
    async close() {
      await app.close();
      if (options.ownDatabase) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers beforeAll/afterAll for one app per test file; read `t.current` inside tests. */
export function useTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): { readonly current: TestApp } {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await buildTestApp(env, options);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  return {
    get current(): TestApp {
      if (!testApp) throw new Error('test app not built yet (use it inside a test)');
      return testApp;
    },
  };
}

/** Parses a JSON answer; fails loudly when the body is not JSON. */
export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@test.filaha.dz`,
  userName: 'Karim Benali',
  password: 'secret-pass-1',
  phone_number: '0550123456',
  profile_picture: 'profile.jpg',
  wilaya: 16,
  role_id: 2,
  ...overrides,
});
