/**
 * Issue 30 §3: the territory view's figures and vector tiles — parcels and area per condition class and crop, the
 * parcels to visit, the filters, consent applied at every read, and the tiles (PostGIS's ST_AsMVT on PostgreSQL,
 * MapLibre's encoder on the embedded database) decoded back; on both databases.
 */
import { VectorTile } from '@mapbox/vector-tile';
import { sql } from '@filaha/db';
import type { AccessLogEntry, TerritoryCurve, TerritorySummary } from '@filaha/shared/contracts';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../../test/helper.ts';
import { organisationsKit } from '../test-kit.ts';
import { markTerritoriesStale, refreshTerritory } from './territory-jobs.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
type Headers = Record<string, string>;

const { organisation, grantedField, importFile, point, ownParcels } = organisationsKit(t);

const importCsv = (orgId: number, headers: Headers, rows: string[]) =>
  importFile(orgId, headers, 'f.csv', Buffer.from(['nom;culture;wkt', ...rows].join('\n')));

const square = (i: number, size = 0.002) => {
  const x = 3.3 + i * 0.004;
  return `POLYGON ((${x} 36.7, ${x + size} 36.7, ${x + size} 36.7016, ${x} 36.7016, ${x} 36.7))`;
};

/** A cooperative with 7 barley fields of its own (one weak) and a farmer's field far below its own seasons. */
async function world() {
  const admin = await t.current.createUser({ role: 'Admin' });
  const agronomist = await t.current.createUser({ role: 'User' });
  const farmer = await t.current.createUser({ role: 'User' });
  const org = await organisation(admin, [[agronomist, 'agronomist']]);
  const parcel = await grantedField(farmer, org);
  // Orge 7 is the largest (0.003° wide) and the weakest.
  await importCsv(
    org.id,
    agronomist.headers,
    [1, 2, 3, 4, 5, 6, 7].map((i) => `Orge ${i};orge;"${square(i, i === 7 ? 0.003 : 0.002)}"`),
  );
  const own = await ownParcels(org.id);
  for (const [i, p] of own.entries()) await point(p.id, '2026-03-01', [0.6, 0.62, 0.58, 0.61, 0.59, 0.6, 0.3][i]!);
  for (const [date, m] of [
    ['2023-03-15', 0.68],
    ['2024-03-10', 0.72],
    ['2024-03-25', 0.7],
    ['2025-03-15', 0.4],
  ] as const)
    await point(parcel.id, date, m);
  return { agronomist, farmer, org, parcel, own };
}

