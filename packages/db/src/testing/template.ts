import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { migrationsDigest } from '../migrate.ts';

const SOURCES = [
  new URL('../seed/', import.meta.url),
  new URL('../../../shared/src/', import.meta.url),
  new URL('../../../shared/geodata/', import.meta.url),
];

/**
 * Key of the migrated + base-seeded template: changes whenever a migration, the seed code or the shared
 * reference data it reads (wilayas and their outlines, demo area, limits) changes, so a stale template is never reused.
 */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(await migrationsDigest());
  for (const dir of SOURCES) {
    const names = (await readdir(dir))
      .filter((n) => (n.endsWith('.ts') && !n.endsWith('.test.ts')) || n.endsWith('.json'))
      .sort();
    for (const name of names) hash.update(name).update(await readFile(new URL(name, dir)));
  }
  return hash.digest('hex').slice(0, 16);
}
