import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@filaha/db/testing';
import type { JobsOverview } from '@filaha/shared';
import type { HealthAnswer } from '@filaha/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TEST_JWT_SECRET } from './helper.ts';
import { startHealthy, stopServer, type ServerProcess } from './server-process.ts';

/*
 * Issue 28 §1: two real API processes on one PostgreSQL database, each with its own local file folder (no S3_*):
 * a photo written through one answered 404 through the other. Each records its folder at start-up; a process
 * that finds another live folder warns in its log, on /api/health and on the jobs page. Needs a PostgreSQL
 * server: without DATABASE_URL the suite says why it is skipped.
 */
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) console.log('storage-location test skipped: DATABASE_URL is not set (it needs a PostgreSQL server)');

const ADMIN = { email: 'admin@storage-location.test', password: 'admin-password-1' };
const WARNING = 'files written by one process are not visible to the others: set S3_*';

interface Api {
  server: ServerProcess;
  dataDir: string;
}

async function startApi(name: string, databaseUrl: string): Promise<Api> {
  const dataDir = await mkdtemp(join(tmpdir(), `filaha-loc-${name}-`));
  const server = await startHealthy({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  }).catch((error: unknown) => {
    throw new Error(`API ${name}: ${(error as Error).message}`, { cause: error });
  });
  return { server, dataDir };
}

async function stopApi(api: Api | undefined): Promise<void> {
  if (!api) return;
  await stopServer(api.server);
  await rm(api.dataDir, { recursive: true, force: true });
}

type Health = z.infer<typeof HealthAnswer>;
const health = async (api: Api) => (await (await fetch(`${api.server.url}/api/health`)).json()) as Health;

describe.skipIf(!serverUrl)('local storage under several API processes on PostgreSQL', () => {
  let database: ScratchDatabase | undefined;
  let a: Api | undefined;
  let b: Api | undefined;

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl ?? '', 'filaha_loc');
    a = await startApi('A', database.url);
  }, 360_000);

  afterAll(async () => {
    await Promise.all([stopApi(a), stopApi(b)]);
    await database?.drop();
  }, 60_000);

  it('says nothing while one process keeps the files', async () => {
    expect(await health(a!)).toMatchObject({ status: 'ok', problems: [] });
    expect(a!.server.output()).not.toContain(WARNING);
  });

  it(
    'warns in the log, on /api/health and on the jobs page once a second folder is in use',
    { timeout: 360_000 },
    async () => {
      b = await startApi('B', database!.url);
      const folderOf = (api: Api) => `${hostname()}:${join(api.dataDir, 'files')}`;

      // B finds A's folder at start-up and says so in its log.
      expect(b.server.output()).toContain(WARNING);
      expect(b.server.output()).toContain(folderOf(a!));

      // Both answer degraded: A learns of B on demand.
      for (const [here, other] of [
        [b, a!],
        [a!, b],
      ] as const) {
        const answer = await health(here);
        expect(answer.status).toBe('degraded');
        expect(answer.problems).toEqual([
          { code: 'storage_not_shared', message: `${WARNING} (here ${folderOf(here)}; also ${folderOf(other)})` },
        ]);
      }

      const login = await fetch(`${b.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const jobs = await fetch(`${b.server.url}/api/admin/jobs`, { headers: { authorization: `Bearer ${token}` } });
      expect(jobs.status).toBe(200);
      const overview = (await jobs.json()) as JobsOverview;
      expect(overview.storageNotShared).toEqual([
        { host: hostname(), path: join(a!.dataDir, 'files'), lastSeen: expect.any(String) as string },
      ]);
    },
  );
});