const summaryOf = async (orgId: number, headers: Headers, query = '') => {
  const res = await t.current.inject({ method: 'GET', url: `/api/organisations/${orgId}/territory${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return json<TerritorySummary>(res);
};

/** The web-mercator tile of a longitude and latitude at zoom z. */
function tileOf(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

describe('the territory view', () => {
  it('counts parcels and area per class and crop, lists the parcels to visit, and records the read', async () => {
    const { agronomist, farmer, org, parcel } = await world();
    const s = await summaryOf(org.id, agronomist.headers);
    expect(s.rule).toMatchObject({ index: 'NDVI', wellBelow: -1.5, below: -0.5, above: 0.5, windowDays: 15 });
    expect(s.total.parcels).toBe(8);
    const byClass = Object.fromEntries(s.classes.map((c) => [String(c.class), c.parcels]));
    // The weak field pulls its crop's mean down: the two best barley fields (0.62, 0.61) come out above normal.
    expect(byClass).toEqual({ well_below: 2, normal: 4, above: 2 });
    expect(s.crops.find((c) => c.crop === 'barley' && c.class === 'well_below')?.parcels).toBe(1);
    expect(s.crops.find((c) => c.crop === null && c.class === 'well_below')?.parcels).toBe(1);
    // Largest first: Orge 7 (4.8 ha), then the farmer's field (2 ha).
    expect(s.visits.map((v) => v.name)).toEqual(['Orge 7', 'Champ de Yacine']);
    expect(s.visits[1]).toMatchObject({ id: parcel.id, farmer: { id: farmer.user.id }, pointDate: '2025-03-15' });
    expect(s.visits[0]!.z).toBeLessThan(-1.5);
    expect(s.extent![0]).toBeLessThan(s.extent![2]);
    // Every parcel in Blida (9) by Natural Earth's outlines, per class as the classes count them.
    expect(s.wilayaSource).toBe('Natural Earth');
    expect(Object.fromEntries(s.wilayas.map((w) => [`${w.wilaya} ${w.class}`, w.parcels]))).toEqual({
      '9 well_below': 2,
      '9 normal': 4,
      '9 above': 2,
    });
    const log = json<AccessLogEntry[]>(
      await t.current.inject({ method: 'GET', url: '/api/access-log', headers: farmer.headers }),
    );
    expect(log[0]).toMatchObject({ organisation: { id: org.id }, what: 'parcels' });
  });

  it('filters by crop, class and irrigation; a revoked grant is out at once, an import is in at once', async () => {
    const { agronomist, farmer, org } = await world();
    expect((await summaryOf(org.id, agronomist.headers, '?crop=barley')).total.parcels).toBe(7);
    expect((await summaryOf(org.id, agronomist.headers, '?condition=well_below')).visits).toHaveLength(2);
    expect((await summaryOf(org.id, agronomist.headers, '?crop=barley&condition=normal')).total.parcels).toBe(4);
    expect((await summaryOf(org.id, agronomist.headers, '?irrigated=true')).total.parcels).toBe(0);
    const bad = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/territory?crop=banana`,
      headers: agronomist.headers,
    });
    expect(bad.statusCode).toBe(400);

    const grants = json<Array<{ id: number }>>(
      await t.current.inject({ method: 'GET', url: '/api/grants', headers: farmer.headers }),
    );
    await t.current.inject({ method: 'DELETE', url: `/api/grants/${grants[0]!.id}`, headers: farmer.headers });
    const after = await summaryOf(org.id, agronomist.headers);
    expect(after.total.parcels).toBe(7);
    expect(after.visits.map((v) => v.name)).toEqual(['Orge 7']);

    await importCsv(org.id, agronomist.headers, [`Olivier 1;olivier;"${square(20)}"`]);
    expect((await summaryOf(org.id, agronomist.headers)).total.parcels).toBe(8);
  });

  it('new points mark a large table stale: reads serve its rows and queue the refresh job, which recomputes them', async () => {
    const { agronomist, org, own, parcel } = await world();
    const db = t.current.database.db;
    const before = await summaryOf(org.id, agronomist.headers);
    expect(before.visits.map((v) => v.name)).toContain('Orge 7');
    // As large as 100,000 parcels: its refresh took 20 s, so no read waits for the next one (INLINE_REFRESH_MS).
    await db.execute(sql`UPDATE organisation_condition_runs SET ms = 20000 WHERE organisation_id = ${org.id}`);
    // A later acquisition (the kit marks the table stale, as a tile pass does): Orge 7 recovers (0.61).
    await point(own[6]!.id, '2026-03-06', 0.61);
    expect(await markTerritoriesStale(db, [own[6]!.id])).toEqual([]); // already stale: no second refresh queued
    const served = await summaryOf(org.id, agronomist.headers);
    expect(served.computedAt).toBe(before.computedAt);
    // The read queued the organisation's refresh job (one at a time: its singleton key).
    const { rows: queued } = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pgboss.job
       WHERE name = 'territory-refresh' AND singleton_key = ${`territory:${org.id}`} AND state = 'created'`);
    expect(queued[0]!.n).toBe(1);
    // The barley curve as kept for that run: 2026-03-06 (one parcel) is not among its days yet.
    await db.execute(sql`
      INSERT INTO parcel_seasons (parcel_id, season, crop, irrigated)
      SELECT id, 2025, 'barley', false FROM parcels WHERE organisation_id = ${org.id}`);
    for (const p of own.slice(0, 3)) await point(p.id, '2026-03-11', 0.5);
    const curveDays = async () =>
      json<TerritoryCurve>(
        await t.current.inject({
          method: 'GET',
          url: `/api/organisations/${org.id}/territory/curve?crop=barley`,
          headers: agronomist.headers,
        }),
      ).current.map((d) => d.date);
    expect(await curveDays()).toEqual(['2026-03-01', '2026-03-11']);
    await point(own[3]!.id, '2026-03-16', 0.5);
    for (const p of own.slice(4, 6)) await point(p.id, '2026-03-16', 0.5);
    expect(await curveDays()).toEqual(['2026-03-01', '2026-03-11']);
    expect(served.visits.map((v) => v.name)).toContain('Orge 7');
    const at = await refreshTerritory(db, org.id);
    const after = await summaryOf(org.id, agronomist.headers);
    expect(after.computedAt).toBe(at.toISOString());
    expect(after.visits.map((v) => v.name)).not.toContain('Orge 7');
    // The refresh (the job) computed the curve again: the new day is in.
    expect(await curveDays()).toEqual(['2026-03-01', '2026-03-11', '2026-03-16']);
    // The farmer's granted parcel marks the organisation too (once the flag was cleared by the refresh).
    expect(await markTerritoriesStale(db, [parcel.id])).toEqual([org.id]);
  });

  it('a full disk during a refresh keeps the rows and curves of the last one; a read that must be recorded is told', async () => {
    const { agronomist, org, own } = await world();
    const db = t.current.database.db;
    await db.execute(sql`
      INSERT INTO parcel_seasons (parcel_id, season, crop, irrigated)
      SELECT id, 2025, 'barley', false FROM parcels WHERE organisation_id = ${org.id}`);
    const before = await summaryOf(org.id, agronomist.headers);
    const curve = async () =>
      t.current.inject({
        method: 'GET',
        url: `/api/organisations/${org.id}/territory/curve?crop=barley`,
        headers: agronomist.headers,
      });
    const curveBefore = json<TerritoryCurve>(await curve());
    const rows = async () =>
      (
        await db.execute<{ name: string; class: string | null }>(sql`
          SELECT name, class FROM organisation_conditions WHERE organisation_id = ${org.id} ORDER BY name`)
      ).rows;
    const rowsBefore = await rows();
    expect(rowsBefore.find((r) => r.name === 'Orge 7')?.class).toBe('well_below');
    // Orge 7 recovers; then the disk fills: every write of the territory tables and of the read log is refused
    // (SQLSTATE 53100 disk_full, as PostgreSQL reports it).
    await point(own[6]!.id, '2026-03-06', 0.61);
    await markTerritoriesStale(db, [own[6]!.id]);
    await db.execute(sql`
      CREATE OR REPLACE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
      END $$`);
    const tables = ['organisation_conditions', 'organisation_curves', 'organisation_reads'];
    for (const table of tables)
      await db.execute(
        sql.raw(`CREATE TRIGGER test_disk_full BEFORE INSERT OR UPDATE OR DELETE ON ${table}
                 FOR EACH ROW EXECUTE FUNCTION test_disk_full()`),
      );
    try {
      // The refresh job fails (the queue retries it) and leaves the table and its curve as they were.
      await expect(refreshTerritory(db, org.id)).rejects.toThrow();
      expect(await rows()).toEqual(rowsBefore);
      // Past the table's age a read refreshes it in-request: refused, it is answered from the last refresh — the
      // map's tiles (not a recorded read) are served; the summary, whose read of the farmer's parcel must be
      // recorded, says why not, in the reader's language.
      await db.execute(sql`
        UPDATE organisation_condition_runs SET computed_at = now() - interval '1 hour' WHERE organisation_id = ${org.id}`);
      const tile = await t.current.inject({
        method: 'GET',
        url: `/api/organisations/${org.id}/tiles/0/0/0.mvt`,
        headers: agronomist.headers,
      });
      expect(tile.statusCode).toBe(200);
      for (const [lang, words] of [
        ['fr', 'stockage du serveur est plein'],
        ['ar', 'مساحة التخزين'],
      ] as const) {
        const refused = await t.current.inject({
          method: 'GET',
          url: `/api/organisations/${org.id}/territory`,
          headers: { ...agronomist.headers, 'accept-language': lang },
        });
        expect(refused.statusCode).toBe(507);
        expect(json<{ code: string; message: string }>(refused)).toMatchObject({ code: 'STORAGE_FULL' });
        expect(json<{ message: string }>(refused).message).toContain(words);
      }
      // The barley curve holds none of the farmer's parcels (nothing to record): the last refresh's is served.
      expect(json<TerritoryCurve>(await curve())).toEqual(curveBefore);
      expect(await rows()).toEqual(rowsBefore);
    } finally {
      for (const table of tables) await db.execute(sql.raw(`DROP TRIGGER IF EXISTS test_disk_full ON ${table}`));
    }
    // Room again: the retried job recomputes the table and the curves; Orge 7 is no longer to visit.
    await refreshTerritory(db, org.id);
    const after = await summaryOf(org.id, agronomist.headers);
    expect(after.computedAt > before.computedAt).toBe(true);
    expect(after.visits.map((v) => v.name)).not.toContain('Orge 7');
    const [kept] = (
      await db.execute<{ computed_at: string | Date }>(sql`
        SELECT computed_at FROM organisation_curves WHERE organisation_id = ${org.id} AND crop = 'barley'`)
    ).rows;
    expect(new Date(kept!.computed_at).toISOString()).toBe(after.computedAt);
    expect(json<TerritoryCurve>(await curve())).toEqual(curveBefore);
  });

  it('puts each parcel in the wilaya that holds it, and the filters apply', async () => {
    const { agronomist, org } = await world();
    const at = (lon: number, lat: number) =>
      `POLYGON ((${lon} ${lat}, ${lon + 0.002} ${lat}, ${lon + 0.002} ${lat + 0.0016}, ${lon} ${lat + 0.0016}, ${lon} ${lat}))`;
    await importCsv(org.id, agronomist.headers, [
      `Olivier Oran;olivier;"${at(-0.63, 35.7)}"`,
      `Olivier Sétif;olivier;"${at(5.41, 36.19)}"`,
      `Olivier Sétif 2;olivier;"${at(5.42, 36.19)}"`,
    ]);
    const olive = await summaryOf(org.id, agronomist.headers, '?crop=olive');
    expect(olive.wilayas.map((w) => [w.wilaya, w.class, w.parcels]).sort()).toEqual([
      [19, null, 2],
      [31, null, 1],
    ]);
    // Filtered by wilaya (the commune's stand-in): Sétif's two, then Oran's one olive field.
    const setif = await summaryOf(org.id, agronomist.headers, '?wilaya=19');
    expect(setif.total.parcels).toBe(2);
    expect(setif.wilayas.map((w) => w.wilaya)).toEqual([19]);
    expect((await summaryOf(org.id, agronomist.headers, '?wilaya=31&crop=olive')).total.parcels).toBe(1);
    expect((await summaryOf(org.id, agronomist.headers, '?wilaya=0')).total.parcels).toBe(0);
    const bad = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/territory?wilaya=59`,
      headers: agronomist.headers,
    });
    expect(bad.statusCode).toBe(400);
    const all = await summaryOf(org.id, agronomist.headers);
    expect(all.wilayas.reduce((n, w) => n + w.parcels, 0)).toBe(11);
    expect(all.wilayas.filter((w) => w.wilaya === 9).reduce((n, w) => n + w.parcels, 0)).toBe(8);
  });

  it("draws a crop's curve (median and quartiles of the parcels' medians) against the season before", async () => {
    const { agronomist, farmer, org, own } = await world();
    const db = t.current.database.db;
    // Barley in 2024–25 and 2025–26 for six fields; the seventh grew oats in 2024–25 (left out of that season).
    for (const [i, p] of own.entries())
      await db.execute(sql`
        INSERT INTO parcel_seasons (parcel_id, season, crop, irrigated)
        VALUES (${p.id}, 2025, 'barley', false), (${p.id}, 2024, ${i === 6 ? 'oats' : 'barley'}, false)`);
    // 2024–25: 2025-03-01 for all seven (six of them barley then), 2025-04-01 for two only (too few to show).
    for (const [i, p] of own.entries()) await point(p.id, '2025-03-01', 0.4 + i * 0.02);
    for (const p of own.slice(0, 2)) await point(p.id, '2025-04-01', 0.7);
    const res = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/territory/curve?crop=barley`,
      headers: agronomist.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const curve = json<TerritoryCurve>(res);
    expect(curve).toMatchObject({ index: 'NDVI', crop: 'barley', season: 2025, minParcels: 3 });
    // 2026-03-01: medians 0.6, 0.62, 0.58, 0.61, 0.59, 0.6, 0.3 → median 0.6, quartiles 0.585 and 0.605.
    expect(curve.current).toHaveLength(1);
    expect(curve.current[0]).toMatchObject({ date: '2026-03-01', parcels: 7 });
    expect(curve.current[0]!.median).toBeCloseTo(0.6, 9);
    expect(curve.current[0]!.p25).toBeCloseTo(0.585, 9);
    expect(curve.current[0]!.p75).toBeCloseTo(0.605, 9);
    // 2025-03-01: the six barley fields 0.40 … 0.50 → median 0.45; 2025-04-01 (two fields) is left out.
    expect(curve.previous.map((d) => [d.date, d.parcels])).toEqual([['2025-03-01', 6]]);
    expect(curve.previous[0]!.median).toBeCloseTo(0.45, 9);
    // No olive field: no day. A crop outside the list is refused; another organisation's member gets 404.
    const olive = json<TerritoryCurve>(
      await t.current.inject({
        method: 'GET',
        url: `/api/organisations/${org.id}/territory/curve?crop=olive`,
        headers: agronomist.headers,
      }),
    );
    expect(olive).toMatchObject({ season: 2025, current: [], previous: [] });
    const bad = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/territory/curve?crop=banana`,
      headers: agronomist.headers,
    });
    expect(bad.statusCode).toBe(400);
    const outsider = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/territory/curve?crop=barley`,
      headers: farmer.headers,
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('serves its parcels as vector tiles with their class, and refuses a tile outside the grid', async () => {
    const { agronomist, org } = await world();
    const z = 12;
    const { x, y } = tileOf(3.31, 36.7008, z);
    const res = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/tiles/${z}/${x}/${y}.mvt`,
      headers: agronomist.headers,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const tile = new VectorTile(new PbfReader(res.rawPayload));
    const layer = tile.layers.parcels!;
    expect(layer.extent).toBe(4096);
    const features = Array.from({ length: layer.length }, (_, i) => layer.feature(i));
    expect(features.map((f) => f.properties.name).sort()).toEqual([
      'Orge 1',
      'Orge 2',
      'Orge 3',
      'Orge 4',
      'Orge 5',
      'Orge 6',
      'Orge 7',
    ]);
    const weak = features.find((f) => f.properties.name === 'Orge 7')!;
    expect(weak.properties).toMatchObject({ class: 'well_below', crop: 'barley' });
    expect(weak.type).toBe(3); // polygon
    // Its outline, back in degrees, is the parcel's (to a tile pixel).
    const ring = (weak.toGeoJSON(x, y, z).geometry as GeoJSON.Polygon).coordinates[0]!;
    const lons = ring.map((p) => p[0]!);
    expect(Math.min(...lons)).toBeCloseTo(3.3 + 7 * 0.004, 3);
    expect(Math.max(...lons)).toBeCloseTo(3.3 + 7 * 0.004 + 0.003, 3);

    const filtered = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/tiles/${z}/${x}/${y}.mvt?condition=well_below`,
      headers: agronomist.headers,
    });
    expect(new VectorTile(new PbfReader(filtered.rawPayload)).layers.parcels!.length).toBe(1);
    const empty = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/tiles/${z}/${x + 5}/${y}.mvt`,
      headers: agronomist.headers,
    });
    expect(empty.statusCode).toBe(200);
    expect(new VectorTile(new PbfReader(empty.rawPayload)).layers.parcels?.length ?? 0).toBe(0);
    const outside = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/tiles/2/4/0.mvt`,
      headers: agronomist.headers,
    });
    expect(outside.statusCode).toBe(400);
  });
});
