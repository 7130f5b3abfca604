import { randomBytes } from 'node:crypto';
import { encodeValuesGrid, type IndexMapResult } from '@filaha/imagery';
import { NotFoundError } from '../../core/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';

/** Signed URLs are short-lived: the map shows the image at once; history asks again for fresh ones. */
export const SIGNED_URL_TTL_SECONDS = 3600;

export const CONTENT_TYPES = {
  png: 'image/png',
  /** The FVG1 binary of @filaha/imagery/values-grid (value under the cursor). */
  values: 'application/octet-stream',
  tiff: 'image/tiff',
} as const;

export interface ResultKeys {
  imageKey: string;
  valuesKey: string | null;
  tiffKey: string | null;
}

const safe = (text: string, max: number) => text.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, max) || 'x';

/**
 * Object keys of one delivery. A random part makes them unique per attempt, so an attempt that loses the race
 * (quota used up, or an identical request recorded first) can delete its own files without touching the winner's.
 */
export function resultKeyBase(userId: number, parcelId: number, indexCode: string, sceneId: string): string {
  return `index-results/u${userId}/p${parcelId}/${safe(indexCode, 16)}_${safe(sceneId, 64)}_${randomBytes(6).toString('hex')}`;
}

export async function removeResultFiles(storage: ObjectStorage, keys: ResultKeys): Promise<void> {
  const all = [keys.imageKey, keys.valuesKey, keys.tiffKey].filter((k): k is string => k !== null);
  await Promise.allSettled(all.map((k) => storage.delete(k)));
}

/**
 * Puts freshly written files in place of a stored row's lost or damaged ones (an image's or a change map's):
 * `replace` points the row at them unless a parallel repair did it first (undefined). Then that repair's files
 * are the ones: this attempt's are removed and the row is read again (404 when it is gone). Otherwise what is
 * left of the previous files is removed (no longer referenced; the orphan sweep would remove it too).
 */
export async function replaceStoredFiles<Row, Keys>(
  fresh: Keys,
  previous: Keys,
  io: {
    replace(fresh: Keys): Promise<Row | undefined>;
    current(): Promise<Row | undefined>;
    remove(keys: Keys): Promise<void>;
  },
): Promise<{ row: Row; repaired: boolean }> {
  const repaired = await io.replace(fresh).catch(async (error: unknown) => {
    await io.remove(fresh);
    throw error;
  });
  if (!repaired) {
    await io.remove(fresh);
    const current = await io.current();
    if (!current) throw new NotFoundError();
    return { row: current, repaired: false };
  }
  await io.remove(previous);
  return { row: repaired, repaired: true };
}

/** PNG overlay, values grid and Float32 GeoTIFF, written before the quota transaction (see the service). */
export async function storeResultFiles(storage: ObjectStorage, base: string, map: IndexMapResult): Promise<ResultKeys> {
  const keys = { imageKey: `${base}.png`, valuesKey: `${base}.fvg`, tiffKey: `${base}.tif` };
  try {
    await Promise.all([
      storage.put(keys.imageKey, map.png, CONTENT_TYPES.png),
      storage.put(keys.valuesKey, encodeValuesGrid(map.valuesGrid), CONTENT_TYPES.values),
      storage.put(keys.tiffKey, map.geotiff, CONTENT_TYPES.tiff),
    ]);
  } catch (error) {
    await removeResultFiles(storage, keys);
    throw error;
  }
  return keys;
}

/** `NDVI_parcelle-12_2025-08-15.tif` */
export function downloadName(indexCode: string, parcelId: number, sceneDatetime: Date): string {
  return `${safe(indexCode, 16)}_parcelle-${parcelId}_${sceneDatetime.toISOString().slice(0, 10)}.tif`;
}

/** Width and height from a stored PNG's IHDR chunk (bytes 16–23), for answers about an already-produced image. */
export async function storedPngSize(
  storage: ObjectStorage,
  key: string,
): Promise<{ width: number; height: number } | null> {
  const object = await storage.get(key);
  if (!object || object.body.length < 24 || object.body.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: object.body.readUInt32BE(16), height: object.body.readUInt32BE(20) };
}

export function resultUrls(storage: ObjectStorage, keys: ResultKeys, download: string) {
  const ttl = SIGNED_URL_TTL_SECONDS;
  return {
    imageUrl: storage.signedUrl(keys.imageKey, ttl),
    // Read by the map with fetch(): always through this API, so the CSP and CORS never get in the way.
    valuesUrl: keys.valuesKey ? storage.sameOriginUrl(keys.valuesKey, ttl) : null,
    downloadUrl: keys.tiffKey ? storage.signedUrl(keys.tiffKey, ttl, { downloadName: download }) : null,
  };
}
