import type { Irrigation, IrrigationInput, ParcelWater, WaterSettingsInput } from '@filaha/shared/contracts';
import type { AuthedCtx } from '../../context.ts';
import { requireAccess } from '../../core/access.ts';
import { AppError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import { isoDay, type WeatherRepository } from '../../lib/weather/index.ts';
import { SYSTEM_EFFICIENCY } from './water.compute.ts';
import { parcelWater } from './water.gather.ts';
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
      return parcelWater({ repo, weather, now }, found, date);
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
