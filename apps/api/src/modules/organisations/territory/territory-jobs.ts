import type { Db } from '@filaha/db';
import { CURVE_MIN_PARCELS, createTerritoryRepository } from './territory.repository.ts';

/**
 * The territory tables' upkeep from the job queue (issue 30 §3): a tile pass that stored points marks the tables of
 * the organisations following those parcels stale (`markTerritoriesStale`, the refreshes to queue), and the
 * `territory-refresh` job recomputes one (`refreshTerritory`) while reads serve the rows they have.
 */
export const markTerritoriesStale = (db: Db, parcelIds: number[]): Promise<number[]> =>
  createTerritoryRepository(db).markStale(parcelIds);

/**
 * Recomputes the organisation's territory table now, then its crops' curves ahead of their first read (a job: the
 * reads meanwhile serve the previous run's rows and curves); answers when the table was computed.
 */
export async function refreshTerritory(db: Db, organisationId: number): Promise<Date> {
  const territory = createTerritoryRepository(db);
  const at = await territory.ensureFresh(organisationId, 0);
  for (const crop of await territory.crops(organisationId))
    await territory.cachedCurve(organisationId, crop, at, CURVE_MIN_PARCELS);
  return at;
}
