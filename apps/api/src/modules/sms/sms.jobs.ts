import { and, eq, smsMessages, smsSubscriptions, sql, type Database, type SmsState } from '@filaha/db';
import { SMS_LIMITS } from '@filaha/shared';
import {
  SmsSendError,
  type SmsChannel,
  type SmsInboundHandler,
  type SmsIncoming,
  type SmsReceipt,
} from '../../lib/sms/index.ts';
import { createSmsRepository, isActive } from './sms.repository.ts';

/**
 * The SMS jobs (issue 31 §4): the sms-send job sends one stored message, once; the inbound handler stores the
 * delivery receipts and the incoming "STOP". docs/ARCHITECTURE.md "SMS".
 */

export interface SmsSendDeps {
  database: Database;
  sms: SmsChannel;
  /** JOB_TIMEOUT in seconds: no attempt lives longer, so an older 'sending' claim is a dead worker's. */
  jobTimeoutSeconds: number;
}

export type SmsSendOutcome = 'sent' | 'already' | 'gone' | 'refused_cap' | 'opted_out' | 'failed';

/** A claim that may still be alive: the job fails and is retried later (the other attempt finishes first). */
export class SmsBusyError extends Error {
  constructor(id: number) {
    super(`sms ${id}: being sent by another attempt`);
    this.name = 'SmsBusyError';
  }
}

const FINAL: ReadonlySet<SmsState> = new Set(['sent', 'delivered', 'failed', 'refused_cap', 'opted_out']);

/** A verification code in a stored text, once sent: the table keeps no usable code. */
const redactCode = (text: string) => text.replace(/\d{6}/g, '••••••');

type Claim = { claimed: true; to: string; text: string; kind: string } | { claimed: false; outcome: SmsSendOutcome };

/**
 * Sends one stored SMS at most once. In one transaction (the message and the farmer's subscription locked, so two
 * jobs of one farmer count the cap one after the other): a message already settled is left alone ('already'); an
 * alert's SMS to a phone no longer opted in is 'opted_out'; one past the daily cap is 'refused_cap'; otherwise it is
 * claimed ('sending'). Then it is sent and stored 'sent' with the SMSC's ids. A send that certainly left nothing
 * puts the message back to 'queued' and throws (the job is retried); one that may have reached the SMSC is
 * 'failed' and not sent again. A claim left by a dead worker (older than the job timeout) is 'failed' the same way:
 * whether it went out is unknown, and sending it again could deliver it twice.
 */
export async function sendStoredSms(deps: SmsSendDeps, messageId: number): Promise<SmsSendOutcome> {
  const { db } = deps.database;
  const claim = await db.transaction(async (tx): Promise<Claim> => {
    const [message] = await tx.select().from(smsMessages).where(eq(smsMessages.id, messageId)).for('update');
    if (!message) return { claimed: false, outcome: 'gone' };
    if (FINAL.has(message.state)) return { claimed: false, outcome: 'already' };
    const settle = async (state: SmsState, error: string | null = null) => {
      await tx.update(smsMessages).set({ state, error }).where(eq(smsMessages.id, messageId));
      return { claimed: false as const, outcome: state as SmsSendOutcome };
    };
    if (message.state === 'sending') {
      const age = Date.now() - (message.claimedAt?.getTime() ?? 0);
      if (age < deps.jobTimeoutSeconds * 1000) throw new SmsBusyError(messageId);
      return settle('failed', 'interrupted while sending: not sent again, so that it is never received twice');
    }
    if (message.userId !== null) {
      const [subscription] = await tx
        .select()
        .from(smsSubscriptions)
        .where(eq(smsSubscriptions.userId, message.userId))
        .for('update');
      if (message.kind === 'alert') {
        if (!isActive(subscription) || subscription.phone !== message.phone) return settle('opted_out');
        const sent = await createSmsRepository(tx).alertsSentToday(message.userId, message.id);
        if (sent >= SMS_LIMITS.dailyCap) return settle('refused_cap');
      }
    }
    await tx
      .update(smsMessages)
      .set({ state: 'sending', claimedAt: sql`now()` })
      .where(eq(smsMessages.id, messageId));
    return { claimed: true, to: message.phone, text: message.text, kind: message.kind };
  });
  if (!claim.claimed) return claim.outcome;

  const text = (kind: string) => (kind === 'verification' ? redactCode(claim.text) : claim.text);
  try {
    const sent = await deps.sms.send(claim.to, claim.text);
    await db
      .update(smsMessages)
      .set({
        state: 'sent',
        smscIds: sent.ids,
        encoding: sent.encoding,
        segments: sent.segments,
        sentAt: sql`now()`,
        error: null,
        text: text(claim.kind),
      })
      .where(and(eq(smsMessages.id, messageId), eq(smsMessages.state, 'sending')));
    return 'sent';
  } catch (error) {
    if (error instanceof SmsSendError && error.maybeSent) {
      await db
        .update(smsMessages)
        .set({
          state: 'failed',
          smscIds: error.accepted,
          error: error.message.slice(0, 300),
          sentAt: error.accepted.length > 0 ? sql`now()` : null,
          text: text(claim.kind),
        })
        .where(eq(smsMessages.id, messageId));
      return 'failed';
    }
    await db
      .update(smsMessages)
      .set({ state: 'queued', claimedAt: null, error: String((error as Error)?.message ?? error).slice(0, 300) })
      .where(eq(smsMessages.id, messageId));
    throw error;
  }
}

