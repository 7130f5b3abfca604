import { factories } from '@filaha/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import {
  answerOf,
  createFarmer,
  createParcel,
  fetchSigned,
  generate,
  type Farmer,
  type ImageAnswer,
} from '../images/test-support/fixtures.ts';

const t = useTestApp();

interface Item {
  id: number;
  index: string;
  imageUrl: string;
  valuesUrl: string;
  downloadUrl: string;
  dateDebut: string;
  dateFin: string;
  sceneId: string;
  sceneDatetime: string;
  stats: ImageAnswer['stats'];
  bounds: ImageAnswer['bounds'];
  createdAt: string;
}

let farmer: Farmer;
let parcelId: number;
let ndviId: number;
let older: ImageAnswer;
let newer: ImageAnswer;
beforeAll(async () => {
  farmer = await createFarmer(t.current);
  parcelId = (await createParcel(t.current, farmer.userId)).id;
  ndviId = await factories.indexIdByCode(t.current.database, 'NDVI');
  older = answerOf(
    await generate(t.current, farmer, 'NDVI', {
      parcelle_id: parcelId,
      startDate: '2025-08-09',
      endDate: '2025-08-13',
    }),
  );
  newer = answerOf(await generate(t.current, farmer, 'NDVI', { parcelle_id: parcelId }));
  // Another index on the same parcel must not show up in the NDVI history.
  await generate(t.current, farmer, 'NDMI', { parcelle_id: parcelId });
});

const list = (query: string, headers: Record<string, string>) =>
  t.current.inject({ method: 'GET', url: `/api/request/images?${query}`, headers });
const latest = (query: string, headers: Record<string, string>) =>
  t.current.inject({ method: 'GET', url: `/api/request/image?${query}`, headers });

describe('GET /api/request/images', () => {
  it("lists the caller's results for the parcel and index, newest first, with fresh working URLs", async () => {
    const res = await list(`userId=${farmer.userId}&parcelleId=${parcelId}&indiceId=${ndviId}`, farmer.headers);
    expect(res.statusCode).toBe(200);
    const items = json<Item[]>(res);
    expect(items.map((i) => i.id)).toEqual([newer.resultId, older.resultId]);
    expect(items[0]).toMatchObject({
      index: 'NDVI',
      dateDebut: '2025-08-14',
      dateFin: '2025-08-19',
      sceneId: 'S2C_31SDA_20250815_0_L2A',
      sceneDatetime: newer.scene.datetime,
      stats: newer.stats,
      bounds: newer.bounds,
    });
    expect(items[1]).toMatchObject({ dateDebut: '2025-08-09', dateFin: '2025-08-13', sceneId: older.scene.id });
    expect(older.scene.id).not.toBe(newer.scene.id);
    for (const item of items) {
      const png = await fetchSigned(t.current, item.imageUrl);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect((await fetchSigned(t.current, item.valuesUrl)).statusCode).toBe(200);
      expect((await fetchSigned(t.current, item.downloadUrl)).headers['content-type']).toBe('image/tiff');
    }
  });

  it('userId defaults to the caller; someone else’s userId is refused, except for an Admin', async () => {
    const query = `parcelleId=${parcelId}&indiceId=${ndviId}`;
    expect(json<Item[]>(await list(query, farmer.headers))).toHaveLength(2);
    const other = await createFarmer(t.current);
    const refused = await list(`userId=${farmer.userId}&${query}`, other.headers);
    expect(refused.statusCode).toBe(403);
    // Without a userId, another farmer sees only their own (none) for this parcel.
    expect(json<Item[]>(await list(query, other.headers))).toEqual([]);
    const admin = await t.current.createUser({ role: 'Admin' });
    expect(json<Item[]>(await list(`userId=${farmer.userId}&${query}`, admin.headers))).toHaveLength(2);
    const manager = await t.current.createUser({ role: 'Manager' });
    expect((await list(`userId=${farmer.userId}&${query}`, manager.headers)).statusCode).toBe(403);
    expect((await t.current.inject({ method: 'GET', url: `/api/request/images?${query}` })).statusCode).toBe(401);
  });

  it('names the missing or malformed query field', async () => {
    const res = await list(`userId=${farmer.userId}&indiceId=abc`, farmer.headers);
    expect(res.statusCode).toBe(400);
    expect(
      json<{ issues: Array<{ path: string }> }>(res)
        .issues.map((i) => i.path)
        .sort(),
    ).toEqual(['indiceId', 'parcelleId']);
  });
});

describe('GET /api/request/image', () => {
  it('answers the latest image with its window', async () => {
    const res = await latest(`userId=${farmer.userId}&parcelleId=${parcelId}&indiceId=${ndviId}`, farmer.headers);
    expect(res.statusCode).toBe(200);
    expect(json<Item>(res)).toMatchObject({ id: newer.resultId, dateDebut: '2025-08-14', dateFin: '2025-08-19' });
    expect(json<Item>(res).imageUrl).toMatch(/^\/api\/files\/index-results\//);
  });

  it("answers 404 'Aucune image trouvée.' when there is none", async () => {
    const msavi = await factories.indexIdByCode(t.current.database, 'MSAVI');
    const res = await latest(`parcelleId=${parcelId}&indiceId=${msavi}`, {
      ...farmer.headers,
      'accept-language': 'fr',
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 'NOT_FOUND', message: 'Aucune image trouvée.' });
  });
});
