import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alerts, catalogAcquisitions, catalogParcelItems, count, eq, seriesPoints, type Database } from '@filaha/db';
import { createTestDatabase, factories } from '@filaha/db/testing';
import { DEMO_FIELDS } from '@filaha/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImagery } from '../lib/imagery/imagery.ts';
import { backfillStart, pollCatalog } from './catalog-poll.ts';
import type { JobRuntime } from './runtime.ts';
import { demoItems, oneAlertPerPoint, smallCatalog, waitFor, type DemoItem } from './test-support/catalog.ts';
import { inProcessRuntime, lastPoll, runPollNow } from './test-support/runtime.ts';

/*
 * Issue 29 §1, acceptance 1: a tile of a pass published after the first poll of that pass is processed, and its
 * parcels get their points and alerts; a parcel created after the acquisitions were recorded is back-filled. The
 * catalog first holds one tile of a pass cut to the west of the demo area (its west parcel only), then the pass's
 * full tile is published; later a new parcel is drawn. Before this, the poll recorded an acquisition once per
 * satellite × day and fanned it out once: the east parcel and the new parcel never got a job.
 */
const field = (key: string) => ({
  type: 'Polygon' as const,
  coordinates: [DEMO_FIELDS.find((f) => f.key === key)!.ring],
});
/** West of longitude 2.99: the citrus field (2.975–2.980); not the bare field (3.003–3.010). */
const WEST_TILE: [number, number] = [2.9, 2.99];

describe(`a late tile and a new parcel (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  let runtime: JobRuntime;
  let imagery: ReturnType<typeof createImagery>;
  let dataDir: string;
  let catalog: Awaited<ReturnType<typeof smallCatalog>>;
  let pass: DemoItem;
  let userId: number;
  let west: number;
  let east: number;

  const pointsOf = async (parcelId: number) =>
    (await database.db.select({ n: count() }).from(seriesPoints).where(eq(seriesPoints.parcelId, parcelId)))[0]!.n;
  const alertsOf = async (parcelId: number) =>
    (await database.db.select({ n: count() }).from(alerts).where(eq(alerts.parcelId, parcelId)))[0]!.n;
  const runNow = () => runPollNow(database, runtime);

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'filaha-late-tile-'));
    pass = (await demoItems()).filter((i) => i.cloudCover === 0).at(-1)!;
    // The first tile of the pass published: a tile of another grid square, same satellite and day, west only.
    catalog = await smallCatalog([]);
    await catalog.addTile(pass, pass.id.replace('_31SDA_', '_31SCA_'), WEST_TILE);
    const { user } = await factories.createUser(database, { role: 'User' });
    userId = user.id;
    const { plan } = await factories.createPlan(database, { requests: { NDMI: 3 } });
    await factories.createFarmerSubscription(database, { userId, planId: plan.id });
    west = (await factories.createParcel(database, { userId, geom: field('citrus') })).parcel.id;
    east = (await factories.createParcel(database, { userId, geom: field('bare') })).parcel.id;
    await oneAlertPerPoint(database, west);
    await oneAlertPerPoint(database, east);
    imagery = createImagery({ catalogPath: catalog.dir });
    runtime = inProcessRuntime(database, imagery, dataDir);
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop(2_000);
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(catalog.dir, { recursive: true, force: true });
  }, 60_000);

  it('the first tile of the pass: its west parcel only', async () => {
    // The queue starts with its first use (pg-boss installed, the start-up poll queued).
    await runtime.boss();
    await waitFor('the start-up poll', async () => (await lastPoll(database))?.finishedAt ?? undefined);
    expect(await lastPoll(database)).toMatchObject({
      trigger: 'startup',
      found: 1,
      newAcquisitions: 1,
      jobs: 1,
      error: null,
    });
    await waitFor('the west point', async () => (await pointsOf(west)) === 1);
    await waitFor('the west alert', async () => (await alertsOf(west)) === 1);
    expect(await pointsOf(east)).toBe(0);
  }, 120_000);

  it("the pass's tile published later reaches the east parcel: its point and its alert, once", async () => {
    await catalog.add(pass);
    // One tile pass: the new tile with the east parcel, and the west parcel (late: it overlaps the new tile too, and
    // its point of the first tile stays).
    expect(await runNow()).toMatchObject({ found: 1, newAcquisitions: 0, jobs: 1, error: null });
    await waitFor('the east point', async () => (await pointsOf(east)) === 1);
    await waitFor('the east alert', async () => (await alertsOf(east)) === 1);
    const [acquisition] = await database.db.select().from(catalogAcquisitions);
    expect(acquisition!.sceneIds).toEqual([pass.id, pass.id.replace('_31SDA_', '_31SCA_')].sort());
    // The west parcel's point and alert stay one each; a poll with nothing new queues nothing.
    expect(await runNow()).toMatchObject({ found: 1, newAcquisitions: 0, jobs: 0 });
    expect(await pointsOf(west)).toBe(1);
    expect(await alertsOf(west)).toBe(1);
    expect(await alertsOf(east)).toBe(1);
  }, 120_000);

  it('a parcel drawn after the acquisition was recorded is back-filled at the next poll', async () => {
    const late = (await factories.createParcel(database, { userId, geom: field('maize') })).parcel.id;
    await oneAlertPerPoint(database, late);
    // One tile pass per tile under it: the pass of the tile that owns it computes it (owningTile), the other nothing.
    expect(await runNow()).toMatchObject({ found: 1, newAcquisitions: 0, jobs: 2, error: null });
    await waitFor("the new parcel's point", async () => (await pointsOf(late)) === 1);
    await waitFor("the new parcel's alert", async () => (await alertsOf(late)) === 1);
    const items = await database.db.select().from(catalogParcelItems).where(eq(catalogParcelItems.parcelId, late));
    expect(items.map((i) => i.itemId).sort()).toEqual([pass.id, pass.id.replace('_31SDA_', '_31SCA_')].sort());
    expect(await runNow()).toMatchObject({ jobs: 0 });
  }, 120_000);

  it("with a STAC API, a new parcel's cell is searched from the previous season's start, then the recent window", async () => {
    const late = (await factories.createParcel(database, { userId, geom: field('tomato') })).parcel.id;
    const starts: string[] = [];
    // The same catalog, searched as a STAC API would be (a window, not the whole folder); each search's start noted.
    const api = Object.assign(Object.create(imagery.catalog) as typeof imagery.catalog, {
      search: (query: Parameters<typeof imagery.catalog.search>[0]) => {
        starts.push(query.start);
        return imagery.catalog.search(query);
      },
    });
    const now = () => new Date('2025-11-05T12:00:00Z');
    const deps = { db: database.db, boss: await runtime.boss(), catalog: api, remoteCatalog: true, now };
    // The newest acquisition is 2025-10-29: the recent window starts 30 days before it.
    expect(await pollCatalog(deps, 'manual')).toMatchObject({ jobs: 2 });
    // Two 1° cells: the new parcel's (2° E, with the older parcels west of 3° E) from the previous season's start;
    // the east parcel's (3° E), none of whose parcels is new, from the recent window only.
    expect(starts).toEqual([backfillStart(now()), '2025-09-29']);
    expect(backfillStart(now())).toBe('2024-09-01');
    await waitFor("the new parcel's point", async () => (await pointsOf(late)) === 1);
    expect(await pollCatalog(deps, 'manual')).toMatchObject({ jobs: 0 });
    expect(starts).toEqual(['2024-09-01', '2025-09-29', '2025-09-29', '2025-09-29']);
  }, 120_000);
});
