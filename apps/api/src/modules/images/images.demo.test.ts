import { decodeValuesGrid } from '@filaha/imagery/values-grid';
import { DEMO_FARMER_FIELD_KEYS, DEMO_FIELDS } from '@filaha/shared';
import { asc, eq, legends } from '@filaha/db';
import { factories, type IndexCode } from '@filaha/db/testing';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import {
  answerOf,
  createFarmer,
  createParcel,
  fetchSigned,
  generate,
  usageOf,
  type Farmer,
} from './test-support/fixtures.ts';

/**
 * Acceptance 1: with the embedded default (no STAC variables, the bundled demo catalog, no network) the demo
 * farmer generates NDVI, NDMI, NDWI, NDRE and MSAVI over each demo parcel for the default window.
 */
const t = useTestApp();
const CODES: IndexCode[] = ['NDVI', 'NDMI', 'NDWI', 'NDRE', 'MSAVI'];
const FIELDS = DEMO_FIELDS.filter((f) => (DEMO_FARMER_FIELD_KEYS as readonly string[]).includes(f.key));

/** Plausible ranges for the demo crops on a clear mid-August scene (the generator's targets ± noise). */
const EXPECTED_MEAN: Record<string, Record<IndexCode, [number, number]>> = {
  citrus: { NDVI: [0.65, 0.8], NDMI: [0.2, 0.45], NDWI: [-0.75, -0.5], NDRE: [0.35, 0.6], MSAVI: [0.4, 0.65] },
  maize: { NDVI: [0.72, 0.88], NDMI: [0.3, 0.5], NDWI: [-0.8, -0.55], NDRE: [0.4, 0.65], MSAVI: [0.5, 0.75] },
  // The wheat of the season was harvested in June: stubble over dry soil in August (measured 0.18, −0.09, −0.29,
  // 0.11, 0.11 on 2025-08-15).
  wheat: { NDVI: [0.1, 0.25], NDMI: [-0.2, 0], NDWI: [-0.4, -0.2], NDRE: [0.05, 0.2], MSAVI: [0.05, 0.2] },
};

let farmer: Farmer;
const parcels = new Map<string, number>();
beforeAll(async () => {
  farmer = await createFarmer(t.current);
  for (const field of FIELDS) {
    parcels.set(
      field.key,
      (await createParcel(t.current, farmer.userId, { type: 'Polygon', coordinates: [field.ring] })).id,
    );
  }
});

async function legendOf(code: IndexCode) {
  const indexId = await factories.indexIdByCode(t.current.database, code);
  return t.current.database.db
    .select()
    .from(legends)
    .where(eq(legends.indexId, indexId))
    .orderBy(asc(legends.position));
}

describe('POST /api/images/{index} on the embedded demo catalog', () => {
  for (const field of FIELDS) {
    for (const code of CODES) {
      it(`${code} over the ${field.key} parcel`, async () => {
        const parcelId = parcels.get(field.key)!;
        const res = await generate(t.current, farmer, code.toLowerCase(), {
          parcelle_id: parcelId,
          user_id: farmer.userId,
        });
        expect(res.statusCode, res.body).toBe(200);
        const answer = answerOf(res);
        expect(answer).toMatchObject({
          success: true,
          cached: false,
          index: code,
          dateDebut: '2025-08-14',
          dateFin: '2025-08-19',
        });
        // 2025-08-17 has a cloud (or its shadow) over these fields: the clear 2025-08-15 acquisition must be chosen.
        expect(answer.scene).toMatchObject({ id: 'S2C_31SDA_20250815_0_L2A', cloudFraction: 0 });

        // Bounds are exactly the parcel's lat/lon bounding box.
        const lons = field.ring.map((p) => p[0]);
        const lats = field.ring.map((p) => p[1]);
        expect(answer.bounds).toEqual([
          [Math.min(...lats), Math.min(...lons)],
          [Math.max(...lats), Math.max(...lons)],
        ]);

        // Stats of the valid in-parcel 10 m pixels, plausible for the crop.
        const [low, high] = EXPECTED_MEAN[field.key]![code];
        expect(answer.stats.mean).toBeGreaterThan(low);
        expect(answer.stats.mean).toBeLessThan(high);
        expect(answer.stats.min).toBeLessThanOrEqual(answer.stats.p25);
        expect(answer.stats.p25).toBeLessThanOrEqual(answer.stats.median);
        expect(answer.stats.median).toBeLessThanOrEqual(answer.stats.p75);
        expect(answer.stats.p75).toBeLessThanOrEqual(answer.stats.max);
        expect(answer.stats.validFraction).toBe(1);
        expect(answer.stats.resolution).toBe(10);
        expect(answer.stats.count).toBeGreaterThan(1000);

        // The PNG, fetched without Authorization like an <img>, decodes to the answer's size.
        const png = await fetchSigned(t.current, answer.imageUrl);
        expect(png.statusCode).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        expect(String(png.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
        const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        expect([info.width, info.height]).toEqual([answer.width, answer.height]);
        expect(answer.width).toBeGreaterThan(30);

        // The values grid covers the same pixels; each opaque pixel has its legend class's colour.
        const values = await fetchSigned(t.current, answer.valuesUrl);
        expect(values.statusCode).toBe(200);
        const grid = decodeValuesGrid(new Uint8Array(values.rawPayload));
        expect([grid.width, grid.height]).toEqual([answer.width, answer.height]);
        expect(grid.bounds).toEqual(answer.bounds);
        const classes = await legendOf(code);
        let checked = 0;
        for (let i = 0; i < grid.data.length; i += 7) {
          const value = grid.data[i]!;
          if (Number.isNaN(value)) {
            expect(data[i * 4 + 3], `pixel ${i} outside the parcel is transparent`).toBe(0);
            continue;
          }
          const c = classes.find((l) => value >= l.intervalStart && value < l.intervalEnd) ?? classes.at(-1)!;
          const rgb = c.color.match(/\d+/g)!.map(Number);
          expect([data[i * 4], data[i * 4 + 1], data[i * 4 + 2], data[i * 4 + 3]]).toEqual([...rgb, 255]);
          checked++;
        }
        expect(checked).toBeGreaterThan(50);

        // The Float32 GeoTIFF download.
        const tiff = await fetchSigned(t.current, answer.downloadUrl);
        expect(tiff.statusCode).toBe(200);
        expect(tiff.headers['content-type']).toBe('image/tiff');
        expect(tiff.headers['content-disposition']).toContain(`${code}_parcelle-${parcelId}_2025-08-15.tif`);
        expect(tiff.rawPayload.subarray(0, 4).toString('latin1')).toBe('II*\0');

        expect(await usageOf(t.current, farmer.subscriptionId!, code)).toEqual({
          used: FIELDS.indexOf(field) + 1,
          total: 6,
        });
      });
    }
  }

  it('the maize parcel (not a rectangle) leaves its bounding-box corners transparent', async () => {
    const res = await generate(t.current, farmer, 'NDVI', { parcelle_id: parcels.get('maize') });
    const answer = answerOf(res);
    expect(answer.cached).toBe(true);
    const png = await fetchSigned(t.current, answer.imageUrl);
    const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // South-east corner: the ring's east edge leans inward there.
    expect(data[((info.height - 1) * info.width + info.width - 1) * 4 + 3]).toBe(0);
    expect(data[(Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 4 + 3]).toBe(255);
  });
});
