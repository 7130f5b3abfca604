import {
  ALERT_EMAIL_DEFAULTS,
  ALERT_RULE_DEFAULTS,
  ALERT_RULE_NAMES,
  type AlertRuleConfig,
  type AlertSettings,
} from '@filaha/shared';
import { alertRules, alertSettings, eq, type Db } from '@filaha/db';

/*
 * Rules and settings as they apply: what a parcel or user saved, the defaults of @filaha/shared for the rest.
 * Read by the alerts service and by the alert jobs.
 */

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
