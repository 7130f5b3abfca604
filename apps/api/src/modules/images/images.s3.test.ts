import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { startS3Stub, type S3Stub } from '../../lib/storage/s3-stub.test-support.ts';
import { answerOf, createFarmer, createParcel, generate, usageOf } from './test-support/fixtures.ts';

/** With S3_* set, results go to the bucket and the answer carries presigned URLs of the bucket. */
let t: TestApp;
let s3: S3Stub;
beforeAll(async () => {
  s3 = await startS3Stub();
  t = await buildTestApp({
    S3_ENDPOINT: s3.url,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_REGION: s3.region,
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('images stored in an S3-compatible bucket', () => {
  it('stores the PNG, values grid and GeoTIFF and answers presigned URLs that work in an <img>', async () => {
    const farmer = await createFarmer(t);
    const parcel = await createParcel(t, farmer.userId);
    const answer = answerOf(await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id }));
    const stored = [...s3.objects.keys()].filter((k) => k.startsWith(`index-results/u${farmer.userId}/`));
    expect(stored.map((k) => k.split('.').at(-1)).sort()).toEqual(['fvg', 'png', 'tif']);

    for (const [url, type] of [
      [answer.imageUrl, 'image/png'],
      [answer.downloadUrl, 'image/tiff'],
    ] as const) {
      expect(url.startsWith(`${s3.url}/${s3.bucket}/index-results/`)).toBe(true);
      expect(url).toContain('X-Amz-Signature=');
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
    }
    expect((await fetch(answer.downloadUrl)).headers.get('content-disposition')).toContain('NDVI_parcelle-');
    // The values grid is fetched by the map's JavaScript: same origin, served by the API from the bucket.
    expect(answer.valuesUrl).toMatch(/^\/api\/files\/index-results\/.+\.fvg\?exp=\d+&sig=/);
    const values = await t.inject({ method: 'GET', url: answer.valuesUrl });
    expect(values.statusCode).toBe(200);
    expect(values.rawPayload.subarray(0, 4).toString('latin1')).toBe('FVG1');
    // The cached answer reads the PNG size back from the bucket.
    const again = answerOf(await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id }));
    expect(again).toMatchObject({ cached: true, width: answer.width, height: answer.height });
    expect(s3.requests.filter((r) => r.status === 403)).toEqual([]);
  });

  it('computes again, without a charge, an image whose objects were deleted from the bucket', async () => {
    const farmer = await createFarmer(t, { requests: { NDVI: 4 } });
    const parcel = await createParcel(t, farmer.userId);
    const first = answerOf(await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id }));
    for (const key of [...s3.objects.keys()]) {
      if (key.startsWith(`index-results/u${farmer.userId}/`) && key.endsWith('.tif')) s3.objects.delete(key);
    }
    expect((await fetch(first.downloadUrl)).status).toBe(404);

    const again = answerOf(await generate(t, farmer, 'NDVI', { parcelle_id: parcel.id }));
    expect(again).toMatchObject({ cached: true, resultId: first.resultId });
    expect(again.downloadUrl.split('?')[0]).not.toBe(first.downloadUrl.split('?')[0]);
    for (const url of [again.imageUrl, again.downloadUrl]) expect((await fetch(url)).status, url).toBe(200);
    expect((await t.inject({ method: 'GET', url: again.valuesUrl })).statusCode).toBe(200);
    expect(await usageOf(t, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 4 });
    // The old PNG and values grid went with the repair: one set of three objects is left.
    expect([...s3.objects.keys()].filter((k) => k.startsWith(`index-results/u${farmer.userId}/`))).toHaveLength(3);
  });
});
