import { z } from 'zod';
import { ID_MAX } from '../limits.ts';
import { CROPS, IRRIGATION_SYSTEMS } from '../organisations.ts';
import { SOIL_TEXTURES, type SoilTexture } from '../water-balance.ts';
import { MessageAnswer, withExample } from './common.ts';
import { route } from './contract.ts';

/**
 * Issue 31 §2: a parcel's water — the day's weather inputs (so anyone can recompute), ET0 by FAO-56 Penman–Monteith,
 * the crop coefficient, the root zone's balance, the irrigation advice in mm and hours of the farmer's system, the
 * next 6 days with the forecast rain, and how dry the season is against the cell's climatology.
 */
export const SOIL_TEXTURE_CODES = Object.keys(SOIL_TEXTURES) as SoilTexture[];

const invalid = 'validation.invalid';
const id = z.coerce.number(invalid).int(invalid).positive(invalid).max(ID_MAX, invalid);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    invalid,
  );

export const WaterQuery = z.object({
  /** The day of the advice (YYYY-MM-DD); the latest observed weather day when absent. */
  date: day.optional(),
});

/** Why no advice can be given (the card says what to fill in). */
export const WATER_MISSING = ['crop', 'sowing_date', 'soil', 'weather', 'no_profile', 'harvested'] as const;
export type WaterMissing = (typeof WATER_MISSING)[number];

export const WeatherInputs = z.object({
  tMax: z.number(),
  tMin: z.number(),
  rhMax: z.number().nullable(),
  rhMin: z.number().nullable(),
  dewPoint: z.number().nullable(),
  /** Wind at 10 m as the source gives it, and converted to 2 m (FAO-56 eq. 47), m/s. */
  wind10m: z.number(),
  wind2m: z.number(),
  /** Incoming shortwave radiation, MJ m⁻² day⁻¹. */
  radiation: z.number(),
  rain: z.number(),
  /** The source's own ET0, when it gives one (a check of ours). */
  providerEt0: z.number().nullable(),
  forecast: z.boolean(),
});
export type WeatherInputs = z.infer<typeof WeatherInputs>;

export const WaterDay = z.object({
  date: z.string(),
  inputs: WeatherInputs,
  et0: z.number(),
  stage: z.enum(['initial', 'development', 'mid', 'late', 'off']),
  /** The table's Kc, the NDVI's factor (1 when not used), the Kc used. */
  kcTable: z.number(),
  ndviFactor: z.number(),
  kc: z.number(),
  ks: z.number(),
  etc: z.number(),
  effectiveRain: z.number(),
  irrigation: z.number(),
  /** Root-zone depletion at the end of the day, and the total and readily available water, mm. */
  depletion: z.number(),
  taw: z.number(),
  raw: z.number(),
});
export type WaterDay = z.infer<typeof WaterDay>;

export const WaterPlanDay = z.object({
  date: z.string(),
  et0: z.number(),
  etc: z.number(),
  rain: z.number(),
  depletion: z.number(),
  /** Irrigate this day: net mm and hours of the system (null without a flow rate); 0 when not needed. */
  irrigateMm: z.number(),
  hours: z.number().nullable(),
});
export type WaterPlanDay = z.infer<typeof WaterPlanDay>;

export const RainAgainstNormal = z.object({
  from: z.string(),
  to: z.string(),
  rain: z.number(),
  /** The mean of the same window's totals over the climatology's years, and how many years it holds. */
  normal: z.number(),
  years: z.number().int(),
  percentOfNormal: z.number().nullable(),
  /** Share of the climatology's years drier than this one (ties half), 0–100. */
  percentile: z.number(),
});
export type RainAgainstNormal = z.infer<typeof RainAgainstNormal>;

export const WaterAdvice = z.object({
  /** Irrigate now: the depletion has passed the readily available water. */
  due: z.boolean(),
  /** Net depth that refills the root zone, mm, and the hours of the farmer's system (null without its flow rate). */
  depthMm: z.number(),
  hours: z.number().nullable(),
  /** A rainfed cereal at heading–flowering, short of water, with a water source: a supplemental irrigation. */
  supplemental: z.boolean(),
  /** The system's application efficiency used for the hours. */
  efficiency: z.number(),
});
export type WaterAdvice = z.infer<typeof WaterAdvice>;

