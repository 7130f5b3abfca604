import { eq, parcels } from '@filaha/db';
import { IRREGULAR_FIELD, squarePolygon } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit } from '../plans/test-kit.ts';
import type { Parcel } from '@filaha/shared/contracts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

type Created = { message: string; parcelle: Parcel };

const parcelsOf = (userId: number) => db().select().from(parcels).where(eq(parcels.userId, userId));

describe('POST /api/parcelle — success', () => {
  it('creates a farmer’s own parcel; the server computes bounds and area', async () => {
    const farmer = await k.as('User');
    const res = await k.post(
      '/api/parcelle',
      { ...farmer.headers, 'accept-language': 'fr' },
      { identifiantU: 'Champ 1', geom: IRREGULAR_FIELD, culture: 'Blé' },
    );
    expect(res.statusCode).toBe(201);
    const body = json<Created>(res);
    expect(body.message).toBe('Parcelle ajoutée avec succès !');
    expect(body.parcelle).toMatchObject({
      identifiantU: 'Champ 1',
      userId: farmer.id,
      culture: 'Blé',
      bWS: 2.986,
      bWN: 2.993,
      bES: 36.6042,
      bEN: 36.6088,
    });
    // ~0.6 km × 0.45 km: about 25 ha.
    expect(body.parcelle.areaHa).toBeGreaterThan(20);
    expect(body.parcelle.areaHa).toBeLessThan(30);
    expect(await parcelsOf(farmer.id)).toHaveLength(1);
  });

  it('accepts the geometry as a string, a Feature, a FeatureCollection, or 3D positions', async () => {
    const farmer = await k.as('User');
    const feature = { type: 'Feature', properties: {}, geometry: IRREGULAR_FIELD };
    const with3d = { type: 'Polygon', coordinates: [IRREGULAR_FIELD.coordinates[0]?.map(([x, y]) => [x, y, 12])] };
    for (const geom of [
      JSON.stringify(IRREGULAR_FIELD),
      feature,
      { type: 'FeatureCollection', features: [feature] },
      with3d,
    ]) {
      const res = await k.post('/api/parcelle', farmer.headers, { identifiantU: 'P', userId: farmer.id, geom });
      expect(res.statusCode, JSON.stringify(geom).slice(0, 60)).toBe(201);
      expect(json<Created>(res).parcelle.geom.coordinates).toEqual(IRREGULAR_FIELD.coordinates);
    }
  });

  it('builds a rectangle from the four manual bounds (numbers or form strings)', async () => {
    const farmer = await k.as('User');
    const res = await k.post('/api/parcelle', farmer.headers, {
      identifiantU: 'Rect',
      bWS: '3.0',
      bWN: 3.01,
      bES: 36.5,
      bEN: '36.51',
    });
    expect(res.statusCode).toBe(201);
    const { parcelle } = json<Created>(res);
    expect([parcelle.bWS, parcelle.bWN, parcelle.bES, parcelle.bEN]).toEqual([3, 3.01, 36.5, 36.51]);
    expect(parcelle.geom.coordinates[0]).toHaveLength(5);
  });

  it('lets an admin create a parcel for a farmer', async () => {
    const farmer = await k.as('User');
    const { admin } = await k.cast();
    const res = await k.post('/api/parcelle', admin.headers, {
      identifiantU: 'Par admin',
      userId: String(farmer.id),
      geom: IRREGULAR_FIELD,
    });
    expect(res.statusCode).toBe(201);
    expect(json<Created>(res).parcelle.userId).toBe(farmer.id);
  });
});

describe('POST /api/parcelle — rights', () => {
  it('refuses a farmer creating a parcel for someone else', async () => {
    const [farmer, other] = [await k.as('User'), await k.as('User')];
    expect(
      (await k.post('/api/parcelle', farmer.headers, { identifiantU: 'X', userId: other.id, geom: IRREGULAR_FIELD }))
        .statusCode,
    ).toBe(403);
    expect(await parcelsOf(other.id)).toEqual([]);
  });

  it('requires an admin to name an existing farmer', async () => {
    const { admin, seller } = await k.cast();
    const noUser = await k.post('/api/parcelle', admin.headers, { identifiantU: 'X', geom: IRREGULAR_FIELD });
    expect(issuesOf(noUser)[0]).toMatchObject({ path: 'userId', message: 'validation.parcelRequiredFields' });
    expect(
      issuesOf(
        await k.post('/api/parcelle', admin.headers, { identifiantU: 'X', userId: 99999999, geom: IRREGULAR_FIELD }),
      )[0]?.code,
    ).toBe('unknown_reference');
    const notFarmer = await k.post('/api/parcelle', admin.headers, {
      identifiantU: 'X',
      userId: seller.id,
      geom: IRREGULAR_FIELD,
    });
    expect(notFarmer.statusCode).toBe(400);
    expect(issuesOf(notFarmer)[0]?.message).toBe('validation.parcelOwnerNotFarmer');
  });

  it('refuses managers, sellers and anonymous callers', async () => {
    const { manager, seller, farmer } = await k.cast();
    const body = { identifiantU: 'X', userId: farmer.id, geom: IRREGULAR_FIELD };
    expect((await k.post('/api/parcelle', manager.headers, body)).statusCode).toBe(403);
    expect((await k.post('/api/parcelle', seller.headers, body)).statusCode).toBe(403);
    expect((await k.post('/api/parcelle', {}, body)).statusCode).toBe(401);
  });
});

