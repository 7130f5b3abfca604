import type { Db } from '@filaha/db';
import type { ParcelWater } from '@filaha/shared/contracts';
import { createWeatherRepository } from '../../lib/weather/index.ts';
import { parcelWater } from './water.gather.ts';
import { createWaterRepository } from './water.repository.ts';

/**
 * What the water module offers outside it: a parcel's water answer on a day (no access or plan check: for the
 * alert rules, which run for the parcel's owner), or null for an unknown parcel.
 */
export async function waterOfParcel(db: Db, parcelId: number, date: string): Promise<ParcelWater | null> {
  const repo = createWaterRepository(db);
  const found = await repo.parcel(parcelId);
  if (!found) return null;
  return parcelWater({ repo, weather: createWeatherRepository(db), now: () => new Date() }, found, date);
}
