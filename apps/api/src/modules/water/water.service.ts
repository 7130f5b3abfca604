import { CROP_WATER_PROFILES } from '@filaha/shared';
import type { Irrigation, IrrigationInput, ParcelWater, WaterSettingsInput } from '@filaha/shared/contracts';
import type { AuthedCtx } from '../../context.ts';
import { requireAccess } from '../../core/access.ts';
import { AppError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import { addDays, isoDay, type WeatherRepository } from '../../lib/weather/index.ts';
import { computeWater, PLAN_DAYS, SYSTEM_EFFICIENCY, weatherFrom } from './water.compute.ts';
import type { IrrigationRow, WaterRepository } from './water.repository.ts';

const toIrrigation = (r: IrrigationRow): Irrigation => ({
  id: r.id,
  parcelId: r.parcel_id,
  date: r.date,
  depthMm: Number(r.depth_mm),
  hours: r.hours === null ? null : Number(r.hours),
});

/**
 * A parcel's water (issue 31 §2): its owner reads it when an active plan holds the water feature (a functionality
 * of the back office, never charged per call); staff read any farmer's. Its owner records its soil, its water
 * source and its irrigations.
 */
export function createWaterService(deps: { repo: WaterRepository; weather: WeatherRepository; now?: () => Date }) {
  const { repo, weather } = deps;
  const now = deps.now ?? (() => new Date());

  async function parcel(ctx: AuthedCtx, parcelId: number, action: 'read' | 'write') {
    const found = await repo.parcel(parcelId);
    if (!found) throw new NotFoundError();
    requireAccess(ctx, 'parcelWater', action, { ownerId: found.user_id ?? undefined, hide: true });
    return found;
  }

  async function requirePlan(ctx: AuthedCtx, ownerId: number | null) {
    if (ctx.actor.id !== ownerId) return; // staff
    const subscriptions = await repo.subscriptions(ctx.actor.id);
    if (subscriptions.length === 0) throw new AppError('SUBSCRIPTION_REQUIRED');
    const active = subscriptions.filter((s) => s.state === 'actif');
    if (active.length === 0) throw new AppError('SUBSCRIPTION_INACTIVE');
    if (!active.some((s) => s.water)) throw new AppError('FEATURE_NOT_IN_PLAN');
  }

  return {
    async water(ctx: AuthedCtx, parcelId: number, date: string | undefined): Promise<ParcelWater> {
      const found = await parcel(ctx, parcelId, 'read');
      await requirePlan(ctx, found.user_id);
      const cellKey = (await weather.cellOfParcel(parcelId))?.key ?? null;
      const cell = cellKey ? await weather.cell(cellKey) : null;
      // Without a day asked: today (its weather from the forecast, as an advice for today needs), else the latest
      // day the cell has.
      const today = isoDay(now());
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
      return computeWater({
        parcelId,
        date: day,
        areaM2: Number(found.area_m2),
        crop,
        sowingDate,
        irrigated: season?.irrigated ?? false,
        irrigationSystem: season?.irrigation_system ?? null,
        flowRateM3h:
          season?.flow_rate_m3h === null || season?.flow_rate_m3h === undefined ? null : Number(season.flow_rate_m3h),
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
    },

    async saveSettings(ctx: AuthedCtx, parcelId: number, input: WaterSettingsInput): Promise<WaterSettingsInput> {
      await parcel(ctx, parcelId, 'write');
      await repo.saveSettings(parcelId, input.soilTexture, input.waterSource);
      return input;
    },

    /** "I irrigated": a depth, or hours of the season's system converted with its flow rate and efficiency. */
    async irrigate(ctx: AuthedCtx, parcelId: number, input: IrrigationInput): Promise<Irrigation> {
      const found = await parcel(ctx, parcelId, 'write');
      if (input.date > isoDay(now())) throw ValidationError.field('date', 'validation.notInFuture');
      let depthMm = input.depthMm ?? 0;
      const hours = input.hours ?? null;
      if (hours !== null) {
        const season = await repo.season(parcelId, input.date);
        const flow =
          season?.flow_rate_m3h === null || season?.flow_rate_m3h === undefined ? null : Number(season.flow_rate_m3h);
        if (!season?.irrigated || !flow) throw ValidationError.field('hours', 'validation.flowRequired');
        const efficiency = SYSTEM_EFFICIENCY[season.irrigation_system ?? 'other'];
        depthMm = Math.round(((hours * flow * efficiency) / Number(found.area_m2)) * 1000 * 10) / 10;
        if (depthMm <= 0 || depthMm > 300) throw ValidationError.field('hours', 'validation.invalid');
      }
      const row = await repo.addIrrigation({ parcelId, date: input.date, depthMm, hours, createdBy: ctx.actor.id });
      return toIrrigation(row);
    },

    async removeIrrigation(ctx: AuthedCtx, parcelId: number, irrigationId: number): Promise<{ message: string }> {
      await parcel(ctx, parcelId, 'write');
      if (!(await repo.removeIrrigation(parcelId, irrigationId))) throw new NotFoundError();
      return { message: text('irrigationRemoved', ctx.lang) };
    },
  };
}

export type WaterService = ReturnType<typeof createWaterService>;
