/**
 * The daily soil-water balance of a parcel's root zone (issue 31 §2), after FAO-56 chapter 8 (Allen et al., 1998):
 * the depletion Dr below field capacity is carried from day to day (eq. 85), the crop's water use is reduced by the
 * stress coefficient Ks once the depletion passes the readily available water (eq. 84), water beyond field capacity
 * drains (eq. 88), and the depletion stays between 0 and the total available water. Runoff and capillary rise are
 * taken as 0 (flat irrigated fields, groundwater deeper than the roots), and a rain below a fifth of the day's ET0 is
 * taken as evaporated from the surface (the threshold of FAO-56 chapter 7's evaporation layer); both stated in
 * WATER_BALANCE_RULES so an answer names the rules it followed.
 */

/** Field capacity and wilting point (m³/m³) per soil texture: the middle of FAO-56 Table 19's ranges. */
export const SOIL_TEXTURES = {
  sand: { fieldCapacity: 0.12, wiltingPoint: 0.045 },
  loamy_sand: { fieldCapacity: 0.15, wiltingPoint: 0.065 },
  sandy_loam: { fieldCapacity: 0.23, wiltingPoint: 0.11 },
  loam: { fieldCapacity: 0.25, wiltingPoint: 0.12 },
  silt_loam: { fieldCapacity: 0.29, wiltingPoint: 0.15 },
  silt: { fieldCapacity: 0.32, wiltingPoint: 0.17 },
  silty_clay_loam: { fieldCapacity: 0.335, wiltingPoint: 0.205 },
  silty_clay: { fieldCapacity: 0.36, wiltingPoint: 0.23 },
  clay: { fieldCapacity: 0.36, wiltingPoint: 0.22 },
} as const;
export type SoilTexture = keyof typeof SOIL_TEXTURES;

export const WATER_BALANCE_RULES = {
  version: 1,
  source: 'FAO-56 chapter 8 (eqs. 82–88); soils: FAO-56 Table 19, middle of each range',
  runoff: 0,
  capillaryRise: 0,
  /** A day's rain counts only from this share of that day's ET0 up (below it, it evaporates from the surface). */
  minEffectiveRainShareOfEt0: 0.2,
} as const;

export interface RootZone {
  texture: SoilTexture;
  /** Rooting depth, m. */
  rootDepth: number;
  /** Fraction of the total available water the crop takes up without stress (FAO-56 Table 22's p). */
  depletionFraction: number;
}

/** Total and readily available water of the root zone, mm (eqs. 82–83). */
export function availableWater(zone: RootZone): { taw: number; raw: number } {
  const soil = SOIL_TEXTURES[zone.texture];
  const taw = 1000 * (soil.fieldCapacity - soil.wiltingPoint) * zone.rootDepth;
  return { taw, raw: zone.depletionFraction * taw };
}

export interface BalanceDay {
  day: string;
  et0: number;
  kc: number;
  /** Rain, mm. */
  rain: number;
  /** Irrigation the farmer recorded, mm (net, at the roots). */
  irrigation: number;
}

export interface BalanceRow extends BalanceDay {
  effectiveRain: number;
  ks: number;
  /** Crop water use under the day's stress, mm (ETc adj = Ks Kc ET0, eq. 80). */
  etc: number;
  deepPercolation: number;
  /** Depletion at the end of the day, mm. */
  depletion: number;
  taw: number;
  raw: number;
}

/** The day's effective rain (mm) under WATER_BALANCE_RULES. */
export const effectiveRain = (rain: number, et0: number): number =>
  rain >= WATER_BALANCE_RULES.minEffectiveRainShareOfEt0 * et0 ? rain : 0;

/** The balance day by day from `initialDepletion` (mm; 0 = field capacity, after a soaking rain). */
export function runWaterBalance(zone: RootZone, days: BalanceDay[], initialDepletion = 0): BalanceRow[] {
  const { taw, raw } = availableWater(zone);
  let previous = Math.min(Math.max(initialDepletion, 0), taw);
  return days.map((d) => {
    const ks = previous > raw ? Math.max(0, (taw - previous) / (taw - raw)) : 1;
    const etc = ks * d.kc * d.et0;
    const pe = effectiveRain(d.rain, d.et0);
    // Water beyond field capacity drains below the roots (eq. 88), so the depletion never goes below 0.
    const deepPercolation = Math.max(0, pe + d.irrigation - etc - previous);
    const depletion = Math.min(taw, Math.max(0, previous - pe - d.irrigation + etc + deepPercolation));
    previous = depletion;
    return { ...d, effectiveRain: pe, ks, etc, deepPercolation, depletion, taw, raw };
  });
}

export interface IrrigationAdvice {
  /** Irrigate now: the depletion has passed the readily available water. */
  due: boolean;
  /** Net depth to bring the root zone back to field capacity, mm. */
  depthMm: number;
  /** Hours of the farmer's system for that depth over the parcel: volume ÷ flow ÷ efficiency; null without a flow. */
  hours: number | null;
}

/**
 * What to do after a day of the balance: irrigate when the depletion passes the readily available water, the depth
 * that refills the root zone, and the hours of a system delivering `flowM3h` over `areaM2` at `efficiency`.
 */
export function irrigationAdvice(
  row: Pick<BalanceRow, 'depletion' | 'raw'>,
  areaM2: number,
  flowM3h: number | null,
  efficiency = 0.9,
): IrrigationAdvice {
  const depthMm = row.depletion;
  const hours = flowM3h && flowM3h > 0 ? ((depthMm / 1000) * areaM2) / (flowM3h * efficiency) : null;
  return { due: row.depletion > row.raw, depthMm, hours };
}
