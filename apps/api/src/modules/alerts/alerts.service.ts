import {
  ALERT_RULE_DEFAULTS,
  type AlertItem,
  type AlertList,
  type AlertRulesInput,
  type AlertSettings,
  type ParcelAlertRules,
} from '@filaha/shared';
import { alertRules, alerts, alertSettings, and, count, desc, eq, isNull, parcels, sql, type Db } from '@filaha/db';
import type { AuthedCtx } from '../../context.ts';
import { NotFoundError } from '../../core/errors.ts';
import { rulesOf, settingsOf } from './alerts.repository.ts';
import { requireAccess } from '../../core/access.ts';

/** The notification centre, a parcel's rules and a user's e-mail settings (owner only; staff read rules). */
export function createAlertsService(db: Db) {
  const unreadOf = async (userId: number) =>
    (
      await db
        .select({ n: count() })
        .from(alerts)
        .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)))
    )[0]!.n;

  async function parcelFor(ctx: AuthedCtx, parcelId: number, write: boolean) {
    const [parcel] = await db
      .select({ id: parcels.id, userId: parcels.userId })
      .from(parcels)
      .where(eq(parcels.id, parcelId));
    if (!parcel) throw new NotFoundError();
    requireAccess(ctx, 'parcelAlerts', write ? 'write' : 'read', { ownerId: parcel.userId, hide: true });
    return parcel;
  }

  return {
    /** Newest first, with the unread count. The first visit records the app's language for the e-mails. */
    async list(ctx: AuthedCtx, limit: number): Promise<AlertList> {
      await db.insert(alertSettings).values({ userId: ctx.actor.id, language: ctx.lang }).onConflictDoNothing();
      const rows = await db
        .select({ alert: alerts, parcelName: parcels.name })
        .from(alerts)
        .innerJoin(parcels, eq(parcels.id, alerts.parcelId))
        .where(eq(alerts.userId, ctx.actor.id))
        .orderBy(desc(alerts.date), desc(alerts.id))
        .limit(limit);
      const items: AlertItem[] = rows.map(({ alert: a, parcelName }) => ({
        id: a.id,
        parcelId: a.parcelId,
        parcelName,
        rule: a.rule,
        date: a.date,
        sceneId: a.sceneId,
        index: a.indexCode,
        value: a.details.value ?? null,
        previous: a.details.previous ?? null,
        previousDate: a.details.previousDate ?? null,
        threshold: a.details.threshold ?? null,
        share: a.details.share ?? null,
        createdAt: a.createdAt.toISOString(),
        read: a.readAt !== null,
      }));
      return { unread: await unreadOf(ctx.actor.id), alerts: items };
    },

    async markRead(ctx: AuthedCtx, id: number) {
      const [row] = await db
        .update(alerts)
        .set({ readAt: sql`coalesce(${alerts.readAt}, now())` })
        .where(and(eq(alerts.id, id), eq(alerts.userId, ctx.actor.id)))
        .returning({ id: alerts.id });
      if (!row) throw new NotFoundError();
      return { id: row.id, read: true as const, unread: await unreadOf(ctx.actor.id) };
    },

    async markAllRead(ctx: AuthedCtx) {
      const updated = await db
        .update(alerts)
        .set({ readAt: sql`now()` })
        .where(and(eq(alerts.userId, ctx.actor.id), isNull(alerts.readAt)))
        .returning({ id: alerts.id });
      return { updated: updated.length, unread: await unreadOf(ctx.actor.id) };
    },

    async rules(ctx: AuthedCtx, parcelId: number): Promise<ParcelAlertRules> {
      const parcel = await parcelFor(ctx, parcelId, false);
      return { parcelId: parcel.id, rules: await rulesOf(db, parcel.id) };
    },

    /** Saves the rules sent (each one whole); the others keep what they had. */
    async saveRules(ctx: AuthedCtx, parcelId: number, input: AlertRulesInput): Promise<ParcelAlertRules> {
      const parcel = await parcelFor(ctx, parcelId, true);
      await db.transaction(async (tx) => {
        for (const r of input.rules) {
          const values = {
            enabled: r.enabled,
            indexCode: ALERT_RULE_DEFAULTS[r.rule].index,
            threshold: 'threshold' in r ? r.threshold : null,
            share: 'share' in r ? r.share : null,
          };
          await tx
            .insert(alertRules)
            .values({ parcelId: parcel.id, rule: r.rule, ...values })
            .onConflictDoUpdate({
              target: [alertRules.parcelId, alertRules.rule],
              set: { ...values, updatedAt: sql`now()` },
            });
        }
      });
      return { parcelId: parcel.id, rules: await rulesOf(db, parcel.id) };
    },

    settings(ctx: AuthedCtx): Promise<AlertSettings> {
      return settingsOf(db, ctx.actor.id);
    },

    async saveSettings(ctx: AuthedCtx, input: AlertSettings): Promise<AlertSettings> {
      const values = {
        language: input.language,
        emailNewImage: input.email.NEW_IMAGE,
        emailDrop: input.email.DROP,
        emailWaterStress: input.email.WATER_STRESS,
        emailPartialDrop: input.email.PARTIAL_DROP,
      };
      await db
        .insert(alertSettings)
        .values({ userId: ctx.actor.id, ...values })
        .onConflictDoUpdate({ target: alertSettings.userId, set: { ...values, updatedAt: sql`now()` } });
      return settingsOf(db, ctx.actor.id);
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
