import {
  CROP_WATER_PROFILES,
  cropCoefficient,
  irrigationAdvice,
  KC_RULES,
  referenceEt0,
  runWaterBalance,
  stageOn,
  WATER_BALANCE_RULES,
  windAt2m,
  type Crop,
  type Humidity,
  type IrrigationSystem,
  type SoilTexture,
} from '@filaha/shared';
import type {
  ParcelWater,
  RainAgainstNormal,
  WaterAdvice,
  WaterDay,
  WaterMissing,
  WaterPlanDay,
} from '@filaha/shared/contracts';
import { addDays, type WeatherDay } from '../../lib/weather/index.ts';

/**
 * A parcel's water on a day (issue 31 §2), from what the repository read: pure, so the tests recompute it and the
 * route only gathers its inputs. The balance runs from the start of the crop's season (its sowing date, or the
 * perennial's start of Table 11) at field capacity — FAO-56 starts a balance after a soaking rain or an irrigation,
 * and the season starts after the autumn rains here — to `date`, then 6 days of forecast following the advice.
 */

/** The rules an answer names: their version changes whenever a rule or a value of the chain changes. */
export const WATER_RULES = {
  version: `water-1/balance-${WATER_BALANCE_RULES.version}/kc-${KC_RULES.version}`,
  et0: 'FAO-56 Penman–Monteith (eq. 6), G = 0; wind converted from 10 m to 2 m (eq. 47); Rs from the source',
  kc: KC_RULES.source,
  balance: WATER_BALANCE_RULES.source,
  efficiency:
    'Field application efficiency by system (FAO Irrigation Water Management training manual 4, Brouwer et al., 1989: surface 60 %, sprinkler 75 %, drip 90 %)',
} as const;

/** Application efficiency of each system (Brouwer et al., 1989); a pivot is a sprinkler, flood a surface method. */
export const SYSTEM_EFFICIENCY: Record<IrrigationSystem, number> = {
  drip: 0.9,
  sprinkler: 0.75,
  centre_pivot: 0.75,
  furrow: 0.6,
  flood: 0.6,
  other: 0.6,
};

/** Days of the plan after the advice's day. */
export const PLAN_DAYS = 6;

export interface WaterInputs {
  parcelId: number;
  date: string;
  areaM2: number;
  crop: Crop | null;
  sowingDate: string | null;
  irrigated: boolean;
  irrigationSystem: IrrigationSystem | null;
  flowRateM3h: number | null;
  soilTexture: SoilTexture | null;
  waterSource: boolean;
  cell: {
    key: string;
    lat: number;
    lon: number;
    elevation: number;
    source: 'open-meteo' | 'synthetic';
    refreshedAt: string | null;
  } | null;
  /** The cell's days from `weatherFrom(…)` to date + PLAN_DAYS. */
  weather: WeatherDay[];
  /** The parcel's NDVI points (median), date order. */
  ndvi: Array<{ date: string; value: number }>;
  irrigations: Array<{ id: number; date: string; depthMm: number; hours: number | null }>;
  /** Climatology totals of a calendar window (null without a climatology). */
  climate: (fromMonthDay: string, toMonthDay: string) => Promise<number[] | null>;
}

/** The start of the balance for `date`: the sowing date, or the perennial's season start; null when unknown. */
export function balanceStart(crop: Crop | null, sowingDate: string | null, date: string): string | null {
  if (!crop || !CROP_WATER_PROFILES[crop]) return null;
  const stage = stageOn(crop, date, sowingDate);
  if (stage) return addDays(date, -stage.day);
  // After the harvest of an annual: its season started at the sowing date.
  return CROP_WATER_PROFILES[crop]!.perennialStart ? null : sowingDate;
}

/** 1 September of the agricultural season holding `date` (seasons run 1 September – 31 August). */
export const hydrologicalStart = (date: string): string =>
  Number(date.slice(5, 7)) >= 9 ? `${date.slice(0, 4)}-09-01` : `${Number(date.slice(0, 4)) - 1}-09-01`;

/** The first weather day the answer needs: the balance's start, the season's 1 September or 90 days back. */
export function weatherFrom(crop: Crop | null, sowingDate: string | null, date: string): string {
  const candidates = [hydrologicalStart(date), addDays(date, -89)];
  const start = balanceStart(crop, sowingDate, date);
  if (start) candidates.push(start);
  return candidates.sort()[0]!;
}

