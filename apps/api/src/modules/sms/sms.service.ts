import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_LIMITS, type SmsMessagesAnswer, type SmsSubscriptionAnswer } from '@filaha/shared';
import { afterCommit } from '@filaha/db';
import type { AuthedCtx } from '../../context.ts';
import { BadRequestError, RateLimitedError } from '../../core/errors.ts';
import { maskPhone, splitSms } from '../../lib/sms/index.ts';
import { isActive, type SmsRepository, type SubscriptionRow } from './sms.repository.ts';
import { verificationText } from './sms.texts.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface SmsServiceDeps {
  repo: SmsRepository;
  /** Keys the codes' hashes: the table alone does not give 6-digit codes away by brute force. */
  secret: string;
  /** Queues the sms-send job of a stored message. */
  enqueue(messageId: number): Promise<void>;
  now?: () => number;
}

/** The farmer's SMS opt-in (issue 31 §4) and the back office's list of SMS. */
export function createSmsService({ repo, secret, enqueue, now = Date.now }: SmsServiceDeps) {
  const hashCode = (userId: number, phone: string, code: string) =>
    createHmac('sha256', secret).update(`sms:${userId}:${phone}:${code}`).digest('hex');

  async function answer(userId: number, row?: SubscriptionRow): Promise<SmsSubscriptionAnswer> {
    const sub = row ?? (await repo.subscription(userId));
    const state: SmsSubscriptionAnswer['state'] = !sub
      ? 'none'
      : isActive(sub)
        ? 'active'
        : sub.codeHash === null && sub.optedOutAt !== null
          ? 'opted_out'
          : 'pending';
    return {
      state,
      phone: sub?.phone ?? null,
      verifiedAt: sub?.verifiedAt?.toISOString() ?? null,
      optedOutAt: sub?.optedOutAt?.toISOString() ?? null,
      optedOutBy: sub?.optedOutBy ?? null,
      codeExpiresAt: sub?.codeHash ? (sub.codeExpiresAt?.toISOString() ?? null) : null,
      dailyCap: SMS_LIMITS.dailyCap,
      sentToday: await repo.alertsSentToday(userId),
    };
  }

  return {
    state: (ctx: AuthedCtx) => answer(ctx.actor.id),

    /**
     * Sends a 6-digit code to the phone by SMS (in the request's language). At most SMS_LIMITS.codesPerHour codes a
     * rolling hour with SMS_LIMITS.codeIntervalSeconds between two, and SMS_LIMITS.codesPerPhonePerDay to one phone.
     */
    async requestCode(ctx: AuthedCtx, phone: string): Promise<SmsSubscriptionAnswer> {
      const userId = ctx.actor.id;
      const t = now();
      const recent = await repo.codesSince(userId, new Date(t - HOUR_MS));
      const last = recent.at(-1);
      if (last && t - last.getTime() < SMS_LIMITS.codeIntervalSeconds * 1000)
        throw new RateLimitedError((last.getTime() + SMS_LIMITS.codeIntervalSeconds * 1000 - t) / 1000);
      if (recent.length >= SMS_LIMITS.codesPerHour)
        throw new RateLimitedError((recent[0]!.getTime() + HOUR_MS - t) / 1000);
      if ((await repo.codesToPhoneSince(phone, new Date(t - DAY_MS))) >= SMS_LIMITS.codesPerPhonePerDay)
        throw new RateLimitedError(3600);

      const code = String(randomInt(0, 10 ** SMS_LIMITS.codeLength)).padStart(SMS_LIMITS.codeLength, '0');
      await repo.newCode(
        userId,
        phone,
        hashCode(userId, phone, code),
        new Date(t + SMS_LIMITS.codeTtlMinutes * 60_000),
      );
      const text = verificationText(code, ctx.lang);
      const { encoding, parts } = splitSms(text);
      const id = await repo.store({
        userId,
        phone,
        kind: 'verification',
        language: ctx.lang,
        text,
        encoding,
        segments: parts.length,
      });
      // Queued once the request's transaction (if any) has committed: the job must find the message.
      await afterCommit(() => enqueue(id!));
      return answer(userId);
    },

    async verify(ctx: AuthedCtx, code: string): Promise<SmsSubscriptionAnswer> {
      const userId = ctx.actor.id;
      const sub = await repo.subscription(userId);
      if (!sub?.codeHash || !sub.codeExpiresAt) throw new BadRequestError('PHONE_CODE_EXPIRED');
      if (sub.codeAttempts >= SMS_LIMITS.codeMaxAttempts) throw new BadRequestError('PHONE_CODE_LOCKED');
      if (sub.codeExpiresAt.getTime() <= now()) throw new BadRequestError('PHONE_CODE_EXPIRED');
      const attempt = await repo.takeAttempt(userId, SMS_LIMITS.codeMaxAttempts);
      if (attempt === undefined) throw new BadRequestError('PHONE_CODE_LOCKED');
      const expected = Buffer.from(sub.codeHash, 'hex');
      const given = Buffer.from(hashCode(userId, sub.phone, code), 'hex');
      if (!timingSafeEqual(expected, given))
        throw new BadRequestError(attempt >= SMS_LIMITS.codeMaxAttempts ? 'PHONE_CODE_LOCKED' : 'PHONE_CODE_INVALID');
      if (!(await repo.verified(userId, sub.codeHash))) throw new BadRequestError('PHONE_CODE_EXPIRED');
      return answer(userId);
    },

    async optOut(ctx: AuthedCtx): Promise<SmsSubscriptionAnswer> {
      await repo.optOut(ctx.actor.id, 'farmer');
      return answer(ctx.actor.id);
    },

    async messages(limit: number): Promise<SmsMessagesAnswer> {
      const rows = await repo.latest(limit);
      return {
        dailyCap: SMS_LIMITS.dailyCap,
        messages: rows.map((m) => ({
          id: m.id,
          userId: m.userId,
          phone: maskPhone(m.phone),
          kind: m.kind,
          language: m.language,
          // A code not sent yet is still in the stored text: never shown.
          text: m.kind === 'verification' ? m.text.replace(/\d{6}/g, '••••••') : m.text,
          encoding: m.encoding,
          segments: m.segments,
          state: m.state,
          smscIds: m.smscIds,
          receiptStatus: m.receiptStatus,
          receiptAt: m.receiptAt?.toISOString() ?? null,
          error: m.error,
          alertId: m.alertId,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
