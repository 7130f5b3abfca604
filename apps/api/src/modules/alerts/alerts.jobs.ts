import type { Database, Db, PolygonGeometry } from '@filaha/db';
import {
  alerts,
  and,
  asc,
  desc,
  eq,
  indices,
  lt,
  parcels,
  seriesPoints,
  sql,
  users,
  type AlertDetails,
  type AlertRule,
} from '@filaha/db';
import type { AlertRuleConfig } from '@filaha/shared';
import type { Mailer } from '../../lib/mailer.ts';
import { seriesBasis } from '../images/public.ts';
import { composeAlertEmail } from './alerts.email.ts';
import { rulesOf, settingsOf } from './alerts.repository.ts';
import { dropFires, emailWanted, partialDropFires, waterStressFires } from './alerts.rules.ts';

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
  /** The deployment's minimum valid fraction and cloud buffer: with them the points' basis is recomputed. */
  minValidFraction?: number;
  cloudBufferM?: number;
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

interface PointRow {
  sceneId: string;
  date: string;
  basis: string;
  status: string;
  mean: number | null;
  median: number | null;
  validFraction: number | null;
}

function pointOf(row: typeof seriesPoints.$inferSelect): PointRow {
  return {
    sceneId: row.sceneId,
    date: row.date,
    basis: row.basis,
    status: row.status,
    mean: row.stats?.mean ?? null,
    median: row.stats?.median ?? null,
    validFraction: row.validFraction,
  };
}

/** This scene's stored row for the parcel × index, in the basis in force (see AlertEngine). */
async function pointFor(
  db: Db,
  parcelId: number,
  index: string,
  sceneId: string,
  basis: string | undefined,
): Promise<PointRow | undefined> {
  const [row] = await db
    .select()
    .from(seriesPoints)
    .where(
      and(
        eq(seriesPoints.parcelId, parcelId),
        eq(seriesPoints.indexCode, index),
        eq(seriesPoints.sceneId, sceneId),
        basis === undefined ? undefined : eq(seriesPoints.basis, basis),
      ),
    )
    .orderBy(desc(seriesPoints.createdAt), desc(seriesPoints.id))
    .limit(1);
  return row && pointOf(row);
}

/** The last clear acquisition before `point` (an earlier day) in the same basis. */
async function previousPoint(db: Db, parcelId: number, index: string, point: PointRow): Promise<PointRow | undefined> {
  const [row] = await db
    .select()
    .from(seriesPoints)
    .where(
      and(
        eq(seriesPoints.parcelId, parcelId),
        eq(seriesPoints.indexCode, index),
        eq(seriesPoints.basis, point.basis),
        eq(seriesPoints.status, 'point'),
        lt(seriesPoints.date, point.date),
      ),
    )
    .orderBy(desc(seriesPoints.date), asc(seriesPoints.sceneId))
    .limit(1);
  return row && pointOf(row);
}

interface Fired {
  rule: AlertRule;
  index: string;
  date: string;
  details: AlertDetails;
}

