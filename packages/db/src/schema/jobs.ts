import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { parcels } from './parcels.ts';
import { id } from './columns.ts';

/** Why a catalog poll ran (migration 0015). */
export const CATALOG_POLL_TRIGGERS = ['schedule', 'startup', 'manual'] as const;
export type CatalogPollTrigger = (typeof CATALOG_POLL_TRIGGERS)[number];

/** One run of the catalog poll job and what it found (the back office shows the latest). */
export const catalogPolls = pgTable(
  'catalog_polls',
  {
    id: id(),
    trigger: text('trigger').$type<CatalogPollTrigger>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    windowStart: date('window_start', { mode: 'string' }),
    windowEnd: date('window_end', { mode: 'string' }),
    /** Covered parcels looked for (owner with an active subscription holding at least one index). */
    parcels: integer('parcels'),
    /** Acquisitions the catalog returned over them. */
    found: integer('found'),
    /** Of those, never seen before. */
    newAcquisitions: integer('new_acquisitions'),
    /** Parcel × acquisition jobs queued. */
    jobs: integer('jobs'),
    error: text('error'),
  },
  (t) => [
    index('catalog_polls_started_idx').on(t.startedAt),
    check('catalog_polls_trigger_check', sql`${t.trigger} IN ('schedule', 'startup', 'manual')`),
  ],
);

/** Every acquisition (platform × UTC day) the poll has seen: its jobs are queued once, with this row. */
export const catalogAcquisitions = pgTable(
  'catalog_acquisitions',
  {
    key: text('key').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    datetime: timestamp('datetime', { withTimezone: true, mode: 'string' }).notNull(),
    sceneIds: jsonb('scene_ids').$type<string[]>().notNull(),
    pollId: integer('poll_id').references(() => catalogPolls.id, { onDelete: 'set null' }),
    parcels: integer('parcels').notNull().default(0),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('catalog_acquisitions_datetime_idx').on(t.datetime)],
);

/**
 * A parcel × catalog item (one tile of one pass) whose acquisition's job was queued for the parcel (migration 0018):
 * an item without a row for a covered parcel it overlaps gives that parcel a job (a late tile, a new or redrawn
 * parcel), once.
 */
export const catalogParcelItems = pgTable(
  'catalog_parcel_items',
  {
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    acquisitionKey: text('acquisition_key').notNull(),
    pollId: integer('poll_id').references(() => catalogPolls.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'catalog_parcel_items_pkey', columns: [t.parcelId, t.itemId] }),
    index('catalog_parcel_items_acquisition_idx').on(t.acquisitionKey),
  ],
);
