import {
  ALERT_BELL_DEFAULTS,
  ALERT_EMAIL_DEFAULTS,
  ALERT_RULE_DEFAULTS,
  ALERT_RULE_NAMES,
  type AlertRuleConfig,
  type AlertRuleName,
  type AlertSettings,
  ALERT_SMS_DEFAULTS,
} from '@filaha/shared';
import {
  alertRules,
  alerts,
  alertSettings,
  and,
  asc,
  count,
  desc,
  eq,
  indices,
  inArray,
  isNull,
  lt,
  parcels,
  seriesPoints,
  sql,
  users,
  type AlertDetails,
  type AlertEmailState,
  type AlertRule,
  type Db,
  type PolygonGeometry,
  type SQL,
  heldByFarmer,
} from '@filaha/db';

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
  if (!row)
    return {
      language: 'ar',
      bell: { ...ALERT_BELL_DEFAULTS },
      email: { ...ALERT_EMAIL_DEFAULTS },
      sms: { ...ALERT_SMS_DEFAULTS },
    };
  return {
    language: row.language,
    bell: {
      NEW_IMAGE: row.bellNewImage,
      DROP: row.bellDrop,
      WATER_STRESS: row.bellWaterStress,
      PARTIAL_DROP: row.bellPartialDrop,
    },
    email: {
      NEW_IMAGE: row.emailNewImage,
      DROP: row.emailDrop,
      WATER_STRESS: row.emailWaterStress,
      PARTIAL_DROP: row.emailPartialDrop,
    },
    sms: {
      NEW_IMAGE: row.smsNewImage,
      DROP: row.smsDrop,
      WATER_STRESS: row.smsWaterStress,
      PARTIAL_DROP: row.smsPartialDrop,
    },
  };
}

/** The rules whose alerts ring the user's bell (the notification centre lists and counts only those). */
async function bellRules(db: Db, userId: number): Promise<AlertRuleName[]> {
  const { bell } = await settingsOf(db, userId);
  return ALERT_RULE_NAMES.filter((rule) => bell[rule]);
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
      const rules = await bellRules(db, userId);
      if (rules.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(alerts)
        .where(and(eq(alerts.userId, userId), isNull(alerts.readAt), inArray(alerts.rule, rules)));
      return row!.n;
    },

    async parcelOwner(parcelId: number): Promise<{ id: number; userId: number } | undefined> {
      const [parcel] = await db
        .select({ id: parcels.id, userId: parcels.userId })
        .from(parcels)
        .where(eq(parcels.id, parcelId));
      return heldByFarmer(parcel);
    },

    /** Records the app's language for the e-mails on a user's first visit (kept afterwards). */
    async rememberLanguage(userId: number, language: AlertSettings['language']): Promise<void> {
      await db.insert(alertSettings).values({ userId, language }).onConflictDoNothing();
    },

    /** A user's alerts of the kinds their bell shows, newest first, with their parcel's name. */
    async latest(userId: number, limit: number) {
      const rules = await bellRules(db, userId);
      if (rules.length === 0) return [];
      return db
        .select({ alert: alerts, parcelName: parcels.name })
        .from(alerts)
        .innerJoin(parcels, eq(parcels.id, alerts.parcelId))
        .where(and(eq(alerts.userId, userId), inArray(alerts.rule, rules)))
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
        bellNewImage: settings.bell.NEW_IMAGE,
        bellDrop: settings.bell.DROP,
        bellWaterStress: settings.bell.WATER_STRESS,
        bellPartialDrop: settings.bell.PARTIAL_DROP,
        smsNewImage: settings.sms.NEW_IMAGE,
        smsDrop: settings.sms.DROP,
        smsWaterStress: settings.sms.WATER_STRESS,
        smsPartialDrop: settings.sms.PARTIAL_DROP,
      };
      await db
        .insert(alertSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: alertSettings.userId, set: { ...values, updatedAt: sql`now()` } });
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

