import type { Db } from '@filaha/db';
import { createImportsRepository } from './imports.repository.ts';
import { readAttributes, resolveMapping } from './mapping.ts';
import { ImportFileError, readFeatures } from './readers.ts';
import { refreshTerritory } from '../territory/territory-jobs.ts';

export interface ImportOutcome {
  importId: number;
  status: 'done' | 'failed' | 'finished_before';
  total?: number;
  accepted?: number;
  error?: string;
}

/** A parcel without a name in the file is named after the file and its feature number ("parcelles-mitidja #12"). */
const namePrefix = (fileName: string) => `${fileName.replace(/\.[^.]+$/, '').slice(0, 80)} #`;

/**
 * The import job (queue `parcel-import`): reads the stored file, reads each feature's attributes, then checks and
 * stores them in one transaction (imports.repository.ts). A file that cannot be read fails the import with its
 * reason (not retried: the same bytes would fail again); anything else throws, and the queue retries the job, which
 * starts again from the file — an import finished meanwhile is left as it is.
 */
export async function runImport(db: Db, importId: number): Promise<ImportOutcome> {
  const repo = createImportsRepository(db);
  const row = await repo.get(importId);
  if (!row || !(await repo.begin(importId))) return { importId, status: 'finished_before' };
  const bytes = await repo.file(importId);
  if (!bytes) {
    await repo.fail(importId, 'unreadable');
    return { importId, status: 'failed', error: 'unreadable' };
  }
  let features;
  try {
    features = await readFeatures(row.format, bytes);
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    await repo.fail(importId, error.code);
    return { importId, status: 'failed', error: error.code };
  }
  await repo.setTotal(importId, features.length);
  const columns = [...new Set(features.slice(0, 1_000).flatMap((f) => Object.keys(f.properties)))];
  const mapping = resolveMapping(columns, row.mapping);
  const staged = features.map((f) => ({ ...f, attributes: readAttributes(f.properties, mapping) }));
  const { accepted } = await repo.run(importId, row.organisation_id, staged, namePrefix(row.file_name));
  // The new parcels in the territory view by the time the report says done: the table is refreshed here, in the job
  // (about 20 s at 100,000 parcels, bench:territory), not in a view's request.
  if (accepted > 0) await refreshTerritory(db, row.organisation_id);
  return { importId, status: 'done', total: features.length, accepted };
}
