import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real Sentinel-2 fixtures live beside the repository in ../shared (not part of the project). Tests
 * that need them are skipped with a visible note when that folder is absent — never silently.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SHARED_ROOT = path.resolve(repoRoot, '../shared');
export const S2_FIXTURES = path.join(SHARED_ROOT, 'fixtures', 'sentinel2');
export const HAS_S2_FIXTURES = existsSync(S2_FIXTURES);

/**
 * A pentagon over the partly cloudy north-east of tile 29RKH (UTM 29N, EPSG:32629 metres), ≈ 15 × 16 km: 100 m
 * pixels in the reduced fixture `cogs-29RKH-2020-02-19`.
 */
export const PENTAGON_29RKH: ReadonlyArray<[number, number]> = [
  [293_950, 2_794_050],
  [309_600, 2_795_000],
  [309_500, 2_779_000],
  [298_000, 2_778_100],
  [292_100, 2_786_000],
];

export function noteIfMissing(suite: string): void {
  if (!HAS_S2_FIXTURES) {
    console.warn(`[imagery] SKIPPED "${suite}": real Sentinel-2 fixtures not found at ${S2_FIXTURES}`);
  }
}
