import { CROP_WATER_PROFILES } from '@filaha/shared';
import type { ParcelWater } from '@filaha/shared/contracts';
import { addDays, isoDay, type WeatherRepository } from '../../lib/weather/index.ts';
import { computeWater, PLAN_DAYS, weatherFrom } from './water.compute.ts';
import type { WaterParcelRow, WaterRepository } from './water.repository.ts';

/**
 * Gathers a parcel's water inputs — its crop of the season, NDVI points, recorded irrigations, its cell's cached
 * weather and climatology — and computes its answer (water.compute.ts) on `date`, or, without one, today (its
 * weather from the forecast), else the latest day the cell has. For the route (after its access and plan checks)
 * and for the alert rules (public.ts).
 */
export async function parcelWater(
  deps: { repo: WaterRepository; weather: WeatherRepository; now: () => Date },
  found: WaterParcelRow,
  date: string | undefined,
): Promise<ParcelWater> {
  const { repo, weather } = deps;
  const parcelId = found.id;
  const cellKey = (await weather.cellOfParcel(parcelId))?.key ?? null;
  const cell = cellKey ? await weather.cell(cellKey) : null;
  const today = isoDay(deps.now());
  let day = date;
  if (!day) {
    const recent = cellKey ? await weather.days(cellKey, addDays(today, -10), today) : [];
    day = recent.at(-1)?.date ?? today;
  }
  const season = await repo.season(parcelId, day);
  // This season's recorded crop; without one, only a perennial on the parcel stands (an annual is sown anew).
  const standing = found.crop && CROP_WATER_PROFILES[found.crop]?.perennialStart ? found.crop : null;
  const crop = season?.crop ?? standing;
  const sowingDate = season?.sowing_date ?? null;
  const from = weatherFrom(crop, sowingDate, day);
  const to = addDays(day, PLAN_DAYS);
  const flow = season?.flow_rate_m3h;
  return computeWater({
    parcelId,
    date: day,
    areaM2: Number(found.area_m2),
    crop,
    sowingDate,
    irrigated: season?.irrigated ?? false,
    irrigationSystem: season?.irrigation_system ?? null,
    flowRateM3h: flow === null || flow === undefined ? null : Number(flow),
    soilTexture: found.soil_texture,
    waterSource: found.water_source,
    cell,
    weather: cellKey ? await weather.days(cellKey, from, to) : [],
    ndvi: await repo.ndvi(parcelId, addDays(from, -30), day),
    irrigations: (await repo.irrigations(parcelId, from, day)).map(({ id, date: d, depth_mm, hours }) => ({
      id,
      date: d,
      depthMm: Number(depth_mm),
      hours: hours === null ? null : Number(hours),
    })),
    climate: (fromMonthDay, toMonthDay) =>
      cellKey ? weather.climateRainTotals(cellKey, fromMonthDay, toMonthDay) : Promise.resolve(null),
  });
}
