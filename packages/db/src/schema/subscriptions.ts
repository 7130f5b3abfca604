import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SubscriptionState } from '@filaha/shared';
import { users } from './accounts.ts';
import { functionalities, indices, plans } from './catalog.ts';
import { createdAt, id, updatedAt } from './columns.ts';

const STATE_CHECK = sql.raw(`IN ('actif', 'désactivé')`);

/**
 * A farmer's subscription to a plan (SPEC "AbonnementUser"). Created 'désactivé' with 12 months; an
 * admin activates it. A plan with subscriptions cannot be deleted (RESTRICT): billing history matters.
 */
export const farmerSubscriptions = pgTable(
  'farmer_subscriptions',
  {
    id: id(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    durationMonths: integer('duration_months').notNull().default(12),
    state: text('state').$type<SubscriptionState>().notNull().default('désactivé'),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('farmer_subscriptions_user_idx').on(t.userId),
    index('farmer_subscriptions_plan_idx').on(t.planId),
    check('farmer_subscriptions_state', sql`${t.state} ${STATE_CHECK}`),
    check('farmer_subscriptions_duration_positive', sql`${t.durationMonths} >= 1`),
  ],
);

/**
 * Per-index quota of a subscription (SPEC "AbonnementUserIndice"); remaining = total − used. The CHECK
 * is the last line of defence against overspending when parallel requests race.
 */
export const subscriptionIndexUsage = pgTable(
  'subscription_index_usage',
  {
    id: id(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => farmerSubscriptions.id, { onDelete: 'cascade' }),
    indexId: integer('index_id')
      .notNull()
      .references(() => indices.id, { onDelete: 'restrict' }),
    total: integer('total').notNull(),
    used: integer('used').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_index_usage_unique').on(t.subscriptionId, t.indexId),
    index('subscription_index_usage_index_idx').on(t.indexId),
    check('subscription_index_usage_bounds', sql`${t.used} >= 0 AND ${t.used} <= ${t.total}`),
  ],
);

/** Seller plans (SPEC "SellerAbonnement"); `postLimit` null = unlimited ('Illimité'). */
export const sellerPlans = pgTable(
  'seller_plans',
  {
    id: id(),
    /** French texts in `name`, `client_name` and `description`; Arabic next to them, '' = not translated. */
    name: text('name').notNull().unique(),
    nameAr: text('name_ar').notNull().default(''),
    clientName: text('client_name').notNull(),
    clientNameAr: text('client_name_ar').notNull().default(''),
    /** Price in DA. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    isLimited: boolean('is_limited').notNull().default(false),
    postLimit: integer('post_limit'),
    priority: integer('priority').notNull().default(1),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seller_plans_name_ar_unique')
      .on(t.nameAr)
      .where(sql`${t.nameAr} <> ''`),
    check('seller_plans_price_positive', sql`${t.price} >= 0`),
    check('seller_plans_post_limit', sql`${t.postLimit} IS NULL OR ${t.postLimit} >= 0`),
    check('seller_plans_limited_has_limit', sql`NOT ${t.isLimited} OR ${t.postLimit} IS NOT NULL`),
  ],
);

export const sellerPlanFunctionalities = pgTable(
  'seller_plan_functionalities',
  {
    sellerPlanId: integer('seller_plan_id')
      .notNull()
      .references(() => sellerPlans.id, { onDelete: 'cascade' }),
    functionalityId: integer('functionality_id')
      .notNull()
      .references(() => functionalities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.sellerPlanId, t.functionalityId] }),
    index('seller_plan_functionalities_functionality_idx').on(t.functionalityId),
  ],
);

/**
 * A seller's subscription (SPEC "SellerAbonnementUser"): created 'actif' for one year. At most one
 * 'actif' subscription per seller (partial unique index); `postsUsed` is incremented atomically by the
 * API when a post is published and decremented when that publication is deleted (a post counts while it exists). Plans in use cannot be deleted (RESTRICT).
 */
export const sellerSubscriptions = pgTable(
  'seller_subscriptions',
  {
    id: id(),
    sellerPlanId: integer('seller_plan_id')
      .notNull()
      .references(() => sellerPlans.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    state: text('state').$type<SubscriptionState>().notNull().default('actif'),
    postsUsed: integer('posts_used').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('seller_subscriptions_user_idx').on(t.userId),
    index('seller_subscriptions_plan_idx').on(t.sellerPlanId),
    uniqueIndex('seller_subscriptions_one_active')
      .on(t.userId)
      .where(sql`${t.state} = 'actif'`),
    check('seller_subscriptions_state', sql`${t.state} ${STATE_CHECK}`),
    check('seller_subscriptions_dates', sql`${t.startDate} <= ${t.endDate}`),
    check('seller_subscriptions_posts_used', sql`${t.postsUsed} >= 0`),
  ],
);