/** One stored season point, as the rules read it. */
export interface PointRow {
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

/** An alert to store (its e-mail 'pending'). */
export interface NewAlert {
  userId: number;
  parcelId: number;
  rule: AlertRule;
  sceneId: string;
  date: string;
  indexCode: string;
  details: AlertDetails;
}

/**
 * The background jobs' reads and writes (alerts.jobs.ts, jobs/alerts-hooks.ts): the points the rules evaluate,
 * the alerts stored once per parcel × rule × scene, and the e-mail claim each alert goes through.
 */
export function createAlertJobsRepository(db: Db) {
  /** The first stored point of the parcel × index matching `where`, in `orderBy` order. */
  async function firstPoint(
    parcelId: number,
    index: string,
    where: Array<SQL | undefined>,
    orderBy: SQL[],
  ): Promise<PointRow | undefined> {
    const [row] = await db
      .select()
      .from(seriesPoints)
      .where(and(eq(seriesPoints.parcelId, parcelId), eq(seriesPoints.indexCode, index), ...where))
      .orderBy(...orderBy)
      .limit(1);
    return row && pointOf(row);
  }

  return {
    rulesOf: (parcelId: number) => rulesOf(db, parcelId),
    settingsOf: (userId: number) => settingsOf(db, userId),

    async parcel(parcelId: number): Promise<{ id: number; userId: number; geom: PolygonGeometry } | undefined> {
      const [parcel] = await db
        .select({ id: parcels.id, userId: parcels.userId, geom: parcels.geom })
        .from(parcels)
        .where(eq(parcels.id, parcelId));
      return heldByFarmer(parcel);
    },

    /** This scene's stored row for the parcel × index, in `basis` (any basis, the newest row, when undefined). */
    pointFor: (parcelId: number, index: string, sceneId: string, basis: string | undefined) =>
      firstPoint(
        parcelId,
        index,
        [eq(seriesPoints.sceneId, sceneId), basis === undefined ? undefined : eq(seriesPoints.basis, basis)],
        [desc(seriesPoints.createdAt), desc(seriesPoints.id)],
      ),

    /** The last clear acquisition before `point` (an earlier day) in the same basis. */
    previousPoint: (parcelId: number, index: string, point: Pick<PointRow, 'basis' | 'date'>) =>
      firstPoint(
        parcelId,
        index,
        [eq(seriesPoints.basis, point.basis), eq(seriesPoints.status, 'point'), lt(seriesPoints.date, point.date)],
        [desc(seriesPoints.date), asc(seriesPoints.sceneId)],
      ),

    /** The highest mean of the parcel × index's clear points in `basis` from `from` to `to` (inclusive); null if none. */
    async seasonPeak(parcelId: number, index: string, basis: string, from: string, to: string): Promise<number | null> {
      const { rows } = await db.execute<{ peak: number | null }>(sql`
        SELECT max((stats->>'mean')::float8) AS peak FROM series_points
         WHERE parcel_id = ${parcelId} AND index_code = ${index} AND basis = ${basis} AND status = 'point'
           AND date BETWEEN ${from}::date AND ${to}::date`);
      const peak = rows[0]?.peak;
      return peak === null || peak === undefined ? null : Number(peak);
    },

    /** Stores the alerts (an existing parcel × rule × scene is left alone); the ids created, ascending. */
    async insertAlerts(rows: NewAlert[]): Promise<number[]> {
      const created = await db.insert(alerts).values(rows).onConflictDoNothing().returning({ id: alerts.id });
      return created.map((r) => r.id).sort((a, b) => a - b);
    },

    /**
     * Claims the alert's e-mail ('pending', or 'sending' for longer than `staleMinutes`: a dead worker's) and
     * returns the alert; undefined when it is not to be claimed (or gone).
     */
    async claimEmail(alertId: number, staleMinutes: number) {
      const [alert] = await db
        .update(alerts)
        .set({ emailState: 'sending', emailAt: sql`now()` })
        .where(
          and(
            eq(alerts.id, alertId),
            sql`(${alerts.emailState} = 'pending' OR (${alerts.emailState} = 'sending' AND ${alerts.emailAt} < now() - make_interval(mins => ${staleMinutes})))`,
          ),
        )
        .returning();
      return alert;
    },

    /** Records how the claimed e-mail ended ('pending' again: to be retried). */
    async settleEmail(alertId: number, state: 'sent' | 'skipped' | 'pending'): Promise<void> {
      await db
        .update(alerts)
        .set({ emailState: state, emailAt: state === 'pending' ? null : sql`now()` })
        .where(eq(alerts.id, alertId));
    },

    /**
     * Puts back to 'pending' an e-mail claimed ('sending') more than `olderThanSeconds` ago: no attempt lives that
     * long, so the claim is a dead worker's.
     */
    async releaseStaleClaim(alertId: number, olderThanSeconds: number): Promise<void> {
      await db
        .update(alerts)
        .set({ emailState: 'pending', emailAt: null })
        .where(
          and(
            eq(alerts.id, alertId),
            eq(alerts.emailState, 'sending'),
            sql`${alerts.emailAt} < now() - make_interval(secs => ${olderThanSeconds})`,
          ),
        );
    },

    /** The alert's e-mail state; undefined when the alert is gone. */
    async emailState(alertId: number): Promise<AlertEmailState | undefined> {
      const [row] = await db.select({ state: alerts.emailState }).from(alerts).where(eq(alerts.id, alertId));
      return row?.state;
    },

    /** The alerts of this parcel × scene whose e-mail is still pending. */
    async pendingEmails(parcelId: number, sceneId: string): Promise<number[]> {
      const rows = await db
        .select({ id: alerts.id })
        .from(alerts)
        .where(and(eq(alerts.parcelId, parcelId), eq(alerts.sceneId, sceneId), eq(alerts.emailState, 'pending')));
      return rows.map((r) => r.id);
    },

    /** Where the alert's e-mail goes and the names it shows (undefined when the user or parcel is gone). */
    async recipient(userId: number, parcelId: number) {
      const [owner] = await db
        .select({ email: users.email, userName: users.userName, parcelName: parcels.name })
        .from(users)
        .innerJoin(parcels, eq(parcels.id, parcelId))
        .where(eq(users.id, userId));
      return owner;
    },

    /** One alert with its parcel's name (undefined when either is gone). */
    async alert(alertId: number) {
      const [row] = await db
        .select({ alert: alerts, parcelName: parcels.name })
        .from(alerts)
        .innerJoin(parcels, eq(parcels.id, alerts.parcelId))
        .where(eq(alerts.id, alertId));
      return row && { ...row.alert, parcelName: row.parcelName };
    },

    /** The id of the index with this code (the e-mail links to its curve); null when there is none. */
    async indexId(code: string): Promise<number | null> {
      const [index] = await db.select({ id: indices.id }).from(indices).where(eq(indices.code, code));
      return index?.id ?? null;
    },
  };
}

export type AlertJobsRepository = ReturnType<typeof createAlertJobsRepository>;