export const ParcelWater = z.object({
  parcelId: z.number().int(),
  date: z.string(),
  settings: z.object({
    crop: z.enum(CROPS).nullable(),
    sowingDate: z.string().nullable(),
    irrigated: z.boolean(),
    irrigationSystem: z.enum(IRRIGATION_SYSTEMS).nullable(),
    flowRateM3h: z.number().nullable(),
    soilTexture: z.enum(SOIL_TEXTURE_CODES as [SoilTexture, ...SoilTexture[]]).nullable(),
    waterSource: z.boolean(),
    areaM2: z.number(),
    rootDepth: z.number().nullable(),
    p: z.number().nullable(),
  }),
  /** What is missing for an advice (empty when there is one). */
  missing: z.array(z.enum(WATER_MISSING)),
  day: WaterDay.nullable(),
  advice: WaterAdvice.nullable(),
  /** The next 6 days with the forecast, following the advice. */
  plan: z.array(WaterPlanDay),
  drought: z
    .object({
      season: RainAgainstNormal.nullable(),
      last30: RainAgainstNormal.nullable(),
      last90: RainAgainstNormal.nullable(),
    })
    .nullable(),
  irrigations: z.array(
    z.object({ id: z.number().int(), date: z.string(), depthMm: z.number(), hours: z.number().nullable() }),
  ),
  sources: z.object({
    weather: z.enum(['open-meteo', 'synthetic']).nullable(),
    cell: z.object({ key: z.string(), lat: z.number(), lon: z.number(), elevation: z.number() }).nullable(),
    refreshedAt: z.string().nullable(),
    ndvi: z.object({ date: z.string(), value: z.number() }).nullable(),
  }),
  rules: z.object({
    version: z.string(),
    et0: z.string(),
    kc: z.string(),
    balance: z.string(),
    efficiency: z.string(),
  }),
});
export type ParcelWater = z.infer<typeof ParcelWater>;

export const WaterSettingsInput = z.object({
  soilTexture: z.enum(SOIL_TEXTURE_CODES as [SoilTexture, ...SoilTexture[]], invalid).nullable(),
  waterSource: z.boolean(invalid),
});
export type WaterSettingsInput = z.infer<typeof WaterSettingsInput>;

/** "I irrigated": the depth in mm, or the hours of the system (converted with the season's flow rate). */
export const IrrigationInput = withExample(
  z
    .object({
      date: day,
      depthMm: z.number(invalid).gt(0, invalid).max(300, invalid).optional(),
      hours: z.number(invalid).gt(0, invalid).max(72, invalid).optional(),
    })
    .refine((v) => (v.depthMm === undefined) !== (v.hours === undefined), {
      message: 'validation.depthOrHours',
      path: ['depthMm'],
    }),
  { date: '2026-04-20', hours: 3 },
);
export type IrrigationInput = z.infer<typeof IrrigationInput>;

export const Irrigation = z.object({
  id: z.number().int(),
  parcelId: z.number().int(),
  date: z.string(),
  depthMm: z.number(),
  hours: z.number().nullable(),
});
export type Irrigation = z.infer<typeof Irrigation>;

const waterRoute = { tags: ['parcels'], auth: true } as const;

export const waterContract = {
  water: route({
    ...waterRoute,
    method: 'GET',
    path: '/parcelle/:id/water',
    description:
      "The parcel's water on a day: weather inputs, ET0, Kc, balance, irrigation advice, the next 6 days and the drought figures (its owner, in a plan with the water feature; staff).",
    params: z.object({ id }),
    query: WaterQuery,
    responses: { 200: ParcelWater },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'SUBSCRIPTION_REQUIRED', 'SUBSCRIPTION_INACTIVE', 'FEATURE_NOT_IN_PLAN'],
  }),
  saveSettings: route({
    ...waterRoute,
    method: 'PUT',
    path: '/parcelle/:id/water/settings',
    description: "The parcel's soil texture and whether the farmer has water to irrigate with (its owner).",
    params: z.object({ id }),
    body: WaterSettingsInput,
    responses: { 200: WaterSettingsInput },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  irrigate: route({
    ...waterRoute,
    method: 'POST',
    path: '/parcelle/:id/irrigations',
    description: '"I irrigated": records an irrigation of the parcel (its owner), in mm or in hours of its system.',
    params: z.object({ id }),
    body: IrrigationInput,
    responses: { 201: Irrigation },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  removeIrrigation: route({
    ...waterRoute,
    method: 'DELETE',
    path: '/parcelle/:id/irrigations/:irrigationId',
    description: 'Removes a recorded irrigation (its owner).',
    params: z.object({ id, irrigationId: id }),
    responses: { 200: MessageAnswer },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
