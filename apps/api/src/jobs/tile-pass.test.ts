import { rm } from 'node:fs/promises';
import { and, eq, seriesPoints, sql, type Database } from '@filaha/db';
import { createTestDatabase, factories } from '@filaha/db/testing';
import { acquisitionKey, computeSeries } from '@filaha/imagery';
import { DEMO_CLOUDY_DATE, DEMO_FIELDS } from '@filaha/shared';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImagery } from '../lib/imagery/imagery.ts';
import { seriesBasis } from '../modules/season/public.ts';
import { demoItems, smallCatalog, type DemoItem } from './test-support/catalog.ts';
import { runTilePass, type TilePassData } from './tile-pass.ts';

/*
 * Issue 29, acceptance 2 (the database side; the pixel side is packages/imagery/test/tile-pass.test.ts): the tile
 * pass jobs store, for parcels in the middle of a tile, on the seam of two tiles of one pass and under clouds,
 * exactly the points and skips the farmer's curve computes (computeSeries with the deployment's settings), one row
 * per parcel × index × day, each parcel computed by one pass; run again, they compute and store nothing. An
 * organisation's own parcel gets its NDVI points like a farmer's.
 */
const geometryOf = (key: string) => ({
  type: 'Polygon' as const,
  coordinates: [DEMO_FIELDS.find((f) => f.key === key)!.ring],
});
/** Two tiles of one pass cut at longitude 2.99: the maize field (2.986–2.993) is in neither whole. */
const WEST: [number, number] = [2.9, 2.99];
const EAST: [number, number] = [2.99, 3.1];

