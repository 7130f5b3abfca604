import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PUBLICATION_UNITS, type PublicationState, type PublicationUnit } from '@filaha/shared';
import { users } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { sellerSubscriptions } from './subscriptions.ts';

/**
 * A product offered on the marketplace. Deleting the seller deletes their publications; deleting the
 * seller subscription keeps them (SET NULL). `searchText` is generated with filaha_search_normalize()
 * (lower-case, Latin accents and Arabic diacritics removed) and trigram-indexed for "contains" search.
 */
export const publications = pgTable(
  'publications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerSubscriptionId: integer('seller_subscription_id').references(() => sellerSubscriptions.id, {
      onDelete: 'set null',
    }),
    productName: text('product_name').notNull(),
    /** Price in DA. */
    unitPrice: numeric('unit_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /**
     * What the price and the quantity count in (PUBLICATION_UNITS); rows older than the column got 'kg'. Null: the
     * publication names no unit (a client that sends none — issue 28; the web form always asks for one).
     */
    unit: text('unit').$type<PublicationUnit>(),
    state: text('state').$type<PublicationState>().notNull().default('DISPO'),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`filaha_search_normalize(product_name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('publications_user_idx').on(t.userId),
    index('publications_subscription_idx').on(t.sellerSubscriptionId),
    index('publications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('publications_price_idx').on(t.unitPrice),
    index('publications_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('publications_state', sql`${t.state} IN ('DISPO', 'NONDISPO')`),
    check('publications_unit', sql`${t.unit} IN (${sql.raw(PUBLICATION_UNITS.map((u) => `'${u}'`).join(', '))})`),
    check('publications_price_positive', sql`${t.unitPrice} >= 0`),
    check('publications_quantity_positive', sql`${t.quantity} >= 0`),
  ],
);

/** Stored image keys (object storage); the API deletes the files, the cascade deletes the rows. */
export const publicationImages = pgTable(
  'publication_images',
  {
    id: id(),
    publicationId: integer('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('publication_images_publication_idx').on(t.publicationId, t.position)],
);

/** Requests sent from the "services offered" form; kept if the account is later deleted (SET NULL). */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    serviceKey: text('service_key').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_requests_created_idx').on(t.createdAt.desc()),
    index('service_requests_user_idx').on(t.userId),
  ],
);

/** The price groups of the services page: the soil analysis, and the other field services. */
export const SERVICE_PRICE_GROUPS = ['soil', 'other'] as const;
export type ServicePriceGroup = (typeof SERVICE_PRICE_GROUPS)[number];

/**
 * Starting prices of the field services set in the back office (migration 0012). A row = the administrator set
 * that price: whole DA, or NULL for "on quotation". No row → the deployment's SERVICE_PRICE_* applies.
 */
export const servicePrices = pgTable(
  'service_prices',
  {
    service: text('service').$type<ServicePriceGroup>().primaryKey(),
    amountDa: integer('amount_da'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('service_prices_service_check', sql`${t.service} IN ('soil', 'other')`),
    check(
      'service_prices_amount_check',
      sql`${t.amountDa} IS NULL OR (${t.amountDa} > 0 AND ${t.amountDa} <= 100000000)`,
    ),
  ],
);

/**
 * The marketplace listing's change counter: one row (id = true), bumped by the statement-level triggers of
 * migration 0006 in the transaction of every write the listing reads; the API caches listing pages per value.
 */
export const marketplaceListingVersion = pgTable(
  'marketplace_listing_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [check('marketplace_listing_version_id_check', sql`${t.id}`)],
);
