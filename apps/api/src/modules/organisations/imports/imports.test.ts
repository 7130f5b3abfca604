/**
 * Issue 30 §2, acceptance 2: an organisation's parcels imported from a file of each format — GeoJSON, KML, KMZ, a
 * zipped Shapefile in UTM 31N, a GeoPackage in Web Mercator, a CSV with a WKT column, a CSV of points with an area —
 * each with valid and invalid features, checked against the report; on the embedded database and, with
 * DATABASE_URL, on PostgreSQL. The job is run here as a worker runs it (runImport), after the API queued it.
 */
import { readFileSync } from 'node:fs';
import { factories, uniqueSuffix } from '@filaha/db/testing';
import { sql } from '@filaha/db';
import type { Organisation, OrganisationParcel, ParcelImport, ParcelImportSummary } from '@filaha/shared/contracts';
import type { JobsOverview } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../../test/helper.ts';
import { multipart } from '../../../../test/multipart.ts';
import { codeOf } from '../../plans/test-kit.ts';
import { runImport } from './run-import.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
type Headers = Record<string, string>;

const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url));

/** What fixtures/imports/make.py made each feature to give, in file order. */
const EXPECTED_REFUSALS = [
  { feature: 3, reason: 'self_intersection' },
  { feature: 4, reason: 'area_too_small' },
  { feature: 5, reason: 'outside_coverage' },
  { feature: 6, reason: 'duplicate', detail: '1' },
  { feature: 7, reason: 'overlaps_feature', detail: '2' },
  { feature: 8, reason: 'unknown_crop', detail: 'banane' },
  { feature: 10, reason: 'invalid_sowing_date', detail: '31/02/2026' },
];

