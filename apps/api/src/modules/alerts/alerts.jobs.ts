import type { AlertDetails, AlertRule, Database, PolygonGeometry } from '@filaha/db';
import { CROP_WATER_PROFILES, stageOn, type AlertRuleConfig } from '@filaha/shared';
import type { Mailer } from '../../lib/mailer.ts';
import { splitSms } from '../../lib/sms/index.ts';
import { seriesBasis } from '../season/public.ts';
import { createSmsRepository, isActive } from '../sms/public.ts';
import { waterOfParcel } from '../water/public.ts';
import { composeAlertEmail } from './alerts.email.ts';
import { createAlertJobsRepository, type AlertJobsRepository } from './alerts.repository.ts';
import { composeAlertSms } from './alerts.sms.ts';
import {
  balanceShort,
  dropFires,
  emailWanted,
  likelyHarvest,
  partialDropFires,
  smsWanted,
  waterStressFires,
} from './alerts.rules.ts';

/**
 * The work the job queue runs for alerts (issue 15 §3): evaluate a parcel's rules for one acquisition from the
 * stored season points, and send one alert's e-mail. Both are safe to run twice, or at once on two workers:
 * an alert is stored once per parcel × rule × scene (unique index, ON CONFLICT DO NOTHING) and an e-mail is
 * claimed in the database before it is sent.
 */

/** One acquisition of a parcel, by scene (the `change` engine compares two of them pixel by pixel). */
export interface AlertScene {
  sceneId: string;
  date: string;
}

/**
 * What the evaluation needs from the imagery engine. Everything is optional: without it the rules read the
 * stored points of the newest basis, and PARTIAL_DROP (pixel-wise) is not evaluated.
 */
export interface AlertEngine {
  /** The deployment's minimum valid fraction, cloud buffer and masked SCL classes: the points' basis. */
  minValidFraction?: number;
  cloudBufferM?: number;
  maskClasses?: ReadonlyArray<number>;
  /**
   * The share (0–1) of the parcel's pixels valid on both acquisitions whose index fell by more than
   * `threshold` from `earlier` to `later`; null when the two have no valid pixel in common.
   */
  fallenShare?(input: {
    geometry: PolygonGeometry;
    index: string;
    earlier: AlertScene;
    later: AlertScene;
    threshold: number;
  }): Promise<number | null>;
}

/**
 * NEW_IMAGE fires for acquisitions of the last 16 days only (Sentinel-2 L2A is published within about a day and
 * the catalog is polled every few hours, so a new image is always within it; older ones are a backfill).
 */
export const NEW_IMAGE_MAX_AGE_DAYS = 16;
const DAY_MS = 86_400_000;

export interface EvaluateDeps {
  database: Database;
  engine?: AlertEngine;
}

interface Fired {
  rule: AlertRule;
  index: string;
  date: string;
  details: AlertDetails;
}

