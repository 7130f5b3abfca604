import { randomBytes } from 'node:crypto';
import { encodeValuesGrid, type ChangeMapResult } from '@filaha/imagery';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { CONTENT_TYPES } from '../images/public.ts';

/** Object-key prefix of change maps (listed in lib/storage/references.ts for the orphan sweep). */
export const CHANGE_KEY_PREFIX = 'change-results/';

export interface ChangeKeys {
  imageKey: string;
  valuesKey: string;
  tiffKey: string;
  earlierImageKey: string;
  laterImageKey: string;
}

export const safe = (text: string, max: number) => text.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, max) || 'x';

export async function removeChangeFiles(storage: ObjectStorage, keys: ChangeKeys) {
  const all = [keys.imageKey, keys.valuesKey, keys.tiffKey, keys.earlierImageKey, keys.laterImageKey];
  await Promise.allSettled(all.map((k) => storage.delete(k)));
}

/** Written before the charging transaction; a random part per attempt so a losing attempt removes only its own. */
export async function storeChangeFiles(
  storage: ObjectStorage,
  base: string,
  map: NonNullable<ChangeMapResult['map']>,
): Promise<ChangeKeys> {
  const keys: ChangeKeys = {
    imageKey: `${base}.png`,
    valuesKey: `${base}.fvg`,
    tiffKey: `${base}.tif`,
    earlierImageKey: `${base}-earlier.png`,
    laterImageKey: `${base}-later.png`,
  };
  try {
    await Promise.all([
      storage.put(keys.imageKey, map.png, CONTENT_TYPES.png),
      storage.put(keys.valuesKey, encodeValuesGrid(map.valuesGrid), CONTENT_TYPES.values),
      storage.put(keys.tiffKey, map.geotiff, CONTENT_TYPES.tiff),
      storage.put(keys.earlierImageKey, map.earlierPng, CONTENT_TYPES.png),
      storage.put(keys.laterImageKey, map.laterPng, CONTENT_TYPES.png),
    ]);
  } catch (error) {
    await removeChangeFiles(storage, keys);
    throw error;
  }
  return keys;
}

/** Object keys of one attempt: a random part so a losing attempt removes only its own files. */
export function changeKeyBase(
  userId: number,
  parcelId: number,
  indexCode: string,
  earlier: { scene: { id: string } },
  later: { scene: { id: string } },
): string {
  return `${CHANGE_KEY_PREFIX}u${userId}/p${parcelId}/${safe(indexCode, 16)}_${safe(earlier.scene.id, 64)}_${safe(later.scene.id, 64)}_${randomBytes(6).toString('hex')}`;
}
