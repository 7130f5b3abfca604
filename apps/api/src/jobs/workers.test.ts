import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  alertSettings,
  alerts,
  catalogAcquisitions,
  catalogPolls,
  count,
  createDb,
  desc,
  eq,
  seed,
  seriesPoints,
  sql,
  type Database,
} from '@filaha/db';
import { createScratchDatabase, factories, squarePolygon, type ScratchDatabase } from '@filaha/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../lib/mailer.ts';
import { createImagery } from '../lib/imagery/imagery.ts';
import { QUEUES } from './queue.ts';
import { createJobRuntime, type JobRuntime } from './runtime.ts';
import { demoItems, oneAlertPerPoint, smallCatalog, waitFor, type DemoItem } from './test-support/catalog.ts';

/*
 * Issue 15 §4, acceptance 4: real worker processes (`npm run worker`'s worker, from its sources through tsx)
 * on one PostgreSQL database, 100 watched parcels (20 tile pass jobs of 5), one new acquisition in a small static
 * STAC catalog: every
 * point computed exactly once, every alert created exactly once, every e-mail sent once; then a worker killed
 * (SIGKILL) while it holds a job: the job is taken back after its timeout and finished by the other worker, and
 * nothing is lost or duplicated. Needs a PostgreSQL server: CI runs it with DATABASE_URL set.
 */
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) console.log('two-worker test skipped: DATABASE_URL is not set (it needs a PostgreSQL server)');

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const PARCELS = 100;
/** Parcels per tile pass job (TILE_PASS_PARCELS): the tile's 100 parcels make 20 jobs, so both workers get some. */
const CHUNK = 5;
const JOBS = PARCELS / CHUNK;
/** Short, so a killed worker's job comes back within seconds. */
const JOB_TIMEOUT_S = 6;

interface WorkerProcess {
  name: string;
  child: ChildProcess;
  dataDir: string;
  output(): string;
  /** Ids of the tile pass jobs this worker started (from its debug log). */
  started(): string[];
  exited: Promise<unknown>;
}

