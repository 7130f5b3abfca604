import { sql, type Db } from '@filaha/db';
import type { Crop, IrrigationSystem, ParcelSeasonInput } from '@filaha/shared/contracts';

export interface SeasonRow extends Record<string, unknown> {
  parcel_id: number;
  season: number;
  crop: Crop;
  sowing_date: string | null;
  irrigated: boolean;
  irrigation_system: IrrigationSystem | null;
  flow_rate_m3h: number | null;
  updated_at: string | Date;
}

const columns = sql`parcel_id, season, crop, to_char(sowing_date, 'YYYY-MM-DD') AS sowing_date, irrigated,
  irrigation_system, flow_rate_m3h, updated_at`;

export function createCropsRepository(db: Db) {
  return {
    async parcelOwner(parcelId: number): Promise<{ userId: number } | undefined> {
      const result = await db.execute<{ user_id: number }>(sql`SELECT user_id FROM parcels WHERE id = ${parcelId}`);
      const row = result.rows[0];
      return row ? { userId: row.user_id } : undefined;
    },

    async seasons(parcelId: number): Promise<SeasonRow[]> {
      return (
        await db.execute<SeasonRow>(
          sql`SELECT ${columns} FROM parcel_seasons WHERE parcel_id = ${parcelId} ORDER BY season DESC`,
        )
      ).rows;
    },

    async save(parcelId: number, season: number, input: ParcelSeasonInput): Promise<SeasonRow> {
      const result = await db.execute<SeasonRow>(sql`
        INSERT INTO parcel_seasons (parcel_id, season, crop, sowing_date, irrigated, irrigation_system, flow_rate_m3h)
        VALUES (${parcelId}, ${season}, ${input.crop}, ${input.sowingDate}::date, ${input.irrigated},
                ${input.irrigationSystem}, ${input.flowRateM3h})
        ON CONFLICT (parcel_id, season) DO UPDATE SET
          crop = EXCLUDED.crop, sowing_date = EXCLUDED.sowing_date, irrigated = EXCLUDED.irrigated,
          irrigation_system = EXCLUDED.irrigation_system, flow_rate_m3h = EXCLUDED.flow_rate_m3h, updated_at = now()
        RETURNING ${columns}`);
      return result.rows[0]!;
    },
  };
}

export type CropsRepository = ReturnType<typeof createCropsRepository>;