const humidityOf = (w: WeatherDay): Humidity =>
  w.dewPoint !== null
    ? { dewPoint: w.dewPoint }
    : w.rhMax !== null && w.rhMin !== null
      ? { rhMax: w.rhMax, rhMin: w.rhMin }
      : { rhMean: 50 };

/** ET0 of a cell's day (FAO-56 Penman–Monteith). */
export function et0Of(w: WeatherDay, cell: { lat: number; elevation: number }): number {
  return referenceEt0({
    day: w.date,
    latitude: cell.lat,
    altitude: cell.elevation,
    tMax: w.tMax,
    tMin: w.tMin,
    humidity: humidityOf(w),
    wind: w.wind10m,
    windHeight: 10,
    solarRadiation: w.radiation,
  }).et0;
}

/** The latest NDVI point on or before `day`. */
function ndviOn(points: WaterInputs['ndvi'], day: string) {
  let found: (typeof points)[number] | null = null;
  for (const p of points) if (p.date <= day) found = p;
  return found;
}

async function rainAgainstNormal(
  weather: Map<string, WeatherDay>,
  from: string,
  to: string,
  climate: WaterInputs['climate'],
): Promise<RainAgainstNormal | null> {
  let rain = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const w = weather.get(d);
    if (!w || w.forecast) return null;
    rain += w.rain;
  }
  const totals = await climate(from.slice(5), to.slice(5));
  if (!totals || totals.length === 0) return null;
  const normal = totals.reduce((a, b) => a + b, 0) / totals.length;
  const drier = totals.filter((t) => t < rain).length + totals.filter((t) => t === rain).length / 2;
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return {
    from,
    to,
    rain: round1(rain),
    normal: round1(normal),
    years: totals.length,
    percentOfNormal: normal > 0 ? Math.round((100 * rain) / normal) : null,
    percentile: Math.round((100 * drier) / totals.length),
  };
}

