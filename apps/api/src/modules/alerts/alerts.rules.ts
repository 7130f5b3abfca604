import {
  ALERT_EMAIL_DEFAULTS,
  ALERT_RULE_DEFAULTS,
  ALERT_RULE_NAMES,
  type AlertRuleConfig,
  type AlertRuleName,
  type AlertSettings,
  WATER_STRESS_MIN_NDVI,
} from '@filaha/shared';
import { alertRules, alertSettings, eq, type Db } from '@filaha/db';

/**
 * Rules and settings as they apply: what a parcel or user saved, the defaults of @filaha/shared for the rest.
 * Comparisons allow 1e-9 of rounding so a drop of exactly the threshold (0.75 − 0.65 = 0.09999…) is never
 * counted as "more than" it, whatever the float arithmetic gave.
 */
export const EPSILON = 1e-9;

export async function rulesOf(db: Db, parcelId: number): Promise<AlertRuleConfig[]> {
  const saved = await db.select().from(alertRules).where(eq(alertRules.parcelId, parcelId));
  return ALERT_RULE_NAMES.map((name) => {
    const row = saved.find((r) => r.rule === name);
    const base = ALERT_RULE_DEFAULTS[name];
    return row
      ? { rule: name, enabled: row.enabled, index: row.indexCode, threshold: row.threshold, share: row.share }
      : { ...base };
  });
}

export async function settingsOf(db: Db, userId: number): Promise<AlertSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  if (!row) return { language: 'ar', email: { ...ALERT_EMAIL_DEFAULTS } };
  return {
    language: row.language,
    email: {
      NEW_IMAGE: row.emailNewImage,
      DROP: row.emailDrop,
      WATER_STRESS: row.emailWaterStress,
      PARTIAL_DROP: row.emailPartialDrop,
    },
  };
}

export function emailWanted(settings: AlertSettings, rule: AlertRuleName): boolean {
  return settings.email[rule];
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
