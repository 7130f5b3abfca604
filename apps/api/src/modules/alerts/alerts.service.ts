import {
  ALERT_RULE_DEFAULTS,
  type AlertItem,
  type AlertList,
  type AlertRulesInput,
  type AlertSettings,
  type AlertSettingsInput,
  type ParcelAlertRules,
} from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import { requireAccess } from '../../core/access.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { AlertsRepository } from './alerts.repository.ts';

/** The notification centre, a parcel's rules and a user's e-mail settings (owner only; staff read rules). */
export function createAlertsService(repo: AlertsRepository) {
  async function parcelFor(ctx: AuthedCtx, parcelId: number, write: boolean) {
    const parcel = await repo.parcelOwner(parcelId);
    if (!parcel) throw new NotFoundError();
    requireAccess(ctx, 'parcelAlerts', write ? 'write' : 'read', { ownerId: parcel.userId, hide: true });
    return parcel;
  }

  return {
    /** Newest first, with the unread count. The first visit records the app's language for the e-mails. */
    async list(ctx: AuthedCtx, limit: number): Promise<AlertList> {
      await repo.rememberLanguage(ctx.actor.id, ctx.lang);
      const rows = await repo.latest(ctx.actor.id, limit);
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
        likelyHarvest: a.details.likelyHarvest ?? false,
        depletion: a.details.depletion ?? null,
        raw: a.details.raw ?? null,
        createdAt: a.createdAt.toISOString(),
        read: a.readAt !== null,
      }));
      return { unread: await repo.unreadOf(ctx.actor.id), alerts: items };
    },

    async markRead(ctx: AuthedCtx, id: number) {
      const readId = await repo.markRead(ctx.actor.id, id);
      if (readId === undefined) throw new NotFoundError();
      return { id: readId, read: true as const, unread: await repo.unreadOf(ctx.actor.id) };
    },

    async markAllRead(ctx: AuthedCtx) {
      const updated = await repo.markAllRead(ctx.actor.id);
      return { updated, unread: await repo.unreadOf(ctx.actor.id) };
    },

    async rules(ctx: AuthedCtx, parcelId: number): Promise<ParcelAlertRules> {
      const parcel = await parcelFor(ctx, parcelId, false);
      return { parcelId: parcel.id, rules: await repo.rulesOf(parcel.id) };
    },

    /** Saves the rules sent (each one whole); the others keep what they had. */
    async saveRules(ctx: AuthedCtx, parcelId: number, input: AlertRulesInput): Promise<ParcelAlertRules> {
      const parcel = await parcelFor(ctx, parcelId, true);
      await repo.saveRules(
        parcel.id,
        input.rules.map((r) => ({
          rule: r.rule,
          enabled: r.enabled,
          indexCode: ALERT_RULE_DEFAULTS[r.rule].index,
          threshold: 'threshold' in r ? r.threshold : null,
          share: 'share' in r ? r.share : null,
        })),
      );
      return { parcelId: parcel.id, rules: await repo.rulesOf(parcel.id) };
    },

    settings(ctx: AuthedCtx): Promise<AlertSettings> {
      return repo.settingsOf(ctx.actor.id);
    },

    /** Saves the settings; `bell` or `sms` left out keep what they were. */
    async saveSettings(ctx: AuthedCtx, input: AlertSettingsInput): Promise<AlertSettings> {
      const current = await repo.settingsOf(ctx.actor.id);
      await repo.saveSettings(ctx.actor.id, {
        language: input.language,
        email: input.email,
        bell: input.bell ?? current.bell,
        sms: input.sms ?? current.sms,
      });
      return repo.settingsOf(ctx.actor.id);
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