export async function computeWater(input: WaterInputs): Promise<ParcelWater> {
  const { date, crop } = input;
  const profile = crop ? CROP_WATER_PROFILES[crop] : undefined;
  const byDate = new Map(input.weather.map((w) => [w.date, w]));
  const missing: WaterMissing[] = [];
  if (!crop) missing.push('crop');
  else if (!profile) missing.push('no_profile');
  else if (!profile.perennialStart && !input.sowingDate) missing.push('sowing_date');
  if (!input.soilTexture) missing.push('soil');
  if (!input.cell || !byDate.has(date)) missing.push('weather');
  const stageToday = crop && profile ? stageOn(crop, date, input.sowingDate) : null;
  if (missing.length === 0 && !stageToday) missing.push('harvested');

  let day: WaterDay | null = null;
  let advice: WaterAdvice | null = null;
  const plan: WaterPlanDay[] = [];
  if (missing.length === 0 && crop && profile && input.cell && input.soilTexture) {
    const cell = input.cell;
    const start = balanceStart(crop, input.sowingDate, date)!;
    // The balance needs every day from its start: after a gap in the weather it starts again at field capacity.
    let from = start;
    for (let d = start; d <= date; d = addDays(d, 1)) if (!byDate.has(d)) from = addDays(d, 1);
    const irrigated = new Map<string, number>();
    for (const i of input.irrigations) irrigated.set(i.date, (irrigated.get(i.date) ?? 0) + i.depthMm);
    const zone = { texture: input.soilTexture, rootDepth: profile.rootDepth, depletionFraction: profile.p };
    const days: Array<{ w: WeatherDay; et0: number; kc: NonNullable<ReturnType<typeof cropCoefficient>> }> = [];
    for (let d = from; d <= date; d = addDays(d, 1)) {
      const kc = cropCoefficient(crop, d, input.sowingDate, ndviOn(input.ndvi, d));
      if (!kc) continue;
      days.push({ w: byDate.get(d)!, et0: et0Of(byDate.get(d)!, cell), kc });
    }
    const rows = runWaterBalance(
      zone,
      days.map((x) => ({
        day: x.w.date,
        et0: x.et0,
        kc: x.kc.kc,
        rain: x.w.rain,
        irrigation: irrigated.get(x.w.date) ?? 0,
      })),
    );
    const last = rows.at(-1)!;
    const today = days.at(-1)!;
    day = {
      date,
      inputs: {
        tMax: today.w.tMax,
        tMin: today.w.tMin,
        rhMax: today.w.rhMax,
        rhMin: today.w.rhMin,
        dewPoint: today.w.dewPoint,
        wind10m: today.w.wind10m,
        wind2m: windAt2m(today.w.wind10m, 10),
        radiation: today.w.radiation,
        rain: today.w.rain,
        providerEt0: today.w.providerEt0,
        forecast: today.w.forecast,
      },
      et0: last.et0,
      stage: today.kc.stage,
      kcTable: today.kc.kcTable,
      ndviFactor: today.kc.ndviFactor,
      kc: last.kc,
      ks: last.ks,
      etc: last.etc,
      effectiveRain: last.effectiveRain,
      irrigation: last.irrigation,
      depletion: last.depletion,
      taw: last.taw,
      raw: last.raw,
    };
    const efficiency = input.irrigationSystem ? SYSTEM_EFFICIENCY[input.irrigationSystem] : SYSTEM_EFFICIENCY.other;
    const flow = input.irrigated ? input.flowRateM3h : null;
    const base = irrigationAdvice(last, input.areaM2, flow, efficiency);
    // A rainfed cereal at heading–flowering, short of water, where the farmer has water: a supplemental irrigation.
    const supplemental = !input.irrigated && today.kc.sensitive && input.waterSource && base.due;
    if (input.irrigated || supplemental) advice = { ...base, supplemental, efficiency };

    // The next days: the forecast's ET0 and rain; an irrigation the day the depletion passes the RAW (the plan
    // assumes the farmer follows it), so the later days start again from field capacity.
    let depletion = last.depletion;
    if (advice?.due) depletion = 0;
    for (let i = 1; i <= PLAN_DAYS; i++) {
      const d = addDays(date, i);
      const w = byDate.get(d);
      const kc = cropCoefficient(crop, d, input.sowingDate, ndviOn(input.ndvi, d));
      if (!w || !kc) break;
      const [row] = runWaterBalance(
        zone,
        [{ day: d, et0: et0Of(w, cell), kc: kc.kc, rain: w.rain, irrigation: 0 }],
        depletion,
      );
      const next = irrigationAdvice(row!, input.areaM2, flow, efficiency);
      const irrigate = (input.irrigated || (input.waterSource && kc.sensitive)) && next.due;
      plan.push({
        date: d,
        et0: row!.et0,
        etc: row!.etc,
        rain: w.rain,
        depletion: row!.depletion,
        irrigateMm: irrigate ? next.depthMm : 0,
        hours: irrigate ? next.hours : null,
      });
      depletion = irrigate ? 0 : row!.depletion;
    }
  }

  let drought: ParcelWater['drought'] = null;
  if (input.cell && byDate.size > 0) {
    const observedTo = byDate.has(date) && !byDate.get(date)!.forecast ? date : addDays(date, -1);
    drought = {
      season: await rainAgainstNormal(byDate, hydrologicalStart(date), observedTo, input.climate),
      last30: await rainAgainstNormal(byDate, addDays(observedTo, -29), observedTo, input.climate),
      last90: await rainAgainstNormal(byDate, addDays(observedTo, -89), observedTo, input.climate),
    };
  }

  const ndviToday = ndviOn(input.ndvi, date);
  return {
    parcelId: input.parcelId,
    date,
    settings: {
      crop,
      sowingDate: input.sowingDate,
      irrigated: input.irrigated,
      irrigationSystem: input.irrigationSystem,
      flowRateM3h: input.flowRateM3h,
      soilTexture: input.soilTexture,
      waterSource: input.waterSource,
      areaM2: input.areaM2,
      rootDepth: profile?.rootDepth ?? null,
      p: profile?.p ?? null,
    },
    missing,
    day,
    advice,
    plan,
    drought,
    irrigations: input.irrigations,
    sources: {
      weather: input.cell?.source ?? null,
      cell: input.cell
        ? { key: input.cell.key, lat: input.cell.lat, lon: input.cell.lon, elevation: input.cell.elevation }
        : null,
      refreshedAt: input.cell?.refreshedAt ?? null,
      ndvi: ndviToday ? { date: ndviToday.date, value: ndviToday.value } : null,
    },
    rules: { ...WATER_RULES },
  };
}
