/**
 * Issue 30 §2: the export of an organisation's parcels (granted and its own) with their crop, latest NDVI point and
 * condition, as CSV (ar and fr) and GeoPackage — on the embedded database and, with DATABASE_URL, on PostgreSQL.
 * The condition's rule (CONDITION_RULE) is checked on points written here: a parcel against its own previous
 * seasons, fields of one crop against each other, and a parcel with no reference.
 */
import { readFileSync } from 'node:fs';
import { sql } from '@filaha/db';
import { CONDITION_RULE, conditionOf } from '@filaha/shared';
import type { AccessLogEntry } from '@filaha/shared/contracts';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../../test/helper.ts';
import { CROP_LABELS } from '../imports/mapping.ts';
import { readFeatures } from '../imports/readers.ts';
import { organisationsKit } from '../test-kit.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
const { organisation, grantedField, importFile, point, ownParcels } = organisationsKit(t);

/** A cooperative (its admin the agronomist here), a farmer's parcel granted to it, and 7 barley fields of its own. */
async function world() {
  const admin = await t.current.createUser({ role: 'Admin' });
  const agronomist = await t.current.createUser({ role: 'User' });
  const farmer = await t.current.createUser({ role: 'User' });
  const stranger = await t.current.createUser({ role: 'User' });
  const org = await organisation(admin, [[agronomist, 'agronomist']]);
  const parcel = await grantedField(farmer, org);
  const square = (i: number) => {
    const x = 3.1 + i * 0.004;
    return `POLYGON ((${x} 36.7, ${x + 0.002} 36.7, ${x + 0.002} 36.7016, ${x} 36.7016, ${x} 36.7))`;
  };
  const csv = [
    'nom;culture;date_semis;irrigue;wkt',
    ...[1, 2, 3, 4, 5, 6, 7].map((i) => `Orge ${i};orge;2025-11-0${i};non;"${square(i)}"`),
  ];
  await importFile(org.id, agronomist.headers, 'orge.csv', Buffer.from(csv.join('\n')));
  const own = await ownParcels(org.id);
  expect(own).toHaveLength(7);
  return { admin, agronomist, farmer, stranger, org, parcel, own };
}

const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(';'));

