import { type AlertRuleName, type AlertSettings, WATER_STRESS_MIN_NDVI } from '@filaha/shared';

/**
 * When the rules fire (the rules and settings as they apply are read by alerts.repository.ts). Comparisons allow
 * 1e-9 of rounding so a drop of exactly the threshold (0.75 − 0.65 = 0.09999…) is never counted as "more than"
 * it, whatever the float arithmetic gave.
 */
export const EPSILON = 1e-9;

export function emailWanted(settings: AlertSettings, rule: AlertRuleName): boolean {
  return settings.email[rule];
}

/** SMS for this kind chosen (it reaches the phone only when verified and opted in: modules/sms). */
export function smsWanted(settings: AlertSettings, rule: AlertRuleName): boolean {
  return settings.sms[rule];
}

/** DROP: the mean fell by more than the threshold since the previous clear acquisition. */
export function dropFires(previousMean: number, mean: number, threshold: number): boolean {
  return previousMean - mean > threshold + EPSILON;
}

/**
 * WATER_STRESS: the NDMI median is below the threshold, on a canopy: when the same acquisition's NDVI median is
 * known (`ndviMedian`), it must reach WATER_STRESS_MIN_NDVI (bare or harvested ground is dry, not stressed).
 */
export function waterStressFires(median: number, threshold: number, ndviMedian: number | null = null): boolean {
  if (ndviMedian !== null && ndviMedian < WATER_STRESS_MIN_NDVI - EPSILON) return false;
  return median < threshold - EPSILON;
}

/** PARTIAL_DROP: the share of the parcel that fell by more than the threshold reaches the rule's share. */
export function partialDropFires(fallenShare: number, share: number): boolean {
  return fallenShare >= share - EPSILON;
}

/**
 * The root zone is short (issue 31 §3): the day's balance (modules/water) has passed the readily available water.
 * Null when the balance cannot be run (no crop, sowing date, soil or weather): WATER_STRESS then reads NDMI alone.
 */
export function balanceShort(balance: { depletion: number; raw: number } | null): boolean | null {
  return balance === null ? null : balance.depletion > balance.raw + EPSILON;
}

/** How close to the season's highest mean the point before a drop must be for the drop to follow the peak. */
export const PEAK_SHARE = 0.85;

/**
 * A DROP is likely the harvest when the crop is at its late stage or past its harvest (Table 11's stages from the
 * sowing date) and the point before the drop stood near the season's peak (an annual crop's senescence and cut).
 */
export function likelyHarvest(
  stage: string | null,
  harvested: boolean,
  previousMean: number,
  seasonPeak: number | null,
): boolean {
  if (!(stage === 'late' || harvested)) return false;
  return seasonPeak !== null && previousMean >= PEAK_SHARE * seasonPeak - EPSILON;
}