function spawnWorker(name: string, databaseUrl: string, catalogDir: string, dataDir: string): WorkerProcess {
  const child = spawn(process.execPath, ['--conditions=@filaha/source', '--import', 'tsx', 'apps/api/src/worker.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      TMPDIR: tmpdir(),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      DATA_DIR: dataDir,
      STAC_CATALOG_PATH: catalogDir,
      WORKERS: '3',
      TILE_PASS_PARCELS: String(CHUNK),
      CATALOG_POLL_SCHEDULE: 'off',
      // No weather refresh: it would ask Open-Meteo on the internet for these parcels' cells.
      WEATHER_SCHEDULE: 'off',
      JOB_TIMEOUT: String(JOB_TIMEOUT_S),
      JOB_RETRY_DELAY: '1',
      LOG_LEVEL: 'debug',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((ok) => child.once('exit', ok));
  return {
    name,
    child,
    dataDir,
    output: () => out,
    started: () =>
      out
        .split('\n')
        .filter((l) => l.includes('"job started"'))
        .map((l) => (JSON.parse(l) as { job: string }).job),
    exited,
  };
}

async function stopWorker(worker: WorkerProcess | undefined) {
  if (!worker || worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  worker.child.kill('SIGTERM');
  await Promise.race([worker.exited, new Promise((ok) => setTimeout(ok, 45_000))]);
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
}

describe.skipIf(!serverUrl)('two worker processes on one PostgreSQL database', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let runtime: JobRuntime;
  let catalog: Awaited<ReturnType<typeof smallCatalog>>;
  let items: DemoItem[];
  let a: WorkerProcess | undefined;
  let b: WorkerProcess | undefined;
  const parcelIds: number[] = [];
  const dirs: string[] = [];

  const jobs = (queue: string) =>
    database.db.execute<{
      id: string;
      state: string;
      retry_count: number;
      singleton_key: string;
      output: Record<string, unknown> | null;
      acquisition: string | null;
      parcels: number[] | null;
    }>(
      sql`SELECT id::text AS id, state::text AS state, retry_count, singleton_key, output,
                 data->>'acquisition' AS acquisition, data->'parcelIds' AS parcels
            FROM pgboss.job WHERE name = ${queue}`,
    );
  const keyOf = async (date: string) =>
    (await database.db.select().from(catalogAcquisitions).where(eq(catalogAcquisitions.date, date)))[0]!.key;
  const pointsOf = async (date: string) =>
    (await database.db.select({ n: count() }).from(seriesPoints).where(eq(seriesPoints.date, date)))[0]!.n;
  const outboxCount = async () => {
    let n = 0;
    for (const w of [a, b]) {
      if (!w) continue;
      n += (await readdir(join(w.dataDir, 'outbox')).catch(() => [] as string[])).filter((f) =>
        f.endsWith('.json'),
      ).length;
    }
    return n;
  };
  /**
   * Holds `table` against writes (SHARE lock, in a transaction of a connection of its own) until the answered
   * function is called: readers go on, a writer waits inside its own transaction.
   */
  const holdAgainstWrites = async (table: 'series_points' | 'parcels') => {
    const locker = await createDb({ databaseUrl: scratch.url, dataDir: tmpdir() });
    let release: () => void = () => undefined;
    let taken: () => void = () => undefined;
    const lockTaken = new Promise<void>((ok) => (taken = ok));
    const locked = locker.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`LOCK TABLE ${table} IN SHARE MODE`));
      taken();
      await new Promise<void>((ok) => (release = ok));
    });
    await lockTaken;
    return async () => {
      release();
      await locked;
      await locker.close();
    };
  };
  /** Queues a poll (once none is waiting or running) and waits for it to finish. */
  const pollNow = async () => {
    const [last] = await database.db.select().from(catalogPolls).orderBy(desc(catalogPolls.id)).limit(1);
    await waitFor('a poll to be queued', async () => (await runtime.pollNow('manual')) || undefined);
    return waitFor('the poll', async () => {
      const [poll] = await database.db.select().from(catalogPolls).orderBy(desc(catalogPolls.id)).limit(1);
      return poll && poll.id > (last?.id ?? 0) && poll.trigger === 'manual' && poll.finishedAt ? poll : undefined;
    });
  };
  /** Waits until every tile pass and alert-email job is completed, then checks the totals for `date`. */
  async function expectExactlyOnce(date: string, key: string) {
    const passes = async () => (await jobs(QUEUES.tilePass)).rows.filter((r) => r.acquisition === key);
    await waitFor(
      `the ${JOBS} tile passes of ${key}`,
      async () => {
        const rows = await passes();
        return rows.length === JOBS && rows.every((r) => r.state === 'completed') ? true : undefined;
      },
      120_000,
    );
    await waitFor('the e-mail jobs', async () =>
      (await jobs(QUEUES.alertEmail)).rows.every((r) => r.state === 'completed') ? true : undefined,
    );
    const rows = await passes();
    // One job per chunk of the tile's parcels, no more.
    expect(new Set(rows.map((r) => r.singleton_key)).size).toBe(JOBS);
    // One stored row per parcel for that date (NDMI only), and one alert (WATER_STRESS, see oneAlertPerPoint).
    expect(await pointsOf(date)).toBe(PARCELS);
    const [acquisition] = await database.db.select().from(catalogAcquisitions).where(eq(catalogAcquisitions.key, key));
    const scenes = new Set(acquisition!.sceneIds);
    const stored = (await database.db.select().from(alerts)).filter((x) => scenes.has(x.sceneId));
    expect(stored).toHaveLength(PARCELS);
    expect(new Set(stored.map((x) => x.parcelId)).size).toBe(PARCELS);
    await waitFor('every e-mail sent', async () =>
      (await database.db.select().from(alerts)).every((x) => x.emailState === 'sent') ? true : undefined,
    );
    return rows;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl ?? '', 'filaha_jobs');
    database = await createDb({ databaseUrl: scratch.url, dataDir: tmpdir() });
    await seed(database, { demo: false });
    items = (await demoItems()).filter((i) => i.cloudCover === 0).slice(-2);
    expect(items).toHaveLength(2);
    // No acquisition yet: the start-up polls find nothing.
    catalog = await smallCatalog([]);
    for (let f = 0; f < 10; f++) {
      const { user } = await factories.createUser(database, { role: 'User' });
      // E-mails in Arabic for half of them, in French for the others.
      await database.db.insert(alertSettings).values({ userId: user.id, language: f % 2 === 0 ? 'ar' : 'fr' });
      const { plan } = await factories.createPlan(database, { requests: { NDMI: 3 } });
      await factories.createFarmerSubscription(database, { userId: user.id, planId: plan.id });
      for (let p = 0; p < PARCELS / 10; p++) {
        const n = f * 10 + p;
        // A 10 × 10 grid of ~4 ha squares inside the demo tile.
        const geom = squarePolygon(2.962 + (n % 10) * 0.0055, 36.582 + Math.floor(n / 10) * 0.0045, 0.002);
        const { parcel } = await factories.createParcel(database, { userId: user.id, geom });
        await oneAlertPerPoint(database, parcel.id);
        parcelIds.push(parcel.id);
      }
    }
    const dataDir = await mkdtemp(join(tmpdir(), 'filaha-jobs-test-'));
    dirs.push(dataDir);
    // This process only queues (WORKERS=0), like an API process with WORKERS=0.
    runtime = createJobRuntime({
      database,
      config: {
        stacApiUrl: undefined,
        jobs: { workers: 0, pollSchedule: null, timeoutSeconds: JOB_TIMEOUT_S, retryDelaySeconds: 1 },
      },
      imagery: createImagery({ catalogPath: catalog.dir }),
      mailer: createMailer({ smtpUrl: undefined, from: 'f <f@f.local>', dataDir, log: console as never }),
      log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    await runtime.boss();
    for (const name of ['A', 'B']) dirs.push(await mkdtemp(join(tmpdir(), `filaha-worker-${name}-`)));
    a = spawnWorker('A', scratch.url, catalog.dir, dirs[1]!);
    b = spawnWorker('B', scratch.url, catalog.dir, dirs[2]!);
    for (const w of [a, b])
      await waitFor(
        `worker ${w.name} to start`,
        async () => {
          if (w.child.exitCode !== null) throw new Error(`worker ${w.name} exited:\n${w.output()}`);
          return w.output().includes('"worker ready"') || undefined;
        },
        120_000,
      );
    // Each process queues a start-up poll (one at a time: they share a singleton key) before it says it is ready,
    // and a worker runs it within its next fetch. Until they have run, a late one could find the acquisition the
    // tests add below before the tests' own poll does (a CI run saw the manual poll find nothing new).
    await waitFor('the start-up polls to finish', async () => {
      const rows = (await jobs(QUEUES.poll)).rows;
      return (
        (rows.length > 0 && rows.every((r) => ['completed', 'failed', 'cancelled'].includes(r.state))) || undefined
      );
    });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([stopWorker(a), stopWorker(b)]);
    await runtime?.stop(1_000);
    await database?.close();
    await scratch?.drop();
    for (const dir of [...dirs, catalog?.dir]) if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('100 parcels, one new acquisition: every point and every alert exactly once, with two workers', async () => {
    const item = items[0]!;
    await catalog.add(item);
    const poll = await pollNow();
    expect(poll).toMatchObject({ parcels: PARCELS, newAcquisitions: 1, jobs: JOBS, error: null });
    const rows = await expectExactlyOnce(item.date, await keyOf(item.date));
    // Computed exactly once: the jobs' own count of acquisitions computed (not just the unique index).
    expect(rows.reduce((sum, r) => sum + Number(r.output?.computed ?? 0), 0)).toBe(PARCELS);
    expect(rows.reduce((sum, r) => sum + Number(r.output?.inserted ?? 0), 0)).toBe(PARCELS);
    // Chunks are bands of the tile's rows, north to south (the grid's rows go north with n, its ids with n too):
    // chunk c holds 5 parcels of grid row 9 − ⌊c / 2⌋.
    for (const r of rows) {
      const c = Number(r.singleton_key.split(':').at(-1));
      const gridRows = new Set(r.parcels!.map((id) => Math.floor(parcelIds.indexOf(id) / 10)));
      expect([...gridRows]).toEqual([9 - Math.floor(c / 2)]);
    }
    // Every job started once across the two processes, both fetching from the same queue at the same time. How
    // the jobs split between them is the scheduler's business (one fast fetcher may take them all: a CI run saw
    // 20 / 0), so it is reported, not asserted; the kill test below shows the hand-over between them.
    console.log(`jobs started: worker A ${a!.started().length}, worker B ${b!.started().length}`);
    expect(a!.started().length + b!.started().length).toBe(JOBS);
    // Each alert's e-mail written once (outbox of whichever worker sent it).
    expect(await outboxCount()).toBe(PARCELS);
  }, 180_000);

  it('a worker killed while it holds a job loses nothing and duplicates nothing', async () => {
    const item = items[1]!;
    const before = new Set([...a!.started(), ...b!.started()]);
    // The points' table held against writes: the passes compute, then wait to store, so a worker seen with a job
    // still holds it when frozen and killed. Without it, both workers could finish every job between two looks
    // (seen once on a loaded machine: no worker ever caught holding one).
    const unlock = await holdAgainstWrites('series_points');
    await catalog.add(item);
    await pollNow().catch(async (error: unknown) => {
      await unlock();
      throw error;
    });
    // Kill the first worker seen holding a job of this acquisition that is still running (either may take them all).
    let victim: WorkerProcess | undefined;
    let survivor: WorkerProcess | undefined;
    const held: string[] = [];
    try {
      await waitFor(
        'a worker to hold a job',
        async () => {
          for (const [worker, other] of [
            [a!, b!],
            [b!, a!],
          ] as const) {
            if (!worker.started().some((id) => !before.has(id))) continue;
            // Frozen first (SIGSTOP), so what it holds cannot finish between the look and the kill: a job takes tens
            // of milliseconds, and a kill after a plain look once found the worker holding nothing any more. A
            // message it sent just before freezing is given time to land.
            worker.child.kill('SIGSTOP');
            await new Promise((ok) => setTimeout(ok, 300));
            const mine = worker.started().filter((id) => !before.has(id));
            const active = (await jobs(QUEUES.tilePass)).rows.some((r) => r.state === 'active' && mine.includes(r.id));
            if (!active) {
              worker.child.kill('SIGCONT');
              continue;
            }
            worker.child.kill('SIGKILL');
            [victim, survivor] = [worker, other];
            return true;
          }
          return undefined;
        },
        60_000,
      );
      await victim!.exited;
      // What it held when it died: its jobs still active now that it is gone (nobody else can settle them).
      const mine = victim!.started().filter((id) => !before.has(id));
      held.push(
        ...(await jobs(QUEUES.tilePass)).rows
          .filter((r) => r.state === 'active' && mine.includes(r.id))
          .map((r) => r.id),
      );
    } finally {
      // The survivor's passes store now; the victim's are taken back after their timeout.
      await unlock();
    }
    expect(held.length, 'the killed worker died holding no job: the kill came too late').toBeGreaterThan(0);
    const rows = await expectExactlyOnce(item.date, await keyOf(item.date));
    // The held jobs were taken back after their timeout and finished by the other worker, on a later attempt.
    for (const id of held) {
      const row = rows.find((r) => r.id === id)!;
      expect(row.state).toBe('completed');
      expect(row.retry_count).toBeGreaterThanOrEqual(1);
      expect(survivor!.started()).toContain(id);
    }
    // Every alert of both acquisitions stored once, every e-mail written once (the killed worker's outbox keeps what it sent).
    expect(await database.db.select().from(alerts)).toHaveLength(2 * PARCELS);
    expect(await outboxCount()).toBe(2 * PARCELS);
  }, 180_000);

  it("a worker killed inside an import's transaction leaves nothing of it; the retry stores each parcel once", async () => {
    // The worker left alive by the test above runs the import; a new one takes it back after the kill.
    const worker = [a!, b!].find((w) => w.child.exitCode === null && w.child.signalCode === null)!;
    const [org] = (
      await database.db.execute<{ id: number }>(sql`
        INSERT INTO organisations (name, type, access_code) VALUES ('Coopérative du test des workers', 'cooperative', 'WRKT2526')
        RETURNING id`)
    ).rows;
    const file = await readFile(resolve(REPO_ROOT, 'apps/api/test/fixtures/imports/parcels.geojson'));
    const [created] = (
      await database.db.execute<{ id: number }>(sql`
        INSERT INTO parcel_imports (organisation_id, file_name, format, file) VALUES (${org!.id}, 'parcels.geojson', 'geojson', ${file})
        RETURNING id`)
    ).rows;
    const importId = created!.id;
    const stored = async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM parcels WHERE organisation_id = ${org!.id}`,
        )
      ).rows[0]!.n;
    const importRow = async () =>
      (
        await database.db.execute<{ status: string; accepted: number; total: number | null }>(
          sql`SELECT status, accepted, total FROM parcel_imports WHERE id = ${importId}`,
        )
      ).rows[0]!;
    const importJob = async () =>
      (await jobs(QUEUES.parcelImport)).rows.find((r) => r.singleton_key === `import-${importId}`);
    // Parcels held against writes: the import reads its file, checks every feature in its transaction, then waits
    // to store the accepted ones — inside the transaction, before its commit — and is killed there.
    const unlock = await holdAgainstWrites('parcels');
    try {
      const boss = await runtime.boss();
      await boss.send(QUEUES.parcelImport, { importId }, { singletonKey: `import-${importId}` });
      await waitFor(
        "the import's insert to wait on the lock",
        async () => {
          const { rows } = await database.db.execute<{ n: number }>(sql`
            SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO parcels%'`);
          return rows[0]!.n > 0 || undefined;
        },
        60_000,
      );
      expect((await importJob())?.state).toBe('active');
      worker.child.kill('SIGKILL');
      await worker.exited;
    } finally {
      await unlock();
    }
    // Its connection gone, PostgreSQL rolls the transaction back: the import is still running, with no parcel.
    expect(await importRow()).toMatchObject({ status: 'running', accepted: 0 });
    expect(await stored()).toBe(0);
    // A worker started now takes the job back once its timeout has passed and runs it from the file again.
    dirs.push(await mkdtemp(join(tmpdir(), 'filaha-worker-C-')));
    const successor = spawnWorker('C', scratch.url, catalog.dir, dirs.at(-1)!);
    try {
      await waitFor(
        'the import to finish',
        async () => ((await importJob())?.state === 'completed' ? true : undefined),
        120_000,
      );
      expect(await importRow()).toMatchObject({ status: 'done', total: 11, accepted: 4 });
      expect(await stored()).toBe(4);
      expect((await importJob())!.retry_count).toBeGreaterThanOrEqual(1);
    } finally {
      await stopWorker(successor);
    }
  }, 180_000);
});
