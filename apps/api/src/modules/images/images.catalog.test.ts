import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthedCtx } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { buildTestApp, json, type TestApp } from '../../../test/helper.ts';
import { createImagery, IMAGERY_DEFAULTS } from '../../lib/imagery/imagery.ts';
import { createImagesRepository } from './images.repository.ts';
import { GenerateImageBody } from '@filaha/shared/contracts';
import { createImagesService } from './images.service.ts';
import { startImageryLoopback, type ImageryLoopback } from './test-support/loopback-stac.ts';
import { createFarmer, createParcel, generate, resultCount, usageOf, WINDOW } from './test-support/fixtures.ts';

/**
 * Acceptance 4: a catalog or COG server that is slow, down or answers garbage gives a clear error within the
 * timeout and charges nothing. The app's tile cache is empty here: failures come before any successful read.
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

async function expectUnavailable(setup: () => void, limitMs: number) {
  const farmer = await createFarmer(t);
  const parcel = await createParcel(t, farmer.userId);
  setup();
  const started = Date.now();
  const res = await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id });
  const elapsed = Date.now() - started;
  expect(res.statusCode, res.body).toBe(503);
  expect(json(res)).toEqual({ code: 'CATALOG_UNAVAILABLE', message: expect.any(String) as string });
  expect(elapsed).toBeLessThan(limitMs);
  expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 0, total: 6 });
  expect(await resultCount(t, farmer.userId)).toBe(0);
}

describe('the app against a failing imagery source', () => {
  it('STAC API down (503)', () =>
    expectUnavailable(() => Object.assign(cloud.behaviour, { mode: 'down', affects: 'search' }), 5000));

  it('STAC API answering garbage', () =>
    expectUnavailable(() => Object.assign(cloud.behaviour, { mode: 'garbage', affects: 'search' }), 5000));

  it('COG server down while the catalog answers', () =>
    expectUnavailable(() => Object.assign(cloud.behaviour, { mode: 'down', affects: 'cogs' }), 5000));

  it('COG server answering garbage', () =>
    expectUnavailable(() => Object.assign(cloud.behaviour, { mode: 'garbage', affects: 'cogs' }), 5000));

  it(
    'a STAC API that never answers: the app gives up before the 10 s client timeout',
    () =>
      expectUnavailable(
        () => Object.assign(cloud.behaviour, { delayMs: 20_000, affects: 'search' }),
        IMAGERY_DEFAULTS.deadlineMs + 800,
      ),
    20_000,
  );

  it('still works once the source recovers (nothing stuck in caches)', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const res = await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 6 });
  });
});

describe('the service with a short deadline', () => {
  async function attempt(stacApiUrl: string) {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const service = createImagesService({
      repo: createImagesRepository(t.database.db),
      imagery: createImagery({ stacApiUrl, timeoutMs: 400, retries: 0, deadlineMs: 1200 }),
      storage: t.app.storage,
    });
    const ctx: AuthedCtx = { actor: { id: farmer.userId, role: 'User', roleId: 2 }, lang: 'fr' };
    const input = GenerateImageBody.parse({ ...WINDOW, parcelle_id: parcel.id });
    const started = Date.now();
    const error = await service.generate({ ctx, indexName: 'NDVI', input }).catch((e: unknown) => e);
    return { error, elapsed: Date.now() - started, farmer };
  }

  it('slow catalog → CATALOG_UNAVAILABLE within the deadline, nothing charged', async () => {
    Object.assign(cloud.behaviour, { delayMs: 5000, affects: 'search' });
    const { error, elapsed, farmer } = await attempt(cloud.stacUrl);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('CATALOG_UNAVAILABLE');
    expect((error as AppError).statusCode).toBe(503);
    expect(elapsed).toBeLessThan(2000);
    expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 0, total: 6 });
  });

  it('slow COG reads → CATALOG_UNAVAILABLE within the deadline', async () => {
    Object.assign(cloud.behaviour, { delayMs: 5000, affects: 'cogs' });
    const { error, elapsed } = await attempt(cloud.stacUrl);
    expect((error as AppError).code).toBe('CATALOG_UNAVAILABLE');
    expect(elapsed).toBeLessThan(2000);
  });

  it('nothing listening at the catalog address', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { error, elapsed } = await attempt(`http://127.0.0.1:${port}`);
    expect((error as AppError).code).toBe('CATALOG_UNAVAILABLE');
    expect(elapsed).toBeLessThan(2000);
  });
});
