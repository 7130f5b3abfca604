import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq, legends } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { QuotaExhaustedDetails } from '@filaha/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../../test/helper.ts';
import { startImageryLoopback, type ImageryLoopback } from './test-support/loopback-stac.ts';
import {
  answerOf,
  createFarmer,
  createParcel,
  generate,
  gridParcel,
  resultCount,
  setUsed,
  usageOf,
} from './test-support/fixtures.ts';

/** Parallel requests racing for the last requests of a quota, imagery over loopback HTTP. */
let t: TestApp;
let cloud: ImageryLoopback;
beforeAll(async () => {
  cloud = await startImageryLoopback();
  t = await buildTestApp({ STAC_API_URL: cloud.stacUrl });
});
afterAll(async () => {
  await t.close();
  await cloud.close();
});

/** Stored objects of one user (hidden metadata files aside). */
async function storedFiles(userId: number): Promise<string[]> {
  const root = join(t.dataDir, 'files', 'index-results', `u${userId}`);
  const found: string[] = [];
  for (const parcel of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(join(root, parcel))) if (!name.startsWith('.')) found.push(`${parcel}/${name}`);
  }
  return found.sort();
}

describe('quota under concurrency', () => {
  it('20 parallel requests against 5 remaining yield exactly 5 images', async () => {
    const farmer = await createFarmer(t, { requests: { NDVI: 8 } });
    await setUsed(t, farmer.subscriptionId!, 'NDVI', 3);
    const parcels = [];
    for (let n = 0; n < 20; n++) parcels.push(await createParcel(t, farmer.userId, gridParcel(n)));

    const responses = await Promise.all(parcels.map((p) => generate(t, farmer, 'NDVI', { parcelle_id: p.id })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const res of responses.filter((r) => r.statusCode === 429)) {
      expect(json(res)).toMatchObject({
        code: 'QUOTA_EXHAUSTED',
        indicator_info: { indicators_used: 8, indicators_limit: 8 },
      });
      expect(QuotaExhaustedDetails.safeParse(json(res)).error).toBeUndefined();
    }
    const delivered = responses.filter((r) => r.statusCode === 200).map(answerOf);
    expect(new Set(delivered.map((a) => a.resultId)).size).toBe(5);
    expect(delivered.every((a) => !a.cached)).toBe(true);

    expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 8, total: 8 });
    expect(await resultCount(t, farmer.userId)).toBe(5);
    // The 15 losers computed their image too, but removed their files: only the delivered ones remain.
    expect(await storedFiles(farmer.userId)).toHaveLength(15);
  });

  it('identical parallel requests produce one image and one charge', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId, gridParcel(7));
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => generate(t, farmer, 'NDRE', { parcelle_id: parcel.id })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const answers = responses.map(answerOf);
    expect(new Set(answers.map((a) => a.resultId)).size).toBe(1);
    expect(answers.filter((a) => !a.cached)).toHaveLength(1);
    expect(await usageOf(t, farmer.subscriptionId!, 'NDRE')).toEqual({ used: 1, total: 6 });
    expect(await storedFiles(farmer.userId)).toHaveLength(3);
  });

  it('another size cap is another rendering (charged), the same one again is not', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId, gridParcel(11));
    const small = answerOf(await generate(t, farmer, 'MSAVI', { parcelle_id: parcel.id, width: 6, height: 6 }));
    const full = answerOf(await generate(t, farmer, 'MSAVI', { parcelle_id: parcel.id }));
    expect(small.width).toBeLessThanOrEqual(6);
    expect(full.width).toBeGreaterThan(6);
    expect(full.resultId).not.toBe(small.resultId);
    const again = answerOf(await generate(t, farmer, 'MSAVI', { parcelle_id: parcel.id, width: 6, height: 6 }));
    expect(again).toMatchObject({ cached: true, resultId: small.resultId, width: small.width, height: small.height });
    expect(await usageOf(t, farmer.subscriptionId!, 'MSAVI')).toEqual({ used: 2, total: 6 });
  });

  it('the same acquisition asked for with another window answers that window, uncharged', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId, gridParcel(13));
    const first = answerOf(await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id }));
    const day = first.scene.datetime.slice(0, 10);
    expect(first).toMatchObject({ cached: false, dateDebut: '2025-08-14', dateFin: '2025-08-19' });
    const again = answerOf(await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id, startDate: day, endDate: day }));
    expect(again).toMatchObject({ cached: true, resultId: first.resultId, dateDebut: day, dateFin: day });
    expect(again.scene.id).toBe(first.scene.id);
    expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 6 });
  });

  it('an edited legend makes a new image of the same scene', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId, gridParcel(12));
    const before = answerOf(await generate(t, farmer, 'NDWI', { parcelle_id: parcel.id }));
    const indexId = await factories.indexIdByCode(t.database, 'NDWI');
    const [first] = await t.database.db
      .select()
      .from(legends)
      .where(eq(legends.indexId, indexId))
      .orderBy(asc(legends.position));
    try {
      await t.database.db.update(legends).set({ color: 'rgb(1, 2, 3)' }).where(eq(legends.id, first!.id));
      const after = answerOf(await generate(t, farmer, 'NDWI', { parcelle_id: parcel.id }));
      expect(after.cached).toBe(false);
      expect(after.scene.id).toBe(before.scene.id);
      expect(after.resultId).not.toBe(before.resultId);
    } finally {
      await t.database.db.update(legends).set({ color: first!.color }).where(eq(legends.id, first!.id));
    }
    expect(answerOf(await generate(t, farmer, 'NDWI', { parcelle_id: parcel.id }))).toMatchObject({
      cached: true,
      resultId: before.resultId,
    });
    expect(await usageOf(t, farmer.subscriptionId!, 'NDWI')).toEqual({ used: 2, total: 6 });
  });
});
