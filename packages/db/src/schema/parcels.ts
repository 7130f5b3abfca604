import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { IndexStats, ResultStats } from '@filaha/shared';
import { users } from './accounts.ts';
import { indices } from './catalog.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { polygon4326 } from './geometry.ts';
import { farmerSubscriptions } from './subscriptions.ts';

/**
 * A farmer's field. Area and the SPEC's oddly named bounds are GENERATED from the geometry, so they can
 * never disagree with it: bWS = min longitude, bWN = max longitude, bES = min latitude, bEN = max latitude.
 */
export const parcels = pgTable(
  'parcels',
  {
    id: id(),
    name: text('name').notNull(),
    /** The farmer who holds it, or null when an organisation does (organisationId; exactly one of the two). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation holding it (migration 0022: organisations are plain SQL, not in this schema). */
    organisationId: integer('organisation_id'),
    /** The farmer's phone or e-mail an organisation's import gave for a parcel it registers on their behalf. */
    farmerContact: text('farmer_contact'),
    /** The import that created it (parcel_imports). */
    importId: integer('import_id'),
    /** Its feature's number in that import's file (from 1). */
    importFeature: integer('import_feature'),
    geom: polygon4326('geom').notNull(),
    areaM2: doublePrecision('area_m2')
      .notNull()
      .generatedAlwaysAs(sql`ST_Area(geom::geography)`),
    bWS: doublePrecision('b_ws')
      .notNull()
      .generatedAlwaysAs(sql`ST_XMin(geom)`),
    bWN: doublePrecision('b_wn')
      .notNull()
      .generatedAlwaysAs(sql`ST_XMax(geom)`),
    bES: doublePrecision('b_es')
      .notNull()
      .generatedAlwaysAs(sql`ST_YMin(geom)`),
    bEN: doublePrecision('b_en')
      .notNull()
      .generatedAlwaysAs(sql`ST_YMax(geom)`),
    crop: text('crop'),
    /** FAO-56 soil texture for the water balance (SOIL_TEXTURES; migration 0030), null until the farmer picks one. */
    soilTexture: text('soil_texture'),
    /** The farmer has water to irrigate with (a rainfed cereal's supplemental irrigation is proposed only then). */
    waterSource: boolean('water_source').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('parcels_user_idx').on(t.userId),
    index('parcels_geom_gist').using('gist', t.geom),
    // Self-intersecting or otherwise invalid shapes are refused here as a last line of defence; the API
    // checks ST_IsValidReason first to give the user a clear message.
    check('parcels_geom_valid', sql`ST_IsValid(${t.geom})`),
  ],
);

/** [[minLat, minLon], [maxLat, maxLon]] as Leaflet wants it. */
export type ResultBounds = [[number, number], [number, number]];

/**
 * Every index image delivered (history and the charged request record). Re-asking for the same parcel,
 * index, scene and legend finds this row instead of charging again — hence the unique key.
 * Deleting the parcel or the user removes the history; a deleted subscription leaves it (SET NULL);
 * an index with history cannot be deleted (RESTRICT).
 */
export const indexResults = pgTable(
  'index_results',
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
    sceneId: text('scene_id').notNull(),
    sceneDatetime: timestamp('scene_datetime', { withTimezone: true, mode: 'date' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    legendHash: text('legend_hash').notNull(),
    // Every value defined (a delivered image has valid pixels): `@filaha/shared` statistics.ts.
    stats: jsonb('stats').$type<ResultStats>().notNull(),
    bounds: jsonb('bounds').$type<ResultBounds>().notNull(),
    cloudFraction: doublePrecision('cloud_fraction'),
    validFraction: doublePrecision('valid_fraction').notNull(),
    imageKey: text('image_key').notNull(),
    valuesKey: text('values_key'),
    tiffKey: text('tiff_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('index_results_unique_scene').on(t.parcelId, t.indexId, t.sceneId, t.legendHash),
    index('index_results_history_idx').on(t.parcelId, t.indexId, t.createdAt.desc()),
    index('index_results_user_idx').on(t.userId),
    index('index_results_subscription_idx').on(t.subscriptionId),
    index('index_results_index_idx').on(t.indexId, t.createdAt),
    check('index_results_dates', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

/**
 * Season curves (migration 0011): one row per parcel × index × acquisition, computed once. `basis` hashes what
 * the numbers depend on besides the scene (geometry, minimum valid fraction, cloud buffer). Partitioned by
 * agricultural season on `date` (migration 0019: series_points_s2014 … series_points_s2039, series_points_default),
 * so the key holds the date; drizzle sees the parent table only.
 */
export const seriesPoints = pgTable(
  'series_points',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    indexCode: text('index_code').notNull(),
    basis: text('basis').notNull(),
    sceneId: text('scene_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').$type<'point' | 'CLOUDY' | 'OUTSIDE_COVERAGE'>().notNull(),
    // The engine's IndexStats of an acquisition with valid pixels (`@filaha/shared` statistics.ts).
    stats: jsonb('stats').$type<IndexStats>(),
    validFraction: doublePrecision('valid_fraction'),
    tiles: jsonb('tiles').$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'series_points_pkey', columns: [t.id, t.date] }),
    uniqueIndex('series_points_scene_idx').on(t.parcelId, t.indexCode, t.basis, t.date, t.sceneId),
    index('series_points_tile_idx').on(t.date, t.sceneId),
    check('series_points_status_check', sql`${t.status} IN ('point', 'CLOUDY', 'OUTSIDE_COVERAGE')`),
    check('series_points_stats_check', sql`(${t.status} = 'point') = (${t.stats} IS NOT NULL)`),
  ],
);

/**
 * A parcel row as the farmer-side modules use it (parcels, images, alerts, the season jobs): one a farmer holds.
 * An organisation's own parcel (userId null, migration 0022) is none of theirs — those modules treat it as absent;
 * it is reached through the organisation's routes only.
 */
export function heldByFarmer<T extends { userId: number | null }>(
  row: T | undefined,
): (T & { userId: number }) | undefined {
  return row && row.userId !== null ? (row as T & { userId: number }) : undefined;
}
