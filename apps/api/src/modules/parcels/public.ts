import type { Db } from '@filaha/db';
import type { Parcel } from '@filaha/shared/contracts';
import { toParcel } from './parcels.presenter.ts';
import { createParcelsRepository } from './parcels.repository.ts';

/**
 * What other modules may use of the parcels module (.dependency-cruiser.mjs refuses their imports of its other
 * files): a farmer's parcels as the API answers them, without the parcels service's caller checks — the indices
 * module lists them in the farmer's index configuration, after its own access check.
 */
export function createParcelsOfUser(db: Db) {
  const parcels = createParcelsRepository(db);
  return async (userId: number): Promise<Parcel[]> => (await parcels.list(userId)).map(toParcel);
}

export type ParcelsOfUser = ReturnType<typeof createParcelsOfUser>;
