import {
  ALERT_EMAIL_DEFAULTS,
  ALERT_RULE_DEFAULTS,
  ALERT_RULE_NAMES,
  type AlertRuleConfig,
  type AlertSettings,
} from '@filaha/shared';
import { alertRules, alerts, alertSettings, and, count, desc, eq, isNull, parcels, sql, type Db } from '@filaha/db';

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

/** A saved rule, whole. */
export interface RuleRow {
  rule: AlertRuleConfig['rule'];
  enabled: boolean;
  indexCode: string;
  threshold: number | null;
  share: number | null;
}

/** The notification centre's and the settings screens' reads and writes (alerts.service.ts). */
export function createAlertsRepository(db: Db) {
  return {
    rulesOf: (parcelId: number) => rulesOf(db, parcelId),
    settingsOf: (userId: number) => settingsOf(db, userId),

    async unreadOf(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(alerts)
        .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)));
      return row!.n;
    },

    async parcelOwner(parcelId: number): Promise<{ id: number; userId: number } | undefined> {
      const [parcel] = await db
        .select({ id: parcels.id, userId: parcels.userId })
        .from(parcels)
        .where(eq(parcels.id, parcelId));
      return parcel;
    },

    /** Records the app's language for the e-mails on a user's first visit (kept afterwards). */
    async rememberLanguage(userId: number, language: AlertSettings['language']): Promise<void> {
      await db.insert(alertSettings).values({ userId, language }).onConflictDoNothing();
    },

    /** A user's alerts, newest first, with their parcel's name. */
    latest(userId: number, limit: number) {
      return db
        .select({ alert: alerts, parcelName: parcels.name })
        .from(alerts)
        .innerJoin(parcels, eq(parcels.id, alerts.parcelId))
        .where(eq(alerts.userId, userId))
        .orderBy(desc(alerts.date), desc(alerts.id))
        .limit(limit);
    },

    /** Marks one of the user's alerts read; undefined when it is not theirs or does not exist. */
    async markRead(userId: number, id: number): Promise<number | undefined> {
      const [row] = await db
        .update(alerts)
        .set({ readAt: sql`coalesce(${alerts.readAt}, now())` })
        .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
        .returning({ id: alerts.id });
      return row?.id;
    },

    async markAllRead(userId: number): Promise<number> {
      const updated = await db
        .update(alerts)
        .set({ readAt: sql`now()` })
        .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)))
        .returning({ id: alerts.id });
      return updated.length;
    },

    /** Saves the rules sent, each one whole, in one transaction. */
    async saveRules(parcelId: number, rules: readonly RuleRow[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const { rule, ...values } of rules) {
          await tx
            .insert(alertRules)
            .values({ parcelId, rule, ...values })
            .onConflictDoUpdate({
              target: [alertRules.parcelId, alertRules.rule],
              set: { ...values, updatedAt: sql`now()` },
            });
        }
      });
    },

    async saveSettings(userId: number, settings: AlertSettings): Promise<void> {
      const values = {
        language: settings.language,
        emailNewImage: settings.email.NEW_IMAGE,
        emailDrop: settings.email.DROP,
        emailWaterStress: settings.email.WATER_STRESS,
        emailPartialDrop: settings.email.PARTIAL_DROP,
      };
      await db
        .insert(alertSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: alertSettings.userId, set: { ...values, updatedAt: sql`now()` } });
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
