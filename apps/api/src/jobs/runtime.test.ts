import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alertSettings, alerts, catalogAcquisitions, count, eq, seriesPoints, sql, type Database } from '@filaha/db';
import { createTestDatabase, factories } from '@filaha/db/testing';
import { DEMO_FIELDS } from '@filaha/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir } from '../lib/mailer.ts';
import { createImagery } from '../lib/imagery/imagery.ts';
import { jobsOverview } from './jobs.routes.ts';
import { QUEUES } from './queue.ts';
import type { JobRuntime } from './runtime.ts';
import { demoItems, oneAlertPerPoint, smallCatalog, waitFor, type DemoItem } from './test-support/catalog.ts';
import { inProcessRuntime, lastPoll, runPollNow } from './test-support/runtime.ts';

/*
 * The queue in-process, as the embedded default runs it (on PGlite; on PostgreSQL too when DATABASE_URL is set):
 * pg-boss installs its schema, the start-up poll finds the acquisitions of a small catalog, the tile pass
 * jobs store the season points and the alerts, the e-mail jobs write to the outbox; a new acquisition found by
 * "run now" gives exactly its own points; a failing job is retried with backoff, then dead, then retried by hand.
 */
const MAIZE = { type: 'Polygon' as const, coordinates: [DEMO_FIELDS.find((f) => f.key === 'maize')!.ring] };

