import { DEMO_FIELDS } from '@filaha/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../../test/helper.ts';
import { startImageryLoopback, type ImageryLoopback } from './test-support/loopback-stac.ts';
import {
  answerOf,
  codeOf,
  createFarmer,
  createParcel,
  generate,
  resultCount,
  setUsed,
  usageOf,
  type Farmer,
} from './test-support/fixtures.ts';

/**
 * The whole path with the imagery coming over loopback HTTP: a STAC API stub and COGs read with Range
 * requests (STAC_API_URL set, no catalog folder). Access rules, validation, quota answers, no double charge.
 */
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
beforeEach(() => cloud.reset());

const CITRUS = { type: 'Polygon' as const, coordinates: [DEMO_FIELDS.find((f) => f.key === 'citrus')!.ring] };

describe('imagery over loopback HTTP', () => {
  it('searches the STAC API and reads only COG ranges', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const res = await generate(t, farmer, 'Indice NDVI', { parcelle_id: parcel.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(answerOf(res).scene.id).toBe('S2C_31SDA_20250815_0_L2A');
    expect(cloud.stats.searches).toBeGreaterThanOrEqual(1);
    expect(cloud.stats.rangeRequests).toBeGreaterThan(0);
    expect(cloud.stats.fullReads).toBe(0);
  });

  it('asking again for the same image returns it without charging', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const first = answerOf(await generate(t, farmer, 'NDMI', { parcelle_id: parcel.id }));
    const second = answerOf(await generate(t, farmer, 'NDMI', { parcelle_id: parcel.id }));
    expect(first.cached).toBe(false);
    expect(second).toMatchObject({ cached: true, resultId: first.resultId, width: first.width, height: first.height });
    expect(second.stats).toEqual(first.stats);
    expect(await usageOf(t, farmer.subscriptionId!, 'NDMI')).toEqual({ used: 1, total: 6 });
    // Once the quota is spent, the image already paid for for this window is still served (no engine work).
    await setUsed(t, farmer.subscriptionId!, 'NDMI', 6);
    cloud.reset();
    const third = await generate(t, farmer, 'NDMI', { parcelle_id: parcel.id });
    expect(answerOf(third)).toMatchObject({ cached: true, resultId: first.resultId });
    expect(cloud.stats.searches + cloud.stats.cogRequests).toBe(0);
  });
});

describe('who may generate', () => {
  it("another farmer's parcel answers 404 with no data and charges nothing", async () => {
    const owner = await createFarmer(t);
    const parcel = await createParcel(t, owner.userId);
    const intruder = await createFarmer(t);
    const res = await generate(t, intruder, 'NDVI', { parcelle_id: parcel.id, user_id: owner.userId });
    expect(res.statusCode).toBe(404);
    expect(Object.keys(json(res)).sort()).toEqual(['code', 'message']);
    expect(await usageOf(t, intruder.subscriptionId!, 'NDVI')).toEqual({ used: 0, total: 6 });
    expect(await resultCount(t, owner.userId)).toBe(0);
    expect((await generate(t, intruder, 'NDVI', { parcelle_id: 99_999_999 })).statusCode).toBe(404);
  });

  it('needs an active subscription whose plan includes the index', async () => {
    const none = await createFarmer(t, { subscription: false });
    const inactive = await createFarmer(t, { state: 'désactivé' });
    const ndviOnly = await createFarmer(t, { requests: { NDVI: 3 } });
    const cases: Array<[Farmer, string, string]> = [
      [none, 'NDVI', 'SUBSCRIPTION_REQUIRED'],
      [inactive, 'NDVI', 'SUBSCRIPTION_INACTIVE'],
      [ndviOnly, 'NDMI', 'INDEX_NOT_IN_PLAN'],
    ];
    for (const [farmer, index, code] of cases) {
      const parcel = await createParcel(t, farmer.userId);
      const res = await generate(t, farmer, index, { parcelle_id: parcel.id });
      expect(res.statusCode, code).toBe(403);
      expect(codeOf(res)).toBe(code);
    }
    expect(cloud.stats.searches).toBe(0);
  });

  it('is for farmers only', async () => {
    for (const role of ['Admin', 'Manager', 'Seller', 'Investor'] as const) {
      const { headers } = await t.createUser({ role });
      const res = await generate(t, { headers }, 'NDVI', { parcelle_id: 1 });
      expect(res.statusCode, role).toBe(403);
      expect(codeOf(res)).toBe('FORBIDDEN');
    }
    expect((await t.inject({ method: 'POST', url: '/api/images/NDVI', payload: {} })).statusCode).toBe(401);
  });

  it('an unknown index is 404 "Index non trouvé." and a contradicting indice_id is refused', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const unknown = await generate(t, farmer, 'FOO', { parcelle_id: parcel.id }, { 'accept-language': 'fr' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ code: 'NOT_FOUND', message: 'Index non trouvé.' });
    const mismatch = await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id, indice_id: 987_654 });
    expect(mismatch.statusCode).toBe(400);
    expect(json<{ issues: Array<{ path: string }> }>(mismatch).issues.map((i) => i.path)).toEqual(['indice_id']);
  });
});

