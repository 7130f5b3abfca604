import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { indices } from './catalog.ts';
import { createdAt, id } from './columns.ts';
import type { IndexStats, ResultStats } from '@filaha/shared';
import { parcels, type ResultBounds } from './parcels.ts';
import { farmerSubscriptions } from './subscriptions.ts';

/**
 * Change maps between two dates (migration 0013): one row per parcel × index × (earlier, later) acquisition
 * pair × basis, inserted in the transaction that charges the request — never charged twice. `fellCounts[k]`
 * counts the common valid pixels whose difference is below −(k + 1) / 100.
 */
export const changeResults = pgTable(
  'change_results',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    indexId: integer('index_id')
      .notNull()
      .references(() => indices.id, { onDelete: 'restrict' }),
    subscriptionId: integer('subscription_id').references(() => farmerSubscriptions.id, { onDelete: 'set null' }),
    basis: text('basis').notNull(),
    earlierSceneId: text('earlier_scene_id').notNull(),
    earlierDatetime: timestamp('earlier_datetime', { withTimezone: true, mode: 'date' }).notNull(),
    earlierCloudFraction: doublePrecision('earlier_cloud_fraction'),
    // Each date's statistics: the engine's IndexStats of that acquisition over the parcel.
    earlierStats: jsonb('earlier_stats').$type<IndexStats>().notNull(),
    laterSceneId: text('later_scene_id').notNull(),
    laterDatetime: timestamp('later_datetime', { withTimezone: true, mode: 'date' }).notNull(),
    laterCloudFraction: doublePrecision('later_cloud_fraction'),
    laterStats: jsonb('later_stats').$type<IndexStats>().notNull(),
    earlierStart: date('earlier_start', { mode: 'string' }).notNull(),
    earlierEnd: date('earlier_end', { mode: 'string' }).notNull(),
    laterStart: date('later_start', { mode: 'string' }).notNull(),
    laterEnd: date('later_end', { mode: 'string' }).notNull(),
    alignment: text('alignment').$type<'native' | 'resampled'>().notNull(),
    stats: jsonb('stats').$type<ResultStats>().notNull(),
    fellCounts: jsonb('fell_counts').$type<number[]>().notNull(),
    bounds: jsonb('bounds').$type<ResultBounds>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    imageKey: text('image_key').notNull(),
    valuesKey: text('values_key').notNull(),
    tiffKey: text('tiff_key').notNull(),
    earlierImageKey: text('earlier_image_key').notNull(),
    laterImageKey: text('later_image_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('change_results_pair_idx').on(t.parcelId, t.indexId, t.earlierSceneId, t.laterSceneId, t.basis),
    index('change_results_user_idx').on(t.userId),
    index('change_results_subscription_idx').on(t.subscriptionId),
    index('change_results_index_idx').on(t.indexId),
    check('change_results_order_check', sql`${t.earlierDatetime} < ${t.laterDatetime}`),
    check('change_results_alignment_check', sql`${t.alignment} IN ('native', 'resampled')`),
  ],
);