describe(`job queue in-process (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  let runtime: JobRuntime;
  let dataDir: string;
  let catalog: Awaited<ReturnType<typeof smallCatalog>>;
  let clear: DemoItem[];
  let parcelId: number;

  const points = async () =>
    (await database.db.select({ n: count() }).from(seriesPoints).where(eq(seriesPoints.parcelId, parcelId)))[0]!.n;
  const jobRows = (queue: string) =>
    database.db.execute<{ state: string; output: Record<string, unknown> | null; singleton_key: string | null }>(
      sql`SELECT state::text AS state, output, singleton_key FROM pgboss.job WHERE name = ${queue}`,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'filaha-jobs-'));
    clear = (await demoItems()).filter((i) => i.cloudCover === 0).slice(-3);
    expect(clear).toHaveLength(3);
    catalog = await smallCatalog(clear.slice(0, 2));
    const { user } = await factories.createUser(database, { role: 'User' });
    // E-mail for every rule (NEW_IMAGE is off by default).
    await database.db.insert(alertSettings).values({ userId: user.id, emailNewImage: true, language: 'fr' });
    const { plan } = await factories.createPlan(database, { requests: { NDMI: 3 } });
    await factories.createFarmerSubscription(database, { userId: user.id, planId: plan.id });
    parcelId = (await factories.createParcel(database, { userId: user.id, geom: MAIZE })).parcel.id;
    await oneAlertPerPoint(database, parcelId);
    // A parcel whose owner has no subscription: not watched.
    const { user: other } = await factories.createUser(database, { role: 'User' });
    await factories.createParcel(database, { userId: other.id, geom: MAIZE });

    runtime = inProcessRuntime(database, createImagery({ catalogPath: catalog.dir }), dataDir);
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop(2_000);
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(catalog.dir, { recursive: true, force: true });
  }, 60_000);

  it('installs pg-boss, polls at start-up, stores the points of every acquisition once, sends the alerts', async () => {
    const boss = await runtime.boss();
    expect(await boss.isInstalled()).toBe(true);
    // The schedule (every 6 hours by default) is stored for the cron monitor.
    expect((await boss.getSchedules(QUEUES.poll)).map((s) => s.cron)).toEqual(['0 */6 * * *']);

    await waitFor('the start-up poll', async () => (await lastPoll(database))?.finishedAt ?? undefined);
    const poll = (await lastPoll(database))!;
    expect(poll).toMatchObject({ trigger: 'startup', parcels: 1, found: 2, newAcquisitions: 2, jobs: 2, error: null });
    await waitFor('two points', async () => (await points()) === 2);
    await waitFor('the tile pass jobs to complete', async () =>
      (await jobRows(QUEUES.tilePass)).rows.filter((r) => r.state === 'completed').length === 2 ? true : undefined,
    );
    const done = (await jobRows(QUEUES.tilePass)).rows;
    // One tile pass per item (one tile per acquisition here), with the one watched parcel.
    expect(done.map((r) => r.singleton_key).sort()).toEqual(
      (await database.db.select().from(catalogAcquisitions)).map((a) => `${a.sceneIds[0]}:${poll.id}:0`).sort(),
    );
    // Each acquisition computed by exactly one job, for the one index of the plan.
    expect(done.map((r) => r.output?.computed)).toEqual([1, 1]);
    expect(done.map((r) => r.output?.points)).toEqual([1, 1]);
    // The jobs page's progress (issue 29 §3): per acquisition, its one tile passed, the parcel done, its point.
    const progress = (await jobsOverview(database, null)).acquisitions;
    const acquisitions = await database.db.select().from(catalogAcquisitions);
    expect(progress.map((p) => p.key).sort()).toEqual(acquisitions.map((a) => a.key).sort());
    for (const p of progress)
      expect(p).toMatchObject({
        tilesFound: 1,
        tilesToPass: 1,
        tilesDone: 1,
        parcels: 1,
        parcelsDone: 1,
        points: 1,
        running: 0,
        waiting: 0,
        failures: [],
        etaSeconds: null,
      });
    expect(progress[0]!.date > progress[1]!.date).toBe(true);

    // Alerts: each stored once per parcel × rule × scene, each e-mail job run once.
    const created = await database.db.select().from(alerts).where(eq(alerts.parcelId, parcelId));
    expect(created.map((a) => a.rule)).toEqual(['WATER_STRESS', 'WATER_STRESS']);
    expect(new Set(created.map((a) => a.sceneId)).size).toBe(2);
    await waitFor('the e-mails', async () =>
      (await database.db.select().from(alerts).where(eq(alerts.parcelId, parcelId))).every(
        (a) => a.emailState === 'sent' || a.emailState === 'skipped',
      ),
    );
    const sent = (await database.db.select().from(alerts).where(eq(alerts.parcelId, parcelId))).filter(
      (a) => a.emailState === 'sent',
    ).length;
    const files = (await readdir(outboxDir(dataDir)).catch(() => [])).filter((f) => f.endsWith('.json'));
    expect(sent).toBe(2);
    expect(files).toHaveLength(2);
  }, 120_000);

  it('a new acquisition found by "run now" gives its own point only; a poll with nothing new queues nothing', async () => {
    await catalog.add(clear[2]!);
    const runNow = () => runPollNow(database, runtime);
    expect(await runNow()).toMatchObject({ trigger: 'manual', found: 3, newAcquisitions: 1, jobs: 1, error: null });
    await waitFor('the third point', async () => (await points()) === 3);
    await waitFor('the third job to complete', async () =>
      (await jobRows(QUEUES.tilePass)).rows.filter((r) => r.state === 'completed').length === 3 ? true : undefined,
    );

    expect(await runNow()).toMatchObject({ trigger: 'manual', found: 3, newAcquisitions: 0, jobs: 0 });
    const all = (await jobRows(QUEUES.tilePass)).rows;
    expect(all).toHaveLength(3);
    expect(all.reduce((sum, r) => sum + Number(r.output?.computed ?? 0), 0)).toBe(3);
    expect(await points()).toBe(3);

    // A parcel × acquisition job an earlier version queued is still worked: it finds its point stored.
    const [acquisition] = await database.db.select().from(catalogAcquisitions).limit(1);
    const boss = await runtime.boss();
    const legacy = await boss.send(
      QUEUES.parcelScene,
      { parcelId, acquisition: acquisition!.key, date: acquisition!.date, sceneIds: acquisition!.sceneIds },
      { singletonKey: `${parcelId}:${acquisition!.key}` },
    );
    await waitFor("the earlier version's job", async () =>
      (await boss.getJobById(QUEUES.parcelScene, legacy!))?.state === 'completed' ? true : undefined,
    );
    expect((await boss.getJobById(QUEUES.parcelScene, legacy!))!.output).toMatchObject({
      indices: ['NDMI'],
      computed: 0,
      inserted: 0,
    });
    expect(await points()).toBe(3);
  }, 120_000);

  it('a failing job is retried with backoff, then dead (shown), then retried by hand', async () => {
    const boss = await runtime.boss();
    const id = await boss.send(
      QUEUES.tilePass,
      { acquisition: 'broken', date: '2025-13-45', itemId: 'broken', parcelIds: [parcelId] },
      { singletonKey: 'broken', retryLimit: 1, retryDelay: 1, retryBackoff: true },
    );
    expect(id).toBeTruthy();
    const stateOf = async () => (await boss.getJobById(QUEUES.tilePass, id!))?.state;
    await waitFor('the job to die', async () => ((await stateOf()) === 'failed' ? true : undefined));
    const job = (await boss.getJobById(QUEUES.tilePass, id!))!;
    expect(job.retryCount).toBe(1);

    const overview = await jobsOverview(database, '0 */6 * * *');
    expect(overview.totals.dead).toBe(1);
    expect(overview.failed[0]).toMatchObject({ id, queue: 'tile-pass', state: 'dead', attempts: 2, maxAttempts: 2 });
    expect(overview.failed[0]!.error).toMatch(/date|window|invalid/i);
    expect(overview.lastPoll?.trigger).toBe('manual');
    // On the progress of its acquisition too: a tile pass dead, with its error, nothing done.
    const broken = overview.acquisitions.find((a) => a.key === 'broken')!;
    expect(broken).toMatchObject({ tilesToPass: 1, tilesDone: 0, parcels: 1, parcelsDone: 0, waiting: 0 });
    expect(broken.failures).toEqual([
      expect.objectContaining({ id, itemId: 'broken', parcels: 1, state: 'dead', attempts: 2, maxAttempts: 2 }),
    ]);
    expect(broken.failures[0]!.error).toMatch(/date|window|invalid/i);

    await boss.retry(QUEUES.tilePass, id!);
    await waitFor('the retried job to run and die again', async () =>
      (await boss.getJobById(QUEUES.tilePass, id!))?.state === 'failed' &&
      (await boss.getJobById(QUEUES.tilePass, id!))!.retryCount > 1
        ? true
        : undefined,
    );
    // Maintenance (expiry, retention, the queues' counts) runs on this database too.
    await boss.supervise();
  }, 120_000);
});
