import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { parcels } from './parcels.ts';

/** The alert rules of issue 15 §3. */
export const ALERT_RULES = ['NEW_IMAGE', 'DROP', 'WATER_STRESS', 'PARTIAL_DROP'] as const;
export type AlertRule = (typeof ALERT_RULES)[number];
export type AlertEmailState = 'pending' | 'sending' | 'sent' | 'skipped';

/** What happened, as numbers: the value that fired, the one before it, the threshold in force. */
export interface AlertDetails {
  /** DROP: the index mean; WATER_STRESS: the NDMI median; PARTIAL_DROP: the share of the parcel that fell. */
  value: number | null;
  threshold: number | null;
  /** PARTIAL_DROP: the share that must fall. */
  share?: number | null;
  previous?: number | null;
  previousDate?: string | null;
  previousSceneId?: string | null;
  validFraction?: number | null;
  /** DROP: after the season's peak, in the crop's late stage or past its harvest (issue 31 §3): likely the harvest. */
  likelyHarvest?: boolean | null;
  /** WATER_STRESS: the root zone's depletion and readily available water that day (mm), when the balance is known. */
  depletion?: number | null;
  raw?: number | null;
}

/** A parcel's rule as the farmer saved it (migration 0014). No row: the rule's defaults. */
export const alertRules = pgTable(
  'alert_rules',
  {
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    rule: text('rule').$type<AlertRule>().notNull(),
    enabled: boolean('enabled').notNull(),
    indexCode: text('index_code').notNull(),
    threshold: doublePrecision('threshold'),
    share: doublePrecision('share'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'alert_rules_pk', columns: [t.parcelId, t.rule] }),
    check('alert_rules_rule_check', sql`${t.rule} IN ('NEW_IMAGE', 'DROP', 'WATER_STRESS', 'PARTIAL_DROP')`),
    check('alert_rules_share_check', sql`${t.share} IS NULL OR (${t.share} > 0 AND ${t.share} <= 1)`),
  ],
);

/** A user's notification settings: bell, e-mail and SMS per rule, and the language of e-mails and SMS. */
export const alertSettings = pgTable(
  'alert_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').$type<'ar' | 'fr'>().notNull().default('ar'),
    emailNewImage: boolean('email_new_image').notNull().default(false),
    emailDrop: boolean('email_drop').notNull().default(true),
    emailWaterStress: boolean('email_water_stress').notNull().default(true),
    emailPartialDrop: boolean('email_partial_drop').notNull().default(true),
    /** The bell (notification centre) per rule, on by default (migration 0029). */
    bellNewImage: boolean('bell_new_image').notNull().default(true),
    bellDrop: boolean('bell_drop').notNull().default(true),
    bellWaterStress: boolean('bell_water_stress').notNull().default(true),
    bellPartialDrop: boolean('bell_partial_drop').notNull().default(true),
    /** SMS per rule, off by default; sent only to a verified, opted-in phone (migration 0029). */
    smsNewImage: boolean('sms_new_image').notNull().default(false),
    smsDrop: boolean('sms_drop').notNull().default(false),
    smsWaterStress: boolean('sms_water_stress').notNull().default(false),
    smsPartialDrop: boolean('sms_partial_drop').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('alert_settings_language_check', sql`${t.language} IN ('ar', 'fr')`)],
);

/** One alert per parcel × rule × scene (the unique index makes evaluation idempotent). */
export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    rule: text('rule').$type<AlertRule>().notNull(),
    sceneId: text('scene_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    indexCode: text('index_code').notNull(),
    details: jsonb('details').$type<AlertDetails>().notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    emailState: text('email_state').$type<AlertEmailState>().notNull().default('pending'),
    emailAt: timestamp('email_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('alerts_parcel_rule_scene_idx').on(t.parcelId, t.rule, t.sceneId),
    index('alerts_user_idx').on(t.userId, t.createdAt),
    check('alerts_rule_check', sql`${t.rule} IN ('NEW_IMAGE', 'DROP', 'WATER_STRESS', 'PARTIAL_DROP')`),
    check('alerts_email_state_check', sql`${t.emailState} IN ('pending', 'sending', 'sent', 'skipped')`),
  ],
);