describe(`tile pass jobs store the curve's points (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  let catalog: Awaited<ReturnType<typeof smallCatalog>>;
  let imagery: ReturnType<typeof createImagery>;
  let clear: DemoItem;
  let cloudy: DemoItem;
  const parcels: Array<{ id: number; key: string; indices: string[] }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const items = await demoItems();
    clear = items.filter((i) => i.cloudCover === 0).at(-1)!;
    cloudy = items.find((i) => i.date === DEMO_CLOUDY_DATE)!;
    expect(cloudy).toBeDefined();
    catalog = await smallCatalog([cloudy]);
    await catalog.addTile(clear, clear.id.replace('_31SDA_', '_31SCA_'), WEST);
    await catalog.addTile(clear, clear.id.replace('_31SDA_', '_31SEA_'), EAST);
    imagery = createImagery({ catalogPath: catalog.dir });
    // Two farmers: one watching NDVI and NDMI, one NDMI only.
    const plans = [{ NDVI: 3, NDMI: 3 }, { NDMI: 3 }];
    const fields = [
      ['citrus', 'maize', 'vineyard', 'wheat'],
      ['bare', 'tomato', 'reservoir'],
    ];
    for (const [f, requests] of plans.entries()) {
      const { user } = await factories.createUser(database, { role: 'User' });
      const { plan } = await factories.createPlan(database, { requests });
      await factories.createFarmerSubscription(database, { userId: user.id, planId: plan.id });
      for (const key of fields[f]!) {
        const { parcel } = await factories.createParcel(database, { userId: user.id, geom: geometryOf(key) });
        parcels.push({ id: parcel.id, key, indices: Object.keys(requests).sort() });
      }
    }
    // An organisation's own parcel (issue 30): watched for NDVI, the index of its territory view, with no plan.
    const { rows } = await database.db.execute<{ id: number }>(sql`
      WITH o AS (INSERT INTO organisations (name, type, access_code) VALUES ('Coop', 'cooperative', 'TPAS2026') RETURNING id)
      INSERT INTO parcels (name, organisation_id, geom)
      SELECT 'Demo field', o.id, ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(geometryOf('wheat'))}), 4326) FROM o
      RETURNING id`);
    parcels.push({ id: rows[0]!.id, key: 'wheat', indices: ['NDVI'] });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await rm(catalog.dir, { recursive: true, force: true });
  }, 60_000);

  /** The jobs the poll would queue for one acquisition: every item with every parcel (none late). */
  async function passes(date: string): Promise<TilePassData[]> {
    const items = await imagery.catalog.search({ bbox: [2.9, 36.5, 3.1, 36.7], start: date, end: date });
    expect(items.length).toBeGreaterThan(0);
    return items.map((item) => ({
      acquisition: acquisitionKey(item),
      date,
      itemId: item.id,
      parcelIds: parcels.map((p) => p.id),
    }));
  }
  const run = (data: TilePassData) => runTilePass({ database, boss: undefined as unknown as PgBoss, imagery }, data);

  it.each([
    ['a clear pass published as two tiles (middle and seam parcels)', () => clear.date, 2],
    ['a clouded acquisition', () => cloudy.date, 1],
  ])(
    '%s: the rows of the curve, each parcel computed once',
    async (_, dateOf, tiles) => {
      const date = dateOf();
      const jobs = await passes(date);
      expect(jobs).toHaveLength(tiles);
      const outputs = [];
      for (const job of jobs) outputs.push(await run(job));
      // Every parcel computed by exactly one of the passes (its owning tile's), every index of its owner's plan.
      expect(outputs.reduce((n, o) => n + o.computed, 0)).toBe(parcels.length);
      const observations = parcels.reduce((n, p) => n + p.indices.length, 0);
      expect(outputs.reduce((n, o) => n + o.points + o.skips, 0)).toBe(observations);
      expect(outputs.reduce((n, o) => n + o.inserted, 0)).toBe(observations);

      const statuses: string[] = [];
      for (const parcel of parcels) {
        const geometry = geometryOf(parcel.key);
        const basis = seriesBasis(geometry, imagery);
        for (const index of parcel.indices) {
          const rows = await database.db
            .select()
            .from(seriesPoints)
            .where(
              and(eq(seriesPoints.parcelId, parcel.id), eq(seriesPoints.indexCode, index), eq(seriesPoints.date, date)),
            );
          expect(rows, `${parcel.key} ${index}`).toHaveLength(1);
          const [row] = rows;
          expect(row!.basis).toBe(basis);
          const curve = await computeSeries({
            catalog: imagery.catalog,
            geometry,
            index,
            from: date,
            to: date,
            minValidFraction: imagery.minValidFraction,
            cloudBufferM: imagery.cloudBufferM,
            maskClasses: imagery.maskClasses,
          });
          const [point] = curve.points;
          const [skip] = curve.skipped;
          if (point) {
            expect(row).toMatchObject({ status: 'point', sceneId: point.sceneId, tiles: point.tiles });
            expect(row!.stats, `${parcel.key} ${index}`).toEqual(point.stats);
          } else {
            expect(row).toMatchObject({ status: skip!.reason, sceneId: skip!.sceneId, stats: null });
            expect(row!.validFraction).toBe(skip!.validFraction ?? null);
          }
          statuses.push(row!.status);
        }
      }
      if (tiles === 2) {
        // The seam parcel's point is its owning tile's (the western one by id), the others' their own tile's.
        expect(statuses.every((s) => s === 'point')).toBe(true);
        const [maize] = await database.db
          .select()
          .from(seriesPoints)
          .where(
            and(eq(seriesPoints.parcelId, parcels.find((p) => p.key === 'maize')!.id), eq(seriesPoints.date, date)),
          );
        expect(maize!.sceneId).toBe(clear.id.replace('_31SDA_', '_31SCA_'));
      } else {
        // The clouded day: some parcels hidden (CLOUDY), the curve's rule decides each.
        expect(statuses).toContain('CLOUDY');
      }

      // Run again (a retry, a second worker): nothing computed, nothing stored.
      for (const job of jobs) expect(await run(job)).toMatchObject({ computed: 0, inserted: 0 });
    },
    120_000,
  );
});
