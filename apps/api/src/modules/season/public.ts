import type { Db } from '@filaha/db';
import { computeAndStoreSeries as storeSeries, type StoreSeriesInput } from './season.points.ts';
import { createSeasonRepository } from './season.repository.ts';

/**
 * What other modules and the background jobs may use of the season module (.dependency-cruiser.mjs refuses their
 * imports of its other files): the basis of the stored points (the alert rules read those rows) and their
 * computation, which the jobs share with the curve route.
 */
export { seriesBasis, seriesRows, type SeriesSettings } from './season.points.ts';

/** The season points of [from, to] not stored yet, computed and stored (see season.points.ts). */
export function computeAndStoreSeries({ db, ...input }: StoreSeriesInput & { db: Db }) {
  return storeSeries(createSeasonRepository(db), input);
}

export type { SeriesRow } from './season.repository.ts';

/** Stores season rows in bulk (a tile pass); a row stored already is kept once. How many this call added. */
export function storeSeriesRows(db: Db, rows: Parameters<ReturnType<typeof createSeasonRepository>['insert']>[0]) {
  return createSeasonRepository(db).insert(rows);
}
