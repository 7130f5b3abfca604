import { sql, type Db } from '@filaha/db';
import { seasonOf, type Crop, type IrrigationSystem, type SoilTexture } from '@filaha/shared';

export interface WaterParcelRow extends Record<string, unknown> {
  id: number;
  user_id: number | null;
  area_m2: number;
  crop: Crop | null;
  soil_texture: SoilTexture | null;
  water_source: boolean;
  lon: number;
  lat: number;
}

export interface SeasonRow extends Record<string, unknown> {
  crop: Crop;
  sowing_date: string | null;
  irrigated: boolean;
  irrigation_system: IrrigationSystem | null;
  flow_rate_m3h: number | null;
}

export interface IrrigationRow extends Record<string, unknown> {
  id: number;
  parcel_id: number;
  date: string;
  depth_mm: number;
  hours: number | null;
}

/** The plan feature that holds the water advice (a functionality of the back office, by its `psudo`). */
export const WATER_FEATURE = 'irrigation';

const irrigationColumns = sql`id, parcel_id, to_char(date, 'YYYY-MM-DD') AS date, depth_mm, hours`;

export function createWaterRepository(db: Db) {
  return {
    async parcel(parcelId: number): Promise<WaterParcelRow | undefined> {
      const { rows } = await db.execute<WaterParcelRow>(sql`
        SELECT id, user_id, area_m2, crop, soil_texture, water_source,
               ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat
          FROM parcels WHERE id = ${parcelId}`);
      return rows[0];
    },

    /** The parcel's crop of the agricultural season holding `date`. */
    async season(parcelId: number, date: string): Promise<SeasonRow | undefined> {
      const { rows } = await db.execute<SeasonRow>(sql`
        SELECT crop, to_char(sowing_date, 'YYYY-MM-DD') AS sowing_date, irrigated, irrigation_system, flow_rate_m3h
          FROM parcel_seasons WHERE parcel_id = ${parcelId} AND season = ${seasonOf(date)}`);
      return rows[0];
    },

    /** The parcel's NDVI medians (stored season points) from `from` to `to`, date order. */
    async ndvi(parcelId: number, from: string, to: string): Promise<Array<{ date: string; value: number }>> {
      const { rows } = await db.execute<{ date: string; value: number }>(sql`
        SELECT to_char(date, 'YYYY-MM-DD') AS date, percentile_cont(0.5) WITHIN GROUP (ORDER BY (stats->>'median')::float8) AS value
          FROM series_points
         WHERE parcel_id = ${parcelId} AND index_code = 'NDVI' AND status = 'point'
           AND date BETWEEN ${from}::date AND ${to}::date
         GROUP BY date ORDER BY date`);
      return rows.map((r) => ({ date: r.date, value: Number(r.value) }));
    },

    async irrigations(parcelId: number, from: string, to: string): Promise<IrrigationRow[]> {
      const { rows } = await db.execute<IrrigationRow>(sql`
        SELECT ${irrigationColumns} FROM parcel_irrigations
         WHERE parcel_id = ${parcelId} AND date BETWEEN ${from}::date AND ${to}::date ORDER BY date, id`);
      return rows;
    },

    /** The farmer's subscriptions: their state and whether their plan holds the water feature. */
    async subscriptions(userId: number): Promise<Array<{ state: string; water: boolean }>> {
      const { rows } = await db.execute<{ state: string; water: boolean }>(sql`
        SELECT fs.state,
               EXISTS (SELECT 1 FROM plan_functionalities pf JOIN functionalities f ON f.id = pf.functionality_id
                        WHERE pf.plan_id = fs.plan_id AND f.psudo = ${WATER_FEATURE}) AS water
          FROM farmer_subscriptions fs WHERE fs.user_id = ${userId}`);
      return rows;
    },

    async saveSettings(parcelId: number, soilTexture: SoilTexture | null, waterSource: boolean) {
      await db.execute(sql`
        UPDATE parcels SET soil_texture = ${soilTexture}, water_source = ${waterSource}, updated_at = now()
         WHERE id = ${parcelId}`);
    },

    async addIrrigation(input: {
      parcelId: number;
      date: string;
      depthMm: number;
      hours: number | null;
      createdBy: number;
    }): Promise<IrrigationRow> {
      const { rows } = await db.execute<IrrigationRow>(sql`
        INSERT INTO parcel_irrigations (parcel_id, date, depth_mm, hours, created_by)
        VALUES (${input.parcelId}, ${input.date}::date, ${input.depthMm}, ${input.hours}, ${input.createdBy})
        RETURNING ${irrigationColumns}`);
      return rows[0]!;
    },

    async removeIrrigation(parcelId: number, irrigationId: number): Promise<boolean> {
      const { rows } = await db.execute<{ id: number }>(sql`
        DELETE FROM parcel_irrigations WHERE id = ${irrigationId} AND parcel_id = ${parcelId} RETURNING id`);
      return rows.length > 0;
    },
  };
}

export type WaterRepository = ReturnType<typeof createWaterRepository>;
