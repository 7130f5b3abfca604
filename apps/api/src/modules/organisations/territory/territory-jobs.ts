import type { Db } from '@filaha/db';
import { createTerritoryRepository } from './territory.repository.ts';

/**
 * The territory tables' upkeep from the job queue (issue 30 §3): a tile pass that stored points marks the tables of
 * the organisations following those parcels stale (`markTerritoriesStale`, the refreshes to queue), and the
 * `territory-refresh` job recomputes one (`refreshTerritory`) while reads serve the rows they have.
 */
export const markTerritoriesStale = (db: Db, parcelIds: number[]): Promise<number[]> =>
  createTerritoryRepository(db).markStale(parcelIds);

/** Recomputes the organisation's territory table now; answers when it was computed. */
export const refreshTerritory = (db: Db, organisationId: number): Promise<Date> =>
  createTerritoryRepository(db).ensureFresh(organisationId, 0);