/** Receipt words that end a segment's life without delivery (SMPP 3.4 Appendix B). */
const UNDELIVERED = new Set(['UNDELIV', 'EXPIRED', 'REJECTD', 'DELETED']);

/**
 * "STOP" in the ways a farmer types it: stop / Stop / S T O P, توقف with or without diacritics or tatweel, and
 * "arret" / "arrêt". Case, spaces, punctuation, Arabic diacritics (harakat, U+064B–U+065F, U+0670) and tatweel
 * (U+0640) are ignored; Latin accents are folded.
 */
export function isStop(text: string): boolean {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\u200c-\u200f\u061c]/gu, '');
  return folded === 'stop' || folded === 'توقف' || folded === 'arret';
}

export interface InboundLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Where the channel's receipts and incoming texts go. A receipt for an id not stored (yet: it may arrive before the
 * send is recorded) throws, so the SMSC delivers it again later.
 */
export function smsInboundHandler(database: Database, log: InboundLog): SmsInboundHandler {
  const { db } = database;
  const repo = createSmsRepository(db);
  return {
    async receipt(receipt: SmsReceipt) {
      const found = await db.transaction(async (tx) => {
        const [message] = await tx
          .select()
          .from(smsMessages)
          .where(sql`${smsMessages.smscIds} @> ARRAY[${receipt.messageId}]::text[]`)
          .for('update');
        if (!message) return false;
        const receipts = { ...message.receipts, [receipt.messageId]: receipt.status };
        const statuses = message.smscIds.map((id) => receipts[id]);
        let state = message.state;
        if (statuses.some((s) => s !== undefined && UNDELIVERED.has(s))) state = 'failed';
        else if (statuses.every((s) => s === 'DELIVRD')) state = 'delivered';
        await tx
          .update(smsMessages)
          .set({
            receipts,
            receiptStatus:
              receipt.error && receipt.status !== 'DELIVRD'
                ? `${receipt.status} (err ${receipt.error})`
                : receipt.status,
            receiptAt: receipt.at,
            state,
          })
          .where(eq(smsMessages.id, message.id));
        return true;
      });
      if (!found) throw new Error(`delivery receipt for unknown SMSC id ${receipt.messageId}`);
    },
    async incoming(message: SmsIncoming) {
      const stop = isStop(message.text);
      await repo.recordInbound(message.from, message.text, stop ? 'stop' : 'none');
      if (!stop) return;
      const users = await repo.optOutPhone(message.from);
      log.info({ module: 'sms', users }, 'SMS STOP received: opted out');
    },
  };
}
