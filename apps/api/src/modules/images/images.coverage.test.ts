import { DEMO_AREA } from '@filaha/shared';
import { squarePolygon } from '@filaha/db/testing';
import { NoSceneDetails } from '@filaha/shared/contracts';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, createFarmer, createParcel, generate, usageOf } from './test-support/fixtures.ts';

/**
 * Issue 13 §1: the catalog's coverage footprint for the admin map (staff only), and OUTSIDE_COVERAGE rather
 * than NO_SCENE for a parcel the catalog does not cover at all (the embedded demo catalog: the Mitidja area).
 */
const t = useTestApp();

interface CoverageAnswer {
  type: string;
  features: Array<{ type: string; geometry: { type: string; coordinates: number[][][] | number[][][][] } }>;
}

/** Whether a lon/lat point lies in the box of some footprint. */
function inSomeFootprint(answer: CoverageAnswer, lon: number, lat: number): boolean {
  return answer.features.some((f) => {
    const points = (f.geometry.coordinates as unknown[]).flat(3) as number[];
    const xs = points.filter((_, i) => i % 2 === 0);
    const ys = points.filter((_, i) => i % 2 === 1);
    return lon >= Math.min(...xs) && lon <= Math.max(...xs) && lat >= Math.min(...ys) && lat <= Math.max(...ys);
  });
}

const OUTSIDE = squarePolygon(-0.63, 35.7, 0.0015); // Oran: far from the demo imagery

describe('GET /api/images/coverage', () => {
  it('gives staff the demo catalog footprint, which holds the demo area and not Oran', async () => {
    for (const role of ['Admin', 'Manager'] as const) {
      const { headers } = await t.current.createUser({ role });
      const res = await t.current.inject({ method: 'GET', url: '/api/images/coverage', headers });
      expect(res.statusCode, res.body).toBe(200);
      const answer = json<CoverageAnswer>(res);
      expect(answer.type).toBe('FeatureCollection');
      expect(answer.features.length).toBeGreaterThan(0);
      for (const f of answer.features) expect(['Polygon', 'MultiPolygon']).toContain(f.geometry.type);
      expect(
        inSomeFootprint(answer, (DEMO_AREA.west + DEMO_AREA.east) / 2, (DEMO_AREA.south + DEMO_AREA.north) / 2),
      ).toBe(true);
      expect(inSomeFootprint(answer, -0.63, 35.7)).toBe(false);
    }
  });

  it('is refused to farmers, sellers and anonymous callers', async () => {
    expect((await t.current.inject({ method: 'GET', url: '/api/images/coverage' })).statusCode).toBe(401);
    for (const role of ['User', 'Seller', 'Investor'] as const) {
      const { headers } = await t.current.createUser({ role });
      const res = await t.current.inject({ method: 'GET', url: '/api/images/coverage', headers });
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe('POST /api/images/{index} outside the coverage', () => {
  it('answers OUTSIDE_COVERAGE (404) in the caller language, charges nothing; inside, NO_SCENE stays', async () => {
    const farmer = await createFarmer(t.current);
    const outside = await createParcel(t.current, farmer.userId, OUTSIDE);
    const before = await usageOf(t.current, farmer.subscriptionId!, 'NDVI');

    const ar = await generate(t.current, farmer, 'ndvi', { parcelle_id: outside.id, user_id: farmer.userId });
    expect(ar.statusCode, ar.body).toBe(404);
    expect(codeOf(ar)).toBe('OUTSIDE_COVERAGE');
    expect(json<{ message: string }>(ar).message).toMatch(/خارج تغطية/);

    const fr = await generate(
      t.current,
      farmer,
      'ndvi',
      { parcelle_id: outside.id, user_id: farmer.userId },
      { 'accept-language': 'fr' },
    );
    expect(fr.statusCode).toBe(404);
    expect(codeOf(fr)).toBe('OUTSIDE_COVERAGE');
    expect(json<{ message: string }>(fr).message).toMatch(/hors de la couverture/);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual(before);

    // A covered parcel on days without any acquisition is still NO_SCENE (other dates would help there).
    const inside = await createParcel(t.current, farmer.userId);
    const noScene = await generate(t.current, farmer, 'ndvi', {
      parcelle_id: inside.id,
      user_id: farmer.userId,
      startDate: '2021-03-01',
      endDate: '2021-03-06',
    });
    expect(noScene.statusCode, noScene.body).toBe(404);
    expect(codeOf(noScene)).toBe('NO_SCENE');
    // The body has the fields the web reads (packages/shared/src/contracts/error-bodies.ts).
    expect(NoSceneDetails.safeParse(json(noScene)).error).toBeUndefined();
  });
});