async function evaluateRule(
  db: Db,
  engine: AlertEngine | undefined,
  parcel: { id: number; geom: PolygonGeometry },
  rule: AlertRuleConfig,
  sceneId: string,
  basis: string | undefined,
): Promise<Fired | undefined> {
  const point = await pointFor(db, parcel.id, rule.index, sceneId, basis);
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
      const ndvi = rule.index === 'NDVI' ? undefined : await pointFor(db, parcel.id, 'NDVI', sceneId, basis);
      const ndviMedian = ndvi?.status === 'point' ? ndvi.median : null;
      return waterStressFires(point.median, rule.threshold, ndviMedian)
        ? { ...base, details: { value: point.median, threshold: rule.threshold, validFraction: point.validFraction } }
        : undefined;
    }
    case 'DROP': {
      if (point.mean === null || rule.threshold === null) return undefined;
      const before = await previousPoint(db, parcel.id, rule.index, point);
      if (!before || before.mean === null) return undefined;
      return dropFires(before.mean, point.mean, rule.threshold)
        ? {
            ...base,
            details: {
              value: point.mean,
              previous: before.mean,
              previousDate: before.date,
              previousSceneId: before.sceneId,
              threshold: rule.threshold,
              validFraction: point.validFraction,
            },
          }
        : undefined;
    }
    case 'PARTIAL_DROP': {
      if (!engine?.fallenShare || rule.threshold === null || rule.share === null) return undefined;
      const before = await previousPoint(db, parcel.id, rule.index, point);
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
 * Evaluates every enabled rule of the parcel for one acquisition from the stored season points (and the
 * engine for PARTIAL_DROP), stores the alerts that fire and returns the ids created by THIS call (empty when
 * they existed already, or when nothing fired). A parcel that no longer exists gives [].
 */
export async function evaluateParcelAlerts(
  deps: EvaluateDeps,
  input: { parcelId: number; sceneId: string },
): Promise<number[]> {
  const { db } = deps.database;
  const [parcel] = await db
    .select({ id: parcels.id, userId: parcels.userId, geom: parcels.geom })
    .from(parcels)
    .where(eq(parcels.id, input.parcelId));
  if (!parcel) return [];
  const engine = deps.engine;
  const basis =
    engine?.minValidFraction === undefined
      ? undefined
      : seriesBasis(parcel.geom, engine.minValidFraction, engine.cloudBufferM);
  const rules = (await rulesOf(db, parcel.id)).filter((r) => r.enabled);
  const fired: Fired[] = [];
  for (const rule of rules) {
    const hit = await evaluateRule(db, engine, parcel, rule, input.sceneId, basis);
    if (hit) fired.push(hit);
  }
  if (fired.length === 0) return [];
  const created = await db
    .insert(alerts)
    .values(
      fired.map((f) => ({
        userId: parcel.userId,
        parcelId: parcel.id,
        rule: f.rule,
        sceneId: input.sceneId,
        date: f.date,
        indexCode: f.index,
        details: f.details,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: alerts.id });
  return created.map((r) => r.id).sort((a, b) => a - b);
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
  const { db } = deps.database;
  const claimed = await db
    .update(alerts)
    .set({ emailState: 'sending', emailAt: sql`now()` })
    .where(
      and(
        eq(alerts.id, alertId),
        sql`(${alerts.emailState} = 'pending' OR (${alerts.emailState} = 'sending' AND ${alerts.emailAt} < now() - make_interval(mins => ${EMAIL_CLAIM_MINUTES})))`,
      ),
    )
    .returning();
  const alert = claimed[0];
  if (!alert) {
    const [exists] = await db.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, alertId));
    return exists ? 'already' : 'skipped';
  }
  const settle = (state: 'sent' | 'skipped' | 'pending') =>
    db
      .update(alerts)
      .set({ emailState: state, emailAt: state === 'pending' ? null : sql`now()` })
      .where(eq(alerts.id, alertId));

  const settings = await settingsOf(db, alert.userId);
  if (!emailWanted(settings, alert.rule)) {
    await settle('skipped');
    return 'skipped';
  }
  const [owner] = await db
    .select({ email: users.email, userName: users.userName, parcelName: parcels.name })
    .from(users)
    .innerJoin(parcels, eq(parcels.id, alert.parcelId))
    .where(eq(users.id, alert.userId));
  if (!owner) {
    await settle('skipped');
    return 'skipped';
  }
  const [index] = await db.select({ id: indices.id }).from(indices).where(eq(indices.code, alert.indexCode));
  const message = composeAlertEmail({
    language: settings.language,
    publicUrl: deps.publicUrl ?? 'http://localhost:8080',
    userName: owner.userName,
    parcelName: owner.parcelName,
    parcelId: alert.parcelId,
    indexId: index?.id ?? null,
    rule: alert.rule,
    indexCode: alert.indexCode,
    date: alert.date,
    details: alert.details,
  });
  try {
    await deps.mailer.send({ to: owner.email, ...message });
  } catch (error) {
    await settle('pending');
    throw error;
  }
  await settle('sent');
  return 'sent';
}
