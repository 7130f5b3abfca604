import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/helper.ts';
import {
  answerOf,
  createFarmer,
  createParcel,
  fetchSigned,
  generate,
  resultCount,
  setUsed,
  usageOf,
  type ImageAnswer,
} from './test-support/fixtures.ts';

/**
 * A delivered image whose stored files were lost or damaged is computed again, from the same scene, without
 * charging again (the bundled demo catalog; local storage here, the S3 bucket in images.s3.test.ts).
 */
const t = useTestApp();

/** The file of a signed `/api/files/<key>?…` URL in the local store. */
function fileOf(app: TestApp, url: string): string {
  const key = decodeURIComponent(new URL(url, 'http://x').pathname.replace(/^\/api\/files\//, ''));
  return join(app.dataDir, 'files', ...key.split('/'));
}

async function expectServed(answer: ImageAnswer): Promise<void> {
  for (const [url, type] of [
    [answer.imageUrl, 'image/png'],
    [answer.valuesUrl, 'application/octet-stream'],
    [answer.downloadUrl, 'image/tiff'],
  ] as const) {
    const res = await fetchSigned(t.current, url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  }
}

describe('an already-produced image whose files are gone', () => {
  it('is computed again from the same scene, under fresh URLs that work, and not charged again', async () => {
    const farmer = await createFarmer(t.current, { requests: { NDVI: 5 } });
    const parcel = await createParcel(t.current, farmer.userId);
    const first = answerOf(await generate(t.current, farmer, 'NDVI', { parcelle_id: parcel.id }));
    expect(first.cached).toBe(false);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 5 });

    // The PNG is deleted by hand (a lost volume, a bad restore…).
    await rm(fileOf(t.current, first.imageUrl));
    expect((await fetchSigned(t.current, first.imageUrl)).statusCode).toBe(404);

    const res = await generate(t.current, farmer, 'NDVI', { parcelle_id: parcel.id });
    expect(res.statusCode).toBe(200);
    const again = answerOf(res);
    expect(again).toMatchObject({
      cached: true,
      resultId: first.resultId,
      scene: first.scene,
      stats: first.stats,
      width: first.width,
      height: first.height,
    });
    expect(again.imageUrl.split('?')[0]).not.toBe(first.imageUrl.split('?')[0]);
    await expectServed(again);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 5 });
    expect(await resultCount(t.current, farmer.userId)).toBe(1);
    // What was left of the lost files is removed: one PNG, one values grid, one GeoTIFF remain.
    const folder = join(t.current.dataDir, 'files', 'index-results', `u${farmer.userId}`, `p${parcel.id}`);
    expect((await readdir(folder)).filter((n) => !n.startsWith('.'))).toHaveLength(3);

    // A third request finds intact files: answered from them, still not charged.
    const third = answerOf(await generate(t.current, farmer, 'NDVI', { parcelle_id: parcel.id }));
    expect(third.imageUrl.split('?')[0]).toBe(again.imageUrl.split('?')[0]);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 5 });
  });

  it('a damaged file (unreadable metadata of the GeoTIFF) is repaired the same way', async () => {
    const farmer = await createFarmer(t.current, { requests: { NDMI: 5 } });
    const parcel = await createParcel(t.current, farmer.userId);
    const first = answerOf(await generate(t.current, farmer, 'NDMI', { parcelle_id: parcel.id }));
    const tiff = fileOf(t.current, first.downloadUrl);
    await writeFile(join(tiff, '..', `.${tiff.split('/').at(-1)}.meta.json`), '{ broken');
    expect((await fetchSigned(t.current, first.downloadUrl)).statusCode).toBe(404);

    const again = answerOf(await generate(t.current, farmer, 'NDMI', { parcelle_id: parcel.id }));
    expect(again).toMatchObject({ cached: true, resultId: first.resultId });
    await expectServed(again);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDMI')).toEqual({ used: 1, total: 5 });
  });

  it('is repaired for a farmer whose quota is used up, still without a charge', async () => {
    const farmer = await createFarmer(t.current, { requests: { NDRE: 2 } });
    const parcel = await createParcel(t.current, farmer.userId);
    const first = answerOf(await generate(t.current, farmer, 'NDRE', { parcelle_id: parcel.id }));
    await setUsed(t.current, farmer.subscriptionId!, 'NDRE', 2);
    await rm(fileOf(t.current, first.imageUrl));
    await rm(fileOf(t.current, first.valuesUrl));

    const res = await generate(t.current, farmer, 'NDRE', { parcelle_id: parcel.id });
    expect(res.statusCode).toBe(200);
    const again = answerOf(res);
    expect(again).toMatchObject({ cached: true, resultId: first.resultId, width: first.width, height: first.height });
    await expectServed(again);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDRE')).toEqual({ used: 2, total: 2 });
  });
});
