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

export function noteIfMissing(suite: string): void {
  if (!HAS_S2_FIXTURES) {
    console.warn(`[imagery] SKIPPED "${suite}": real Sentinel-2 fixtures not found at ${S2_FIXTURES}`);
  }
}