async function evaluateRule(
  db: Database['db'],
  repo: AlertJobsRepository,
  engine: AlertEngine | undefined,
  parcel: { id: number; geom: PolygonGeometry },
  rule: AlertRuleConfig,
  sceneId: string,
  basis: string | undefined,
): Promise<Fired | undefined> {
  const point = await repo.pointFor(parcel.id, rule.index, sceneId, basis);
  // Not computed yet, or clouded / outside coverage: nothing to say about this acquisition.
  if (!point || point.status !== 'point') return undefined;
  const base = { rule: rule.rule, index: rule.index, date: point.date };
  switch (rule.rule) {
    case 'NEW_IMAGE':
      // A stored 'point' is an acquisition whose valid fraction reached the deployment's minimum. Only a recent
      // one is news: computing a parcel's past season (a new parcel, the demo catalog) says nothing per image.
      if (Date.parse(`${point.date}T00:00:00Z`) < Date.now() - NEW_IMAGE_MAX_AGE_DAYS * DAY_MS) return undefined;
      return { ...base, details: { value: point.validFraction, threshold: null, validFraction: point.validFraction } };
    case 'WATER_STRESS': {
      if (point.median === null || rule.threshold === null) return undefined;
      // The same acquisition's NDVI, when stored (the plan holds NDVI), tells a canopy from bare ground.
      const ndvi = rule.index === 'NDVI' ? undefined : await repo.pointFor(parcel.id, 'NDVI', sceneId, basis);
      const ndviMedian = ndvi?.status === 'point' ? ndvi.median : null;
      if (!waterStressFires(point.median, rule.threshold, ndviMedian)) return undefined;
      // The moisture index agrees; the root zone's balance that day must too, when it can be run (issue 31 §3).
      const day = (await waterOfParcel(db, parcel.id, point.date))?.day ?? null;
      const balance = day ? { depletion: day.depletion, raw: day.raw } : null;
      if (balanceShort(balance) === false) return undefined;
      return {
        ...base,
        details: {
          value: point.median,
          threshold: rule.threshold,
          validFraction: point.validFraction,
          depletion: balance?.depletion ?? null,
          raw: balance?.raw ?? null,
        },
      };
    }
    case 'DROP': {
      if (point.mean === null || rule.threshold === null) return undefined;
      const before = await repo.previousPoint(parcel.id, rule.index, point);
      if (!before || before.mean === null) return undefined;
      if (!dropFires(before.mean, point.mean, rule.threshold)) return undefined;
      return {
        ...base,
        details: {
          value: point.mean,
          previous: before.mean,
          previousDate: before.date,
          previousSceneId: before.sceneId,
          threshold: rule.threshold,
          validFraction: point.validFraction,
          likelyHarvest: await harvestLikely(db, repo, parcel.id, rule.index, point, before.mean),
        },
      };
    }
    case 'PARTIAL_DROP': {
      if (!engine?.fallenShare || rule.threshold === null || rule.share === null) return undefined;
      const before = await repo.previousPoint(parcel.id, rule.index, point);
      if (!before) return undefined;
      const fallen = await engine.fallenShare({
        geometry: parcel.geom,
        index: rule.index,
        earlier: { sceneId: before.sceneId, date: before.date },
        later: { sceneId: point.sceneId, date: point.date },
        threshold: rule.threshold,
      });
      if (fallen === null) return undefined;
      return partialDropFires(fallen, rule.share)
        ? {
            ...base,
            details: {
              value: fallen,
              share: rule.share,
              threshold: rule.threshold,
              previousDate: before.date,
              previousSceneId: before.sceneId,
              validFraction: point.validFraction,
            },
          }
        : undefined;
    }
  }
}

/**
 * A drop at the crop's harvest time (issue 31 §3): the season's crop and sowing date (modules/water) put the day in
 * its late stage or past its harvest, and the point before the drop stood near the season's peak.
 */
async function harvestLikely(
  db: Database['db'],
  repo: AlertJobsRepository,
  parcelId: number,
  index: string,
  point: { date: string; basis: string },
  previousMean: number,
): Promise<boolean> {
  const settings = (await waterOfParcel(db, parcelId, point.date))?.settings;
  const crop = settings?.crop ?? null;
  const profile = crop ? CROP_WATER_PROFILES[crop] : undefined;
  if (!crop || !profile || !settings?.sowingDate || profile.perennialStart) return false;
  const stage = stageOn(crop, point.date, settings.sowingDate);
  const harvested = stage === null && point.date > settings.sowingDate;
  const peak = await repo.seasonPeak(parcelId, index, point.basis, settings.sowingDate, point.date);
  return likelyHarvest(stage?.stage ?? null, harvested, previousMean, peak);
}

/**
 * Evaluates every enabled rule of the parcel for one acquisition from the stored season points (and the
 * engine for PARTIAL_DROP), stores the alerts that fire and returns the ids created by THIS call (empty when
 * they existed already, or when nothing fired). A parcel that no longer exists gives [].
 */
export async function evaluateParcelAlerts(
  deps: EvaluateDeps,
  input: { parcelId: number; sceneId: string },
): Promise<number[]> {
  const repo = createAlertJobsRepository(deps.database.db);
  const parcel = await repo.parcel(input.parcelId);
  if (!parcel) return [];
  const engine = deps.engine;
  const basis =
    engine?.minValidFraction === undefined
      ? undefined
      : seriesBasis(parcel.geom, { ...engine, minValidFraction: engine.minValidFraction });
  const rules = (await repo.rulesOf(parcel.id)).filter((r) => r.enabled);
  const fired: Fired[] = [];
  for (const rule of rules) {
    const hit = await evaluateRule(deps.database.db, repo, engine, parcel, rule, input.sceneId, basis);
    if (hit) fired.push(hit);
  }
  if (fired.length === 0) return [];
  return repo.insertAlerts(
    fired.map((f) => ({
      userId: parcel.userId,
      parcelId: parcel.id,
      rule: f.rule,
      sceneId: input.sceneId,
      date: f.date,
      indexCode: f.index,
      details: f.details,
    })),
  );
}