describe("the export of an organisation's parcels", () => {
  it('CSV: each parcel with its crop, latest point and condition against its own seasons or its crop (French)', async () => {
    const { agronomist, farmer, org, parcel, own } = await world();
    // The farmer's field: three points of the same fortnight in earlier seasons about 0.7, one of June not counted,
    // and this March at 0.40: far below its own normal.
    await point(parcel.id, '2023-03-15', 0.68);
    await point(parcel.id, '2024-03-10', 0.72);
    await point(parcel.id, '2024-03-25', 0.7);
    await point(parcel.id, '2024-06-01', 0.2);
    await point(parcel.id, '2025-03-15', 0.4);
    // The barley fields, no history: each against the 6 others of 1 March (one much weaker than the rest).
    const medians = [0.6, 0.62, 0.58, 0.61, 0.59, 0.6, 0.3];
    for (const [i, p] of own.entries()) await point(p.id, i === 6 ? '2026-03-05' : '2026-03-01', medians[i]!);

    const res = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/export.csv?lang=fr`,
      headers: agronomist.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="cooperative-.*-parcels\.csv"/);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual([
      'id',
      'nom',
      'agriculteur',
      'telephone',
      'surface_ha',
      'culture',
      'saison',
      'date_semis',
      'irrigue',
      'date_point',
      'ndvi_median',
      'part_valide',
      'etat',
      'reference',
      'z',
      'longitude',
      'latitude',
      'wkt',
    ]);
    expect(rows).toHaveLength(8);
    const by = new Map(rows.map((r) => [r[1], r]));
    const yacine = by.get('Champ de Yacine')!;
    const z = (0.4 - 0.7) / 0.02; // the history's sd (0.02) is the floor
    expect(yacine.slice(2, 3)).toEqual([farmer.user.userName]);
    expect(yacine.slice(9, 15)).toEqual([
      '2025-03-15',
      '0,4',
      '0,9',
      'Très en dessous de la normale',
      'ses saisons précédentes',
      String(Math.round(z * 100) / 100).replace('.', ','),
    ]);
    expect(yacine[17]).toMatch(/^"?POLYGON\(\(/);
    const weak = by.get('Orge 7')!;
    expect(weak.slice(2, 15)).toEqual([
      'organisation',
      '',
      '3,17',
      'Orge',
      '2025-2026',
      '2025-11-07',
      'non',
      '2026-03-05',
      '0,3',
      '0,9',
      'Très en dessous de la normale',
      'même culture dans l’organisation',
      weak[14]!,
    ]);
    expect(Number(weak[14]!.replace(',', '.'))).toBeLessThan(CONDITION_RULE.wellBelow);
    // A healthy one among them: the weak one pulls the others' mean down and spreads them, so they stay normal.
    expect(by.get('Orge 1')![12]).toBe('Normal');
    // The farmer sees that the organisation read their parcels.
    const log = json<AccessLogEntry[]>(
      await t.current.inject({ method: 'GET', url: '/api/access-log', headers: farmer.headers }),
    );
    expect(log[0]).toMatchObject({ organisation: { id: org.id }, what: 'parcels' });
  });

  it('CSV in Arabic reads back into an import (headers, crop names and yes/no the import knows)', async () => {
    const { agronomist, org } = await world();
    const res = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/export.csv?lang=ar`,
      headers: agronomist.headers,
    });
    const [header, ...rows] = rowsOf(res.body);
    expect(header!.slice(0, 6)).toEqual(['المعرف', 'الاسم', 'الفلاح', 'الهاتف', 'المساحة_هكتار', 'المحصول']);
    expect(rows.find((r) => r[1] === 'Orge 1')!.slice(2, 9)).toEqual([
      'الهيئة',
      '',
      '3,17',
      'شعير',
      '2025-2026',
      '2025-11-01',
      'لا',
    ]);
    // No point yet: no date, no median, no condition.
    expect(rows.find((r) => r[1] === 'Orge 1')!.slice(9, 15)).toEqual(['', '', '', '', '', '']);
    const again = await readFeatures('csv', Buffer.from(res.body));
    expect(again).toHaveLength(8);
    expect(again[0]!.geojson).toContain('Polygon');
  });

  it('GeoPackage: a feature table in WGS 84 with the same facts, read back by the import reader', async () => {
    const { agronomist, org, parcel } = await world();
    await point(parcel.id, '2025-03-15', 0.4);
    const res = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/export.gpkg`,
      headers: agronomist.headers,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/geopackage+sqlite3');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 15).toString('ascii')).toBe('SQLite format 3');
    // PRAGMA application_id 'GPKG' at byte 68 of the SQLite header.
    expect(bytes.readUInt32BE(68)).toBe(0x47504b47);
    const features = await readFeatures('geopackage', bytes);
    expect(features).toHaveLength(8);
    const yacine = features.find((f) => f.properties.name === 'Champ de Yacine')!;
    expect(yacine).toMatchObject({ srid: 4326 });
    expect(yacine.properties).toMatchObject({
      parcel_id: parcel.id,
      ndvi_median: 0.4,
      point_date: '2025-03-15',
      condition: null,
    });
    expect(features.find((f) => f.properties.name === 'Orge 3')!.properties).toMatchObject({
      crop: 'barley',
      season: '2025-2026',
      irrigated: 0,
    });
    // The outline is the parcel's: PostGIS reads the blob's WKB back to the same area.
    const area = await t.current.database.db.execute<{ same: boolean }>(sql`
      SELECT ST_Equals(ST_SetSRID(ST_GeomFromWKB(decode(${yacine.wkbHex!}, 'hex')), 4326), geom) AS same
        FROM parcels WHERE id = ${parcel.id}`);
    expect(area.rows[0]!.same).toBe(true);
  });

  it('only its members export; a revoked grant leaves the parcel out at once', async () => {
    const { admin, agronomist, farmer, stranger, org } = await world();
    for (const who of [stranger, admin, farmer])
      for (const ext of ['csv', 'gpkg'])
        expect(
          (
            await t.current.inject({
              method: 'GET',
              url: `/api/organisations/${org.id}/export.${ext}`,
              headers: who.headers,
            })
          ).statusCode,
        ).toBe(404);
    const grants = json<Array<{ id: number }>>(
      await t.current.inject({ method: 'GET', url: '/api/grants', headers: farmer.headers }),
    );
    await t.current.inject({ method: 'DELETE', url: `/api/grants/${grants[0]!.id}`, headers: farmer.headers });
    const res = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/export.csv`,
      headers: agronomist.headers,
    });
    expect(res.body).not.toContain('Champ de Yacine');
    expect(rowsOf(res.body)).toHaveLength(1 + 7);
  });
});

describe('the rule and its words', () => {
  it('classes z as the legend says', () => {
    expect([-3, -1.5, -1, -0.5, 0, 0.49, 0.5, 2, null].map(conditionOf)).toEqual([
      'well_below',
      'well_below',
      'below',
      'below',
      'normal',
      'normal',
      'above',
      'above',
      null,
    ]);
  });

  it("the export's crop names are the app's (web locales)", () => {
    for (const lang of ['fr', 'ar'] as const) {
      const farm = JSON.parse(
        readFileSync(new URL(`../../../../../web/src/i18n/locales/${lang}/farm.json`, import.meta.url), 'utf8'),
      ) as { cropSeason: { crops: Record<string, string> } };
      expect(Object.fromEntries(Object.entries(CROP_LABELS).map(([k, v]) => [k, v[lang]]))).toEqual(
        farm.cropSeason.crops,
      );
    }
  });
});
