import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** Bilingual text as stored in JSON columns. */
export interface LocalizedText {
  ar: string;
  fr: string;
}
/** One recommendation of an index: the value range it applies to, and the advice. */
export interface Recommendation {
  range: LocalizedText;
  ar: string;
  fr: string;
}

/** Plan features (SPEC "Fonctionnality": name + psudo), shared by farmer and seller plans. */
export const functionalities = pgTable(
  'functionalities',
  {
    id: id(),
    /** French name (the SPEC's `name`). */
    name: text('name').notNull().unique(),
    /** Arabic name; '' = not translated yet (the French one is shown). */
    nameAr: text('name_ar').notNull().default(''),
    psudo: text('psudo').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('functionalities_name_ar_unique')
      .on(t.nameAr)
      .where(sql`${t.nameAr} <> ''`),
  ],
);

/** Farmer plans (SPEC "Abonnement"). */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    /** French texts in `name` and `client_name` (the SPEC's fields); Arabic next to them, '' = not translated. */
    name: text('name').notNull().unique(),
    nameAr: text('name_ar').notNull().default(''),
    clientName: text('client_name').notNull(),
    clientNameAr: text('client_name_ar').notNull().default(''),
    /** Free text as in the SPEC; the first price shown is in DA. */
    prices: text('prices').notNull(),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plans_name_ar_unique')
      .on(t.nameAr)
      .where(sql`${t.nameAr} <> ''`),
  ],
);

export const planFunctionalities = pgTable(
  'plan_functionalities',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    functionalityId: integer('functionality_id')
      .notNull()
      .references(() => functionalities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.functionalityId] }),
    index('plan_functionalities_functionality_idx').on(t.functionalityId),
  ],
);

/** Vegetation indices (SPEC "Indice"); `code` is what the imagery engine knows ('NDVI'…). */
export const indices = pgTable('indices', {
  id: id(),
  code: text('code').notNull().unique(),
  /** Display name, e.g. 'Indice NDVI'. */
  name: text('name').notNull().unique(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  recommendations: jsonb('recommendations').$type<Recommendation[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Colour intervals [intervalStart, intervalEnd) of an index. Overlaps are refused by an exclusion
 * constraint (added in SQL, deferred to commit so an edit can shift several intervals in one transaction).
 */
export const legends = pgTable(
  'legends',
  {
    id: id(),
    indexId: integer('index_id')
      .notNull()
      .references(() => indices.id, { onDelete: 'cascade' }),
    intervalStart: doublePrecision('interval_start').notNull(),
    intervalEnd: doublePrecision('interval_end').notNull(),
    /** 'rgb(r, g, b)' */
    color: text('color').notNull(),
    descriptionFr: text('description_fr').notNull(),
    descriptionAr: text('description_ar').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('legends_index_idx').on(t.indexId, t.position),
    check('legends_interval_order', sql`${t.intervalStart} < ${t.intervalEnd}`),
    check('legends_color_rgb', sql`${t.color} ~ '^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$'`),
  ],
);

/** Requests per index a plan grants (SPEC "AbonnementIndice.nombre_de_requete"). */
export const planIndices = pgTable(
  'plan_indices',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    indexId: integer('index_id')
      .notNull()
      .references(() => indices.id, { onDelete: 'cascade' }),
    requestCount: integer('request_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.indexId] }),
    index('plan_indices_index_idx').on(t.indexId),
    check('plan_indices_request_count_positive', sql`${t.requestCount} >= 1`),
  ],
);