export interface SendDeps {
  database: Database;
  mailer: Mailer;
  /** Where the e-mail's links point (PUBLIC_URL); without it, http://localhost:8080. */
  publicUrl?: string;
}

/** A claim older than this is taken to be from a worker that died mid-send, and may be taken again. */
export const EMAIL_CLAIM_MINUTES = 15;

/**
 * Sends one alert's e-mail in the user's language unless their settings say no, and records it: 'sent',
 * 'skipped' (e-mail off for this rule, or the alert is gone), 'already' (sent or skipped before, or being sent
 * by another worker right now). A failed send puts the alert back to 'pending' and throws, so the job retries.
 */
export async function sendAlertEmail(deps: SendDeps, alertId: number): Promise<'sent' | 'skipped' | 'already'> {
  const repo = createAlertJobsRepository(deps.database.db);
  const alert = await repo.claimEmail(alertId, EMAIL_CLAIM_MINUTES);
  if (!alert) return (await repo.emailState(alertId)) === undefined ? 'skipped' : 'already';

  const settings = await repo.settingsOf(alert.userId);
  if (!emailWanted(settings, alert.rule)) {
    await repo.settleEmail(alertId, 'skipped');
    return 'skipped';
  }
  const owner = await repo.recipient(alert.userId, alert.parcelId);
  if (!owner) {
    await repo.settleEmail(alertId, 'skipped');
    return 'skipped';
  }
  const message = composeAlertEmail({
    language: settings.language,
    publicUrl: deps.publicUrl ?? 'http://localhost:8080',
    userName: owner.userName,
    parcelName: owner.parcelName,
    parcelId: alert.parcelId,
    indexId: await repo.indexId(alert.indexCode),
    rule: alert.rule,
    indexCode: alert.indexCode,
    date: alert.date,
    details: alert.details,
  });
  try {
    await deps.mailer.send({ to: owner.email, ...message });
  } catch (error) {
    await repo.settleEmail(alertId, 'pending');
    throw error;
  }
  await repo.settleEmail(alertId, 'sent');
  return 'sent';
}

/**
 * Stores the alert's SMS when the farmer chose SMS for this kind and their phone is verified and opted in (issue 31
 * §4), once per alert (sms_messages.alert_id is unique). Answers the message's id while it still waits to be sent
 * (stored now, or by an earlier attempt of this job: the caller queues its sms-send job, a singleton per message),
 * undefined when there is no SMS to send. The cap and the opt-out are checked again when it is sent.
 */
export async function prepareAlertSms(deps: { database: Database }, alertId: number): Promise<number | undefined> {
  const { db } = deps.database;
  const sms = createSmsRepository(db);
  const existing = await sms.byAlert(alertId);
  if (existing) return existing.state === 'queued' ? existing.id : undefined;
  const repo = createAlertJobsRepository(db);
  const alert = await repo.alert(alertId);
  if (!alert) return undefined;
  const settings = await repo.settingsOf(alert.userId);
  if (!smsWanted(settings, alert.rule)) return undefined;
  const subscription = await sms.subscription(alert.userId);
  if (!isActive(subscription)) return undefined;
  const text = composeAlertSms({
    language: settings.language,
    rule: alert.rule,
    parcelName: alert.parcelName,
    indexCode: alert.indexCode,
    date: alert.date,
    details: alert.details,
  });
  const { encoding, parts } = splitSms(text);
  const id = await sms.store({
    userId: alert.userId,
    phone: subscription.phone,
    kind: 'alert',
    language: settings.language,
    text,
    encoding,
    segments: parts.length,
    alertId,
  });
  if (id !== undefined) return id;
  const raced = await sms.byAlert(alertId);
  return raced?.state === 'queued' ? raced.id : undefined;
}
