import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG_PATH, type ParcelGeometry } from '../src/index.ts';
import { catalogCoverage, intersectsCoverage } from '../src/stac/coverage.ts';

const square = (lon: number, lat: number, d = 0.001): ParcelGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon - d, lat - d],
      [lon + d, lat - d],
      [lon + d, lat + d],
      [lon - d, lat + d],
      [lon - d, lat - d],
    ],
  ],
});

const COLLECTIONS = ['sentinel-2-c1-l2a', 'sentinel-2-l2a'];

describe('catalog coverage', () => {
  it('is the distinct item footprints of a static catalog (the demo one covers the Mitidja, not Oran)', async () => {
    const coverage = await catalogCoverage({ catalogPath: DEMO_CATALOG_PATH, collections: COLLECTIONS });
    expect(coverage.type).toBe('FeatureCollection');
    expect(coverage.features.length).toBeGreaterThan(0);
    const keys = coverage.features.map((f) => JSON.stringify(f.geometry.coordinates));
    expect(new Set(keys).size).toBe(keys.length);
    expect(intersectsCoverage(square(2.99, 36.605), coverage)).toBe(true);
    expect(intersectsCoverage(square(-0.63, 35.7), coverage)).toBe(false);
  });

  it("is each STAC API collection's spatial extent (its parts when listed, split across the antimeridian)", async () => {
    const asked: string[] = [];
    const fetch = async (url: string) => {
      asked.push(url);
      const bbox = url.endsWith('/sentinel-2-c1-l2a')
        ? [
            [-10, 19, 12, 38],
            [-10, 19, 0, 38],
            [0, 30, 12, 38],
          ]
        : [[170, -10, -170, 10]];
      return new Response(JSON.stringify({ id: 'x', extent: { spatial: { bbox } } }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const coverage = await catalogCoverage({ stacApiUrl: 'https://stac.example/v1/', collections: COLLECTIONS, fetch });
    expect(asked).toEqual([
      'https://stac.example/v1/collections/sentinel-2-c1-l2a',
      'https://stac.example/v1/collections/sentinel-2-l2a',
    ]);
    // Two parts of the first collection (not its overall box), two halves of the antimeridian one.
    expect(coverage.features).toHaveLength(4);
    expect(intersectsCoverage(square(-5, 25), coverage)).toBe(true); // first part
    expect(intersectsCoverage(square(6, 20), coverage)).toBe(false); // in the overall box, in no part
    expect(intersectsCoverage(square(175, 0), coverage)).toBe(true);
    expect(intersectsCoverage(square(-175, 0), coverage)).toBe(true);
    expect(intersectsCoverage(square(0, 0), coverage)).toBe(false);
  });

  it('fails rather than answer a partial coverage when a collection has no extent', async () => {
    const fetch = async () =>
      new Response(JSON.stringify({ id: 'x' }), { headers: { 'content-type': 'application/json' } });
    await expect(
      catalogCoverage({ stacApiUrl: 'https://stac.example/v1', collections: COLLECTIONS, fetch }),
    ).rejects.toMatchObject({ code: 'CATALOG_UNAVAILABLE' });
  });
});
