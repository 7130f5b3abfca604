import {
  and,
  desc,
  eq,
  gte,
  isNull,
  ne,
  or,
  smsInbound,
  smsMessages,
  smsSubscriptions,
  sql,
  count,
  type Db,
  type SmsEncoding,
  type SmsKind,
  type SmsState,
} from '@filaha/db';

/** An SMS to store before it is sent (state 'queued'). */
export interface NewSms {
  userId: number | null;
  phone: string;
  kind: SmsKind;
  language: 'ar' | 'fr';
  text: string;
  encoding: SmsEncoding;
  segments: number;
  alertId?: number | null;
}

export type SmsRow = typeof smsMessages.$inferSelect;
export type SubscriptionRow = typeof smsSubscriptions.$inferSelect;

/** Opted in: verified and not opted out since. */
export function isActive(row: SubscriptionRow | undefined): row is SubscriptionRow & { verifiedAt: Date } {
  return Boolean(row?.verifiedAt) && row?.optedOutAt === null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Algeria keeps UTC+1 all year (no summer time): its day starts at 23:00 UTC. */
const ALGERIA_OFFSET_MS = HOUR_MS;

/** The start of Algeria's current day. */
export function algeriaDayStart(now: Date = new Date()): Date {
  const local = now.getTime() + ALGERIA_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - ALGERIA_OFFSET_MS);
}

export function createSmsRepository(db: Db) {
  /** Alert SMS of the user sent today (Algeria's day) or being sent, the message `exceptId` left out. */
  async function alertsSentToday(userId: number, exceptId = 0): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.userId, userId),
          eq(smsMessages.kind, 'alert'),
          ne(smsMessages.id, exceptId),
          or(eq(smsMessages.state, 'sending'), gte(smsMessages.sentAt, algeriaDayStart())),
        ),
      );
    return row!.n;
  }

  return {
    alertsSentToday,

    async subscription(userId: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(smsSubscriptions).where(eq(smsSubscriptions.userId, userId));
      return row;
    },

    /**
     * Records a new code for this phone (its hash, expiry, no tries yet). A different phone than the one verified
     * is not verified until its code is.
     */
    async newCode(userId: number, phone: string, codeHash: string, expiresAt: Date): Promise<void> {
      await db
        .insert(smsSubscriptions)
        .values({ userId, phone, codeHash, codeExpiresAt: expiresAt, codeAttempts: 0 })
        .onConflictDoUpdate({
          target: smsSubscriptions.userId,
          set: {
            verifiedAt: sql`CASE WHEN ${smsSubscriptions.phone} = ${phone} THEN ${smsSubscriptions.verifiedAt} END`,
            phone,
            codeHash,
            codeExpiresAt: expiresAt,
            codeAttempts: 0,
            updatedAt: sql`now()`,
          },
        });
    },

    /** Counts one try of the code; undefined when the tries are used up (or there is no code). */
    async takeAttempt(userId: number, maxAttempts: number): Promise<number | undefined> {
      const [row] = await db
        .update(smsSubscriptions)
        .set({ codeAttempts: sql`${smsSubscriptions.codeAttempts} + 1` })
        .where(
          and(
            eq(smsSubscriptions.userId, userId),
            sql`${smsSubscriptions.codeHash} IS NOT NULL`,
            sql`${smsSubscriptions.codeAttempts} < ${maxAttempts}`,
          ),
        )
        .returning({ attempts: smsSubscriptions.codeAttempts });
      return row?.attempts;
    },

    /** The code matched: opted in (again), the code used up. */
    async verified(userId: number, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(smsSubscriptions)
        .set({
          verifiedAt: sql`now()`,
          optedOutAt: null,
          optedOutBy: null,
          codeHash: null,
          codeExpiresAt: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(smsSubscriptions.userId, userId), eq(smsSubscriptions.codeHash, codeHash)))
        .returning({ userId: smsSubscriptions.userId });
      return rows.length === 1;
    },

    async optOut(userId: number, by: 'farmer' | 'sms'): Promise<void> {
      await db
        .update(smsSubscriptions)
        .set({ optedOutAt: sql`now()`, optedOutBy: by, codeHash: null, codeExpiresAt: null, updatedAt: sql`now()` })
        .where(and(eq(smsSubscriptions.userId, userId), isNull(smsSubscriptions.optedOutAt)));
    },

    /** Opts out every subscription of this phone (an incoming "STOP"); the users concerned. */
    async optOutPhone(phone: string): Promise<number[]> {
      const rows = await db
        .update(smsSubscriptions)
        .set({ optedOutAt: sql`now()`, optedOutBy: 'sms', codeHash: null, codeExpiresAt: null, updatedAt: sql`now()` })
        .where(and(eq(smsSubscriptions.phone, phone), isNull(smsSubscriptions.optedOutAt)))
        .returning({ userId: smsSubscriptions.userId });
      return rows.map((r) => r.userId);
    },

    async recordInbound(phone: string, text: string, action: 'stop' | 'none'): Promise<void> {
      await db.insert(smsInbound).values({ phone, text: text.slice(0, 1000), action });
    },

    /** Verification codes sent to this user since `since`, oldest first (their creation times). */
    async codesSince(userId: number, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: smsMessages.createdAt })
        .from(smsMessages)
        .where(
          and(eq(smsMessages.userId, userId), eq(smsMessages.kind, 'verification'), gte(smsMessages.createdAt, since)),
        )
        .orderBy(smsMessages.createdAt);
      return rows.map((r) => r.at);
    },

    async codesToPhoneSince(phone: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(smsMessages)
        .where(
          and(eq(smsMessages.phone, phone), eq(smsMessages.kind, 'verification'), gte(smsMessages.createdAt, since)),
        );
      return row!.n;
    },

    /** Stores an SMS to send; an alert's SMS once (its id when stored now, undefined when it existed). */
    async store(message: NewSms): Promise<number | undefined> {
      const [row] = await db
        .insert(smsMessages)
        .values({ ...message, alertId: message.alertId ?? null })
        .onConflictDoNothing()
        .returning({ id: smsMessages.id });
      return row?.id;
    },

    async byAlert(alertId: number): Promise<{ id: number; state: SmsState } | undefined> {
      const [row] = await db
        .select({ id: smsMessages.id, state: smsMessages.state })
        .from(smsMessages)
        .where(eq(smsMessages.alertId, alertId));
      return row;
    },

    async message(id: number): Promise<SmsRow | undefined> {
      const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id));
      return row;
    },

    latest(limit: number): Promise<SmsRow[]> {
      return db.select().from(smsMessages).orderBy(desc(smsMessages.createdAt), desc(smsMessages.id)).limit(limit);
    },
  };
}

export type SmsRepository = ReturnType<typeof createSmsRepository>;