describe('POST /api/parcelle — validation', () => {
  const post = async (body: Record<string, unknown>) => k.post('/api/parcelle', (await k.as('User')).headers, body);

  it("answers the SPEC's messages for missing fields and missing geometry", async () => {
    const noName = await post({ geom: IRREGULAR_FIELD });
    expect(noName.statusCode).toBe(400);
    expect(issuesOf(noName)[0]).toMatchObject({ path: 'identifiantU', message: 'validation.parcelRequiredFields' });
    for (const body of [
      { identifiantU: 'X' },
      { identifiantU: 'X', bWS: 3, bWN: 3.01, bES: 36.5 },
      { identifiantU: 'X', geom: '' },
    ]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(issuesOf(res)[0]).toMatchObject({ path: 'geom', message: 'validation.parcelGeometryRequired' });
    }
  });

  it('refuses malformed GeoJSON: not a polygon, open ring, too few positions, bad numbers, bad JSON', async () => {
    const ring = IRREGULAR_FIELD.coordinates[0] ?? [];
    const cases: Array<[unknown, string]> = [
      [{ type: 'Point', coordinates: [3, 36] }, 'validation.parcelPolygonOnly'],
      [{ type: 'LineString', coordinates: ring }, 'validation.parcelPolygonOnly'],
      [{ type: 'Polygon', coordinates: [ring.slice(0, 4)] }, 'validation.parcelRingNotClosed'],
      [{ type: 'Polygon', coordinates: [[ring[0], ring[1], ring[0]]] }, 'validation.parcelRingTooShort'],
      [{ type: 'Polygon', coordinates: [] }, 'validation.parcelRingTooShort'],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [3, 'x'],
              [3.1, 36],
              [3.1, 36.1],
              [3, 'x'],
            ],
          ],
        },
        'validation.parcelBadPosition',
      ],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [300, 36],
              [3.1, 36],
              [3.1, 36.1],
              [300, 36],
            ],
          ],
        },
        'validation.parcelBadPosition',
      ],
      ['{"type": "Polygon", ', 'validation.parcelBadJson'],
    ];
    for (const [geom, message] of cases) {
      const res = await post({ identifiantU: 'X', geom });
      expect(res.statusCode, JSON.stringify(geom)).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'geom', message }] });
    }
    const reversed = await post({ identifiantU: 'X', bWS: 3.01, bWN: 3, bES: 36.5, bEN: 36.51 });
    expect(issuesOf(reversed)[0]).toMatchObject({ path: 'bWN', message: 'validation.parcelBoundsOrder' });
  });

  it('refuses a self-intersecting polygon with the PostGIS reason (400 INVALID_GEOMETRY)', async () => {
    const farmer = await k.as('User');
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [3, 36.5],
          [3.01, 36.51],
          [3.01, 36.5],
          [3, 36.51],
          [3, 36.5],
        ],
      ],
    };
    const res = await k.post('/api/parcelle', farmer.headers, { identifiantU: 'X', geom: bowTie });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('INVALID_GEOMETRY');
    const [issue] = issuesOf(res);
    expect(issue).toMatchObject({ path: 'geom', code: 'self_intersection' });
    expect(issue?.message).toMatch(/^Self-intersection\[3\.005 36\.505/);
    expect(await parcelsOf(farmer.id)).toEqual([]);
  });

  it('refuses a parcel outside Algeria, too small or too large', async () => {
    const farmer = await k.as('User');
    const cases: Array<[unknown, string]> = [
      [squarePolygon(2.35, 48.85, 0.002), 'outside_algeria'], // Paris
      [squarePolygon(11.99, 36.5, 0.02), 'outside_algeria'], // straddles the eastern edge
      [squarePolygon(3, 36.5, 0.00005), 'area_too_small'], // ~5 m × 5 m
      [squarePolygon(2, 30, 1.5), 'area_too_large'], // ~2.3 million ha
    ];
    for (const [geom, code] of cases) {
      const res = await k.post('/api/parcelle', farmer.headers, { identifiantU: 'X', geom });
      expect(res.statusCode, code).toBe(400);
      expect(json(res)).toMatchObject({ code: 'INVALID_GEOMETRY', issues: [{ path: 'geom', code }] });
    }
    expect(await parcelsOf(farmer.id)).toEqual([]);
  });
});