async function setup() {
  const admin = await t.current.createUser({ role: 'Admin' });
  const agronomist = await t.current.createUser({ role: 'User' });
  const viewer = await t.current.createUser({ role: 'User' });
  const outsider = await t.current.createUser({ role: 'User' });
  const created = await t.current.inject({
    method: 'POST',
    url: '/api/organisations',
    headers: admin.headers,
    payload: { name: `Coopérative ${uniqueSuffix()}`, type: 'cooperative' },
  });
  const org = json<Organisation>(created);
  for (const [who, role] of [
    [agronomist, 'agronomist'],
    [viewer, 'viewer'],
  ] as const) {
    const added = await t.current.inject({
      method: 'POST',
      url: `/api/organisations/${org.id}/members`,
      headers: admin.headers,
      payload: { email: who.user.email, role },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  return { admin, agronomist, viewer, outsider, org };
}

function upload(orgId: number, headers: Headers, filename: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const body = multipart(fields, [{ name: 'file', filename, contentType: 'application/octet-stream', bytes }]);
  return t.current.inject({
    method: 'POST',
    url: `/api/organisations/${orgId}/parcels/import`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads, runs the queued job as a worker would, and answers the finished import's report. */
async function imported(orgId: number, headers: Headers, filename: string, bytes: Buffer, fields = {}) {
  const res = await upload(orgId, headers, filename, bytes, fields);
  expect(res.statusCode, res.body).toBe(202);
  const queued = json<ParcelImport>(res);
  expect(queued).toMatchObject({ status: 'queued', total: null, accepted: 0, refused: [] });
  await runImport(t.current.database.db, queued.id);
  const report = await t.current.inject({ method: 'GET', url: `/api/imports/${queued.id}`, headers });
  expect(report.statusCode, report.body).toBe(200);
  return json<ParcelImport>(report);
}

const orgParcels = async (orgId: number, headers: Headers) =>
  json<OrganisationParcel[]>(
    await t.current.inject({ method: 'GET', url: `/api/organisations/${orgId}/parcels`, headers }),
  ).filter((p) => p.farmer === null);

describe("an organisation's parcel import, each format", () => {
  for (const [format, file] of [
    ['geojson', 'parcels.geojson'],
    ['kml', 'parcels.kml'],
    ['kmz', 'parcels.kmz'],
    ['shapefile', 'parcels-utm31.zip'],
    ['geopackage', 'parcels-3857.gpkg'],
    ['csv', 'parcels-wkt.csv'],
  ] as const) {
    it(`${format} (${file}): accepts the valid features, repairs the spike, refuses each bad one with its reason`, async () => {
      const { agronomist, org } = await setup();
      const report = await imported(org.id, agronomist.headers, file, fixture(file));
      expect(report).toMatchObject({ format, status: 'done', total: 11, accepted: 4, repaired: 1, error: null });
      expect(report.refused.map(({ feature, reason }) => ({ feature, reason }))).toEqual(
        EXPECTED_REFUSALS.map(({ feature, reason }) => ({ feature, reason })),
      );
      for (const want of EXPECTED_REFUSALS.filter((r) => r.detail))
        expect(report.refused.find((r) => r.feature === want.feature)?.detail).toBe(want.detail);
      // Where the bow tie crosses itself: its centre, 2.959° E 36.5508° N.
      expect(report.refused[0]!.detail).toBe('2.95900 36.55080');

      const parcels = await orgParcels(org.id, agronomist.headers);
      expect(parcels.map((p) => p.name).sort()).toEqual(['A1', 'A2', `${file.replace(/\.[^.]+$/, '')} #11`, 'spike']);
      const a1 = parcels.find((p) => p.name === 'A1')!;
      // Reprojected from UTM / Web Mercator to the same field: about 3.2 ha wherever it came from.
      expect(a1.areaHa).toBeGreaterThan(3.0);
      expect(a1.areaHa).toBeLessThan(3.4);
      expect(a1).toMatchObject({ crop: 'durum_wheat', farmerContact: '0550123456' });
      expect(parcels.find((p) => p.name === 'A2')!.farmerContact).toBe('fellah@example.dz');

      // The crops of the season of their sowing date, irrigated or not as the file says.
      const seasons = await t.current.database.db.execute<{
        name: string;
        season: number;
        crop: string;
        irrigated: boolean;
      }>(sql`
        SELECT p.name, s.season, s.crop, s.irrigated FROM parcel_seasons s JOIN parcels p ON p.id = s.parcel_id
         WHERE p.import_id = ${report.id} ORDER BY p.name`);
      expect(seasons.rows.filter((r) => r.name === 'A1' || r.name === 'A2')).toEqual([
        { name: 'A1', season: 2025, crop: 'durum_wheat', irrigated: false },
        { name: 'A2', season: 2025, crop: 'potato', irrigated: true },
      ]);
      expect(seasons.rows.find((r) => r.name === 'spike')?.crop).toBe('barley');
    });
  }
});

describe('import rules', () => {
  it('a second import of the same file refuses every field already there (duplicate_existing), stores nothing twice', async () => {
    const { agronomist, org } = await setup();
    await imported(org.id, agronomist.headers, 'parcels.geojson', fixture('parcels.geojson'));
    const again = await imported(org.id, agronomist.headers, 'parcels.geojson', fixture('parcels.geojson'));
    expect(again.accepted).toBe(0);
    const byFeature = new Map(again.refused.map((r) => [r.feature, r.reason]));
    for (const f of [1, 2, 9, 11]) expect(byFeature.get(f)).toBe('duplicate_existing');
    expect(await orgParcels(org.id, agronomist.headers)).toHaveLength(4);
  });

  it('a retried job (a worker killed after the commit) changes nothing', async () => {
    const { agronomist, org } = await setup();
    const report = await imported(org.id, agronomist.headers, 'parcels.geojson', fixture('parcels.geojson'));
    expect(await runImport(t.current.database.db, report.id)).toMatchObject({ status: 'finished_before' });
    expect(await orgParcels(org.id, agronomist.headers)).toHaveLength(4);
  });

  it('CSV of points with an area, a column mapping, a GeoJSON line and a multi-part field', async () => {
    const { agronomist, org } = await setup();
    const csv = [
      'Parcelle,Y,X,Superficie,Espece',
      'P1,36.561,2.951,2.5,Blé tendre',
      'P2,36.571,2.961,,orge',
      'P3,oops,2.97,1,orge',
    ].join('\n');
    const points = await imported(org.id, agronomist.headers, 'points.csv', Buffer.from(csv), {
      mapping: JSON.stringify({ name: 'Parcelle', crop: 'Espece' }),
    });
    expect(points).toMatchObject({ status: 'done', total: 3, accepted: 1 });
    expect(points.refused).toEqual([
      { feature: 2, reason: 'not_polygon', detail: 'Point' },
      { feature: 3, reason: 'no_geometry', detail: null },
    ]);
    const [p1] = await orgParcels(org.id, agronomist.headers);
    expect(p1!.name).toBe('P1');
    expect(p1!.areaHa).toBeCloseTo(2.5, 1);

    const sq = (x: number) => [
      [x, 36.6],
      [x + 0.002, 36.6],
      [x + 0.002, 36.6016],
      [x, 36.6016],
      [x, 36.6],
    ];
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'line' }, geometry: { type: 'LineString', coordinates: sq(3.0) } },
        {
          type: 'Feature',
          properties: { name: 'two parts' },
          geometry: { type: 'MultiPolygon', coordinates: [[sq(3.01)], [sq(3.02)]] },
        },
        {
          type: 'Feature',
          properties: { name: 'one part' },
          geometry: { type: 'MultiPolygon', coordinates: [[sq(3.03)]] },
        },
        { type: 'Feature', properties: { name: 'broken' }, geometry: { type: 'Polygon', coordinates: [[[3, 36]]] } },
        { type: 'Feature', properties: { name: 'none' }, geometry: null },
      ],
    };
    const mixed = await imported(org.id, agronomist.headers, 'mixed.geojson', Buffer.from(JSON.stringify(geojson)));
    expect(mixed).toMatchObject({ accepted: 1, total: 5 });
    expect(mixed.refused.map((r) => [r.feature, r.reason, r.detail])).toEqual([
      [1, 'not_polygon', 'Linestring'],
      [2, 'multiple_parts', '2'],
      [4, 'invalid_geometry', null],
      [5, 'no_geometry', null],
    ]);
  });

  it('the report as CSV, in French and in Arabic', async () => {
    const { agronomist, org } = await setup();
    const report = await imported(org.id, agronomist.headers, 'parcels.geojson', fixture('parcels.geojson'));
    const fr = await t.current.inject({
      method: 'GET',
      url: `/api/imports/${report.id}/report.csv?lang=fr`,
      headers: agronomist.headers,
    });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toMatch(/^text\/csv/);
    const lines = fr.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Élément;Motif;Code;Détail');
    expect(lines).toHaveLength(1 + EXPECTED_REFUSALS.length);
    expect(lines[1]).toBe('3;Contour qui se recoupe;self_intersection;2.95900 36.55080');
    expect(lines[4]).toBe('6;Doublon d’un élément précédent du fichier;duplicate;1');
    const ar = await t.current.inject({
      method: 'GET',
      url: `/api/imports/${report.id}/report.csv?lang=ar`,
      headers: agronomist.headers,
    });
    expect(ar.body).toContain('العنصر;السبب;الرمز;التفاصيل');
    expect(ar.body).toContain('8;محصول غير معروف;unknown_crop;banane');
  });

  it('a file that cannot be read fails the import with its reason; an unknown format is refused at once', async () => {
    const { agronomist, org } = await setup();
    const broken = await imported(org.id, agronomist.headers, 'broken.geojson', Buffer.from('{"type": "Feature'));
    expect(broken).toMatchObject({ status: 'failed', error: 'unreadable', accepted: 0 });
    const noShape = await imported(org.id, agronomist.headers, 'list.csv', Buffer.from('a;b\n1;2\n'));
    expect(noShape).toMatchObject({ status: 'failed', error: 'unreadable' });
    const unknown = await upload(org.id, agronomist.headers, 'notes.docx', Buffer.from('hello'));
    expect(unknown.statusCode).toBe(400);
    expect(codeOf(unknown)).toBe('VALIDATION_FAILED');
    const badMapping = await upload(org.id, agronomist.headers, 'parcels.geojson', fixture('parcels.geojson'), {
      mapping: '{"colour": "x"}',
    });
    expect(badMapping.statusCode).toBe(400);
    const list = json<ParcelImportSummary[]>(
      await t.current.inject({
        method: 'GET',
        url: `/api/organisations/${org.id}/imports`,
        headers: agronomist.headers,
      }),
    );
    // Only the two imports that were accepted for checking; the refused uploads left nothing.
    expect(list.map((i) => [i.fileName, i.status, i.error])).toEqual([
      ['list.csv', 'failed', 'unreadable'],
      ['broken.geojson', 'failed', 'unreadable'],
    ]);
  });
});

describe('who may import and read the reports', () => {
  it('a viewer may not import (403); a stranger, a platform admin who is not a member, sees nothing (404)', async () => {
    const { admin, agronomist, viewer, outsider, org } = await setup();
    const bytes = fixture('parcels.geojson');
    expect((await upload(org.id, viewer.headers, 'parcels.geojson', bytes)).statusCode).toBe(403);
    expect((await upload(org.id, outsider.headers, 'parcels.geojson', bytes)).statusCode).toBe(404);
    expect((await upload(org.id, admin.headers, 'parcels.geojson', bytes)).statusCode).toBe(404);
    const report = await imported(org.id, agronomist.headers, 'parcels.geojson', bytes);
    for (const [who, status] of [
      [viewer, 200],
      [outsider, 404],
      [admin, 404],
    ] as const) {
      for (const url of [`/api/imports/${report.id}`, `/api/imports/${report.id}/report.csv`])
        expect((await t.current.inject({ method: 'GET', url, headers: who.headers })).statusCode, url).toBe(status);
    }
    // The organisation's own parcels are not a farmer's: the parcel routes do not show them, even to staff.
    const [own] = await orgParcels(org.id, agronomist.headers);
    const res = await t.current.inject({ method: 'GET', url: `/api/parcelle/${own!.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(404);
    const all = await t.current.inject({ method: 'GET', url: '/api/parcelle', headers: admin.headers });
    expect(all.body).not.toContain(`"id":${own!.id},`);
    // A farmer's own parcel is untouched by the change.
    const farmer = await t.current.createUser({ role: 'User' });
    const { parcel } = await factories.createParcel(t.current.database, { userId: farmer.user.id });
    expect(
      (await t.current.inject({ method: 'GET', url: `/api/parcelle/${parcel.id}`, headers: farmer.headers }))
        .statusCode,
    ).toBe(200);
  });
});

describe('an import the database cannot store', () => {
  /** A disk that refuses writes, as PostgreSQL says it: SQLSTATE 53100 (disk_full), raised by a trigger. */
  const refuseWrites = async (table: string, events: string) => {
    const db = t.current.database.db;
    await db.execute(sql`
      CREATE OR REPLACE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'could not extend file "base/16384/16590": No space left on device' USING ERRCODE = 'disk_full';
      END $$`);
    await db.execute(
      sql.raw(`CREATE TRIGGER test_disk_full_${table} BEFORE ${events} ON ${table}
                              FOR EACH ROW EXECUTE FUNCTION test_disk_full()`),
    );
  };
  const allowWrites = async () => {
    const db = t.current.database.db;
    await db.execute(sql`DROP TRIGGER IF EXISTS test_disk_full_parcels ON parcels`);
    await db.execute(sql`DROP TRIGGER IF EXISTS test_disk_full_parcel_imports ON parcel_imports`);
  };

  /**
   * One worker's loop over the import queue, as pg-boss runs it, until nothing is left to take: each job runs
   * runImport and is completed, or failed with its error (then retried by pg-boss after its delay, which is brought
   * forward here so the retries follow at once). Jobs of the earlier tests, never worked, are taken too (their
   * imports are finished: `finished_before`). Answers how many times `importId` was tried.
   */
  async function workQueue(importId: number) {
    const db = t.current.database.db;
    const boss = await t.current.app.jobs.boss();
    let tries = 0;
    for (;;) {
      await db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'parcel-import' AND state = 'retry'`);
      const [job] = await boss.fetch<{ importId: number }>('parcel-import');
      if (!job) return tries;
      if (job.data.importId === importId) tries++;
      try {
        await boss.complete('parcel-import', job.id, await runImport(db, job.data.importId));
      } catch (error) {
        await boss.fail('parcel-import', job.id, { message: String(error) });
      }
    }
  }

  it('is reported failed (not_stored) once its job died, while the disk still refuses every write; nothing of it is kept; a retry from the back office stores it', async () => {
    const { admin, agronomist, org } = await setup();
    const res = await upload(org.id, agronomist.headers, 'parcels.geojson', fixture('parcels.geojson'));
    expect(res.statusCode, res.body).toBe(202);
    const { id } = json<ParcelImport>(res);
    const report = async () =>
      json<ParcelImport>(
        await t.current.inject({ method: 'GET', url: `/api/imports/${id}`, headers: agronomist.headers }),
      );
    const listed = async () =>
      json<ParcelImportSummary[]>(
        await t.current.inject({
          method: 'GET',
          url: `/api/organisations/${org.id}/imports`,
          headers: agronomist.headers,
        }),
      ).find((i) => i.id === id);
    try {
      // The disk fills up: the import's transaction fails at its first parcel, every time.
      await refuseWrites('parcels', 'INSERT');
      expect(await workQueue(id)).toBe(6); // the first run and RETRY_LIMIT retries
      const [job] = (
        await t.current.database.db.execute<{ state: string }>(
          sql`SELECT state::text AS state FROM pgboss.job WHERE name = 'parcel-import' AND singleton_key = ${`import-${id}`}`,
        )
      ).rows;
      expect(job?.state).toBe('failed');
      // Nothing can be written now, not even the import's own row: the failure is read from the dead job.
      await refuseWrites('parcel_imports', 'INSERT OR UPDATE OR DELETE');
      expect(await report()).toMatchObject({ status: 'failed', error: 'not_stored', accepted: 0, refused: [] });
      expect(await listed()).toMatchObject({ status: 'failed', error: 'not_stored', refusedCount: 0 });
      const [stored] = (
        await t.current.database.db.execute<{ status: string }>(sql`SELECT status FROM parcel_imports WHERE id = ${id}`)
      ).rows;
      expect(stored?.status).toBe('running');
      expect(await orgParcels(org.id, agronomist.headers)).toEqual([]);

      // The disk has room again; staff retry the dead job from the back office and the import runs to its end.
      await allowWrites();
      const { failed } = json<JobsOverview>(
        await t.current.inject({ method: 'GET', url: '/api/admin/jobs', headers: admin.headers }),
      );
      const dead = failed.find((f) => f.queue === 'parcel-import' && f.subject === `import ${id}`);
      expect(dead).toBeDefined();
      const retried = await t.current.inject({
        method: 'POST',
        url: `/api/admin/jobs/${dead!.id}/retry`,
        headers: admin.headers,
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect((await report()).status).toBe('running');
      expect(await workQueue(id)).toBe(1);
      const done = await report();
      expect(done).toMatchObject({ status: 'done', error: null, total: 11, accepted: 4 });
      expect(done.refused.map((r) => r.reason)).toEqual(EXPECTED_REFUSALS.map((r) => r.reason));
      expect(await orgParcels(org.id, agronomist.headers)).toHaveLength(4);
    } finally {
      await allowWrites();
    }
  });
});
