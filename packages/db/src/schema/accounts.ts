import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** Application roles. Ids are fixed (Admin 1, User 2, Manager 3, Investor 4, Seller 6): clients rely on them. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique('roles_name_unique'),
});

/** Sub-type a seller chooses at sign-up (input supplier, cooperative, …). */
export const sellerRoles = pgTable('seller_roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nameFr: text('name_fr').notNull().unique('seller_roles_name_fr_unique'),
  nameAr: text('name_ar').notNull(),
});

/** The 58 wilayas; the id is the official code, so no sequence. */
export const wilayas = pgTable('wilayas', {
  id: integer('id').primaryKey(),
  nameFr: text('name_fr').notNull(),
  nameAr: text('name_ar').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    // RESTRICT: reference data is never deleted while accounts point at it.
    wilayaId: integer('wilaya_id').references(() => wilayas.id, { onDelete: 'restrict' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    profilePicture: text('profile_picture').notNull().default('profile.jpg'),
    // Tokens issued before this instant are refused (set when the password changes): a reset signs out everywhere.
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    // Carried in every token (claim `ver`) and compared on each request; +1 on a password change or reset, so
    // every token issued before it stops working, whatever the clock says (tokensValidAfter is kept for tokens
    // issued before this column existed).
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_role_idx').on(t.roleId),
    // The unique index compares bytes, so the lower-case rule is what makes e-mails case-insensitive.
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Rate-limit and sign-in failure counters shared by every API process on one PostgreSQL (fixed window per key:
 * the count restarts once `expires_at` has passed). UNLOGGED in SQL: losing counters in a crash is harmless.
 * Expired rows are deleted periodically by the API.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

/** A seller's sub-type; one per user, gone with the user. */
export const userSellerRoles = pgTable('user_seller_roles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sellerRoleId: integer('seller_role_id')
    .notNull()
    .references(() => sellerRoles.id, { onDelete: 'restrict' }),
});

/** Hashed 5-digit reset codes; attempts counts wrong tries for the lock-out. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId)],
);