describe('dates', () => {
  const issuesOf = async (farmer: Farmer, body: Record<string, unknown>) => {
    const res = await generate(t, farmer, 'NDVI', body);
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    return json<{ issues: Array<{ path: string; message: string }> }>(res).issues.map((i) => `${i.path}:${i.message}`);
  };

  it('takes YYYY-MM-DD, start ≤ end and at most 6 days, naming the field', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const id = parcel.id;
    expect(await issuesOf(farmer, { parcelle_id: id, startDate: '2025-08-10', endDate: '2025-08-17' })).toEqual([
      'endDate:validation.periodMax',
    ]);
    expect(await issuesOf(farmer, { parcelle_id: id, startDate: '2025-08-19', endDate: '2025-08-14' })).toEqual([
      'endDate:validation.dateOrder',
    ]);
    expect(await issuesOf(farmer, { parcelle_id: id, startDate: '14/08/2025' })).toEqual(['startDate:validation.date']);
    expect(await issuesOf(farmer, { parcelle_id: id, endDate: '2025-02-30' })).toEqual(['endDate:validation.date']);
    expect(await issuesOf(farmer, { parcelle_id: id, width: 4096 })).toEqual(['width:validation.imageSize']);
    expect((await issuesOf(farmer, { startDate: '2025-08-14' })).map((i) => i.split(':')[0])).toEqual(['parcelle_id']);
    expect(cloud.stats.searches).toBe(0);
    // Exactly six days is allowed.
    const six = await generate(t, farmer, 'NDVI', { parcelle_id: id, startDate: '2025-08-14', endDate: '2025-08-20' });
    expect(six.statusCode, six.body).toBe(200);
  });
});

describe('answers that charge nothing', () => {
  it('429 with the limit-modal payload once the quota is used up', async () => {
    const farmer = await createFarmer(t, { requests: { NDVI: 4 } });
    const parcel = await createParcel(t, farmer.userId);
    await setUsed(t, farmer.subscriptionId!, 'NDVI', 4);
    const res = await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id }, { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(429);
    const message =
      'Vous avez utilisé toutes les requêtes NDVI de votre abonnement (4/4). Contactez-nous pour augmenter votre quota.';
    expect(json(res)).toEqual({
      code: 'QUOTA_EXHAUSTED',
      error: message,
      title: 'Limite de requêtes atteinte',
      message,
      message_ar: 'لقد استعملت كل طلبات مؤشر NDVI المتاحة في اشتراكك (4/4). تواصل معنا لزيادة الحد.',
      message_fr: message,
      indicator_info: { indicators_used: 4, indicators_limit: 4 },
    });
    expect(cloud.stats.searches + cloud.stats.cogRequests).toBe(0);
    expect(json<{ title: string }>(await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id })).title).toBe(
      'تم بلوغ حد الطلبات',
    );
  });

  it('NO_SCENE with the nearest dates that have data', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const res = await generate(
      t,
      farmer,
      'NDVI',
      { parcelle_id: parcel.id, startDate: '2025-08-21', endDate: '2025-08-24' },
      { 'accept-language': 'fr' },
    );
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({
      code: 'NO_SCENE',
      message: 'Aucune image Sentinel-2 ne couvre la parcelle entre le 2025-08-21 et le 2025-08-24.',
      nearestDates: ['2025-08-20', '2025-08-25'],
      nearestBefore: '2025-08-20',
      nearestAfter: '2025-08-25',
    });
    expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 0, total: 6 });
    expect(await resultCount(t, farmer.userId)).toBe(0);
  });

  it('ALL_CLOUDY with the valid fraction when clouds hide the parcel', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId, CITRUS);
    const res = await generate(t, farmer, 'NDVI', {
      parcelle_id: parcel.id,
      startDate: '2025-08-17',
      endDate: '2025-08-17',
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'ALL_CLOUDY', validFraction: 0, sceneId: 'S2A_31SDA_20250817_0_L2A' });
    // The nearest days around the window on which the parcel is visible, for the one-click retry.
    expect(json(res)).toMatchObject({ nearestBefore: '2025-08-15', nearestAfter: '2025-08-20' });
    expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 0, total: 6 });
  });
});
