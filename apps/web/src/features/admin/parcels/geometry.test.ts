import { describe, expect, it } from 'vitest';
import { ParcelForm, rectangleFromBounds } from '@filaha/shared';
import { areaHa, boundsFromInputs, boundsOf, NOT_GEOJSON, readGeoJsonFile } from './geometry.ts';

const file = (name: string, content: unknown) => ({
  name,
  text: async () => (typeof content === 'string' ? content : JSON.stringify(content)),
});
const square = (lon: number, lat: number, d: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ],
  ],
});

describe('GeoJSON file of the new-parcel form', () => {
  it('refuses any file that is not .geojson, whatever it holds', async () => {
    for (const name of ['parcelle.json', 'parcelle.kml', 'parcelle.geojson.txt', 'geojson']) {
      expect(await readGeoJsonFile(file(name, square(3, 36.5, 0.01)))).toEqual({ ok: false, message: NOT_GEOJSON });
    }
    expect((await readGeoJsonFile(file('PARCELLE.GeoJSON', square(3, 36.5, 0.01)))).ok).toBe(true);
  });

  it('takes the first feature of a FeatureCollection', async () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'A' }, geometry: square(3.1, 36.6, 0.01) },
        { type: 'Feature', properties: { name: 'B' }, geometry: square(5, 35, 0.02) },
      ],
    };
    const result = await readGeoJsonFile(file('champs.geojson', collection));
    expect(result.ok).toBe(true);
    if (result.ok) expect(boundsOf(result.polygon)).toEqual({ bWS: 3.1, bWN: 3.11, bES: 36.6, bEN: 36.61 });
  });

  it("drops altitudes and says what is wrong with a bad file, with the shared messages' keys", async () => {
    const withZ = {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [3, 36, 120],
            [3.01, 36, 120],
            [3.01, 36.01, 121],
            [3, 36, 120],
          ],
        ],
      },
    };
    const ok = await readGeoJsonFile(file('z.geojson', withZ));
    expect(ok.ok && ok.polygon.coordinates[0]?.[2]).toEqual([3.01, 36.01]);
    expect(await readGeoJsonFile(file('a.geojson', '{ nope'))).toEqual({
      ok: false,
      message: 'validation.parcelBadJson',
    });
    expect(await readGeoJsonFile(file('b.geojson', { type: 'Point', coordinates: [3, 36] }))).toEqual({
      ok: false,
      message: 'validation.parcelPolygonOnly',
    });
    const open = square(3, 36, 0.01);
    open.coordinates[0]?.pop();
    open.coordinates[0]?.push([3.005, 36.005]);
    expect(await readGeoJsonFile(file('c.geojson', open))).toEqual({
      ok: false,
      message: 'validation.parcelRingNotClosed',
    });
  });
});

describe('manual bounds → rectangle', () => {
  it('needs all four bounds, west < east and south < north', () => {
    expect(boundsFromInputs({ bWS: '3', bWN: '3.01', bES: '36.5', bEN: '36.51' })).toEqual({
      bWS: 3,
      bWN: 3.01,
      bES: 36.5,
      bEN: 36.51,
    });
    expect(boundsFromInputs({ bWS: '3', bWN: '', bES: '36.5', bEN: '36.51' })).toBeNull();
    expect(boundsFromInputs({ bWS: '3.01', bWN: '3', bES: '36.5', bEN: '36.51' })).toBeNull();
    expect(boundsFromInputs({ bWS: '3', bWN: '3.01', bES: '36.6', bEN: '36.5' })).toBeNull();
  });

  it('builds a closed rectangle whose envelope is the bounds, with a sensible area in hectares', () => {
    const b = { bWS: 3, bWN: 3.01, bES: 36.5, bEN: 36.51 };
    const rect = rectangleFromBounds(b);
    const ring = rect.coordinates[0] ?? [];
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    expect(boundsOf(rect)).toEqual(b);
    // 0.01° × 0.01° at 36.5° N ≈ 1113 m × 895 m ≈ 99.6 ha.
    expect(areaHa(rect)).toBeGreaterThan(98);
    expect(areaHa(rect)).toBeLessThan(101);
  });

  it('is what the shared form schema builds from the bounds, and it refuses reversed bounds', () => {
    const fromForm = ParcelForm.parse({
      identifiantU: 'Verger',
      userId: '4',
      bWS: '3',
      bWN: '3.01',
      bES: '36.5',
      bEN: '36.51',
    });
    expect(fromForm.geom).toEqual(rectangleFromBounds({ bWS: 3, bWN: 3.01, bES: 36.5, bEN: 36.51 }));
    const reversed = ParcelForm.safeParse({
      identifiantU: 'Verger',
      userId: '4',
      bWS: '3.01',
      bWN: '3',
      bES: '36.5',
      bEN: '36.51',
    });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.message).toBe('validation.parcelBoundsOrder');
    const nothing = ParcelForm.safeParse({ identifiantU: 'Verger', userId: '4' });
    expect(nothing.error?.issues[0]?.message).toBe('validation.parcelGeometryRequired');
  });
});
