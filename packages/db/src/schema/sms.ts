import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { alerts } from './alerts.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/** SMS (issue 31 §4, migration 0029). */
export const SMS_KINDS = ['verification', 'alert'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];
export const SMS_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'refused_cap', 'opted_out'] as const;
export type SmsState = (typeof SMS_STATES)[number];
export type SmsEncoding = 'gsm7' | 'ucs2';

/**
 * A farmer's SMS opt-in: the phone (E.164), verified by a code kept as an HMAC; opted in while `verifiedAt` is set
 * and `optedOutAt` is not.
 */
export const smsSubscriptions = pgTable(
  'sms_subscriptions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, mode: 'date' }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true, mode: 'date' }),
    /** Who opted out: the farmer in the app, or an incoming "STOP" from the phone. */
    optedOutBy: text('opted_out_by').$type<'farmer' | 'sms'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sms_subscriptions_phone_idx').on(t.phone),
    check('sms_subscriptions_phone_check', sql`${t.phone} ~ '^\\+[1-9][0-9]{7,14}$'`),
  ],
);

/** Every SMS to send, stored before it is sent (the sms-send job sends a stored message once). */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    kind: text('kind').$type<SmsKind>().notNull(),
    language: text('language').$type<'ar' | 'fr'>().notNull(),
    text: text('text').notNull(),
    encoding: text('encoding').$type<SmsEncoding>().notNull(),
    segments: integer('segments').notNull(),
    state: text('state').$type<SmsState>().notNull().default('queued'),
    /** The SMSC's message id of each segment, in order (submit_sm_resp). */
    smscIds: text('smsc_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The delivery receipt's final status per segment id (DELIVRD, UNDELIV…). */
    receipts: jsonb('receipts').$type<Record<string, string>>().notNull().default({}),
    receiptStatus: text('receipt_status'),
    receiptAt: timestamp('receipt_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sms_messages_alert_idx').on(t.alertId),
    index('sms_messages_user_idx').on(t.userId, t.createdAt),
    index('sms_messages_created_idx').on(t.createdAt),
  ],
);

/** What phones sent us (a "STOP" unsubscribes the phone). */
export const smsInbound = pgTable('sms_inbound', {
  id: id(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  action: text('action').$type<'stop' | 'none'>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
