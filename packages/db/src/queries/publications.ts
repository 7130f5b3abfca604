import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ROLE_IDS, type PublicationSort, type PublicationState, type PublicationUnit } from '@filaha/shared';

/**
 * The marketplace read statements, as drizzle `sql` templates: the API's publications repository runs them, and
 * the marketplace benchmark runs and EXPLAINs the very same statements through this package's public API.
 *
 * Index use (checked with EXPLAIN on 10k rows, see bench/marketplace.ts): `q` → the trigram GIN index on
 * publications.search_text; recent → publications_created_idx (the ORDER BY repeats its NULLS LAST so the
 * index matches); price sorts → publications_price_idx; each page's images → publication_images_publication_idx.
 * The column lists and joins are fixed text (`sql.raw`); every value the caller gives is a bound parameter.
 */

/** A farmer (role User) selling under a seller plan has no seller role: they count as Agriculteur (seed id 1). */
export const FARMER_SELLER_ROLE_ID = 1;

export interface PublicationListFilters {
  q?: string;
  category?: string;
  wilaya?: number;
  etat?: PublicationState;
  minPrice?: number;
  maxPrice?: number;
  sort?: PublicationSort;
  limit: number;
  offset: number;
}

/** One row of every publication read: the card/detail fields, the seller and the images in order. */
// A type alias (not an interface) so it satisfies the Record<string, unknown> that db.execute() asks for.
export type PublicationRow = {
  id: number;
  userId: number;
  sellerSubscriptionId: number | null;
  productName: string;
  unitPrice: number;
  quantity: number;
  unit: PublicationUnit;
  address: string;
  phone: string;
  state: PublicationState;
  createdAt: string | Date;
  updatedAt: string | Date;
  userName: string;
  wilayaId: number | null;
  sellerRoleId: number | null;
  sellerRoleName: string | null;
  sellerRoleNameAr: string | null;
  /** json_agg output; a string when a driver leaves json unparsed. */
  images: Array<{ id: number; key: string; thumbnailKey: string | null }> | string;
};

/** `%` and `_` in the user's text are literal characters, not patterns (LIKE's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const SELLER_ROLE_OF = sql.raw(
  `COALESCE(usr.seller_role_id, CASE WHEN u.role_id = ${ROLE_IDS.user} THEN ${FARMER_SELLER_ROLE_ID} END)`,
);

const ROW_COLUMNS = sql.raw(`
  p.id, p.user_id AS "userId", p.seller_subscription_id AS "sellerSubscriptionId", p.product_name AS "productName",
  p.unit_price::float8 AS "unitPrice", p.quantity::float8 AS quantity, p.unit, p.address, p.phone, p.state,
  p.created_at AS "createdAt", p.updated_at AS "updatedAt", u.user_name AS "userName", u.wilaya_id AS "wilayaId",
  sr.id AS "sellerRoleId", sr.name_fr AS "sellerRoleName", sr.name_ar AS "sellerRoleNameAr",
  COALESCE((
    SELECT json_agg(json_build_object('id', i.id, 'key', i.key, 'thumbnailKey', i.thumbnail_key) ORDER BY i.position, i.id)
    FROM publication_images i WHERE i.publication_id = p.id
  ), '[]'::json) AS images`);

const ROW_FROM = sql`
  FROM publications p
  JOIN users u ON u.id = p.user_id
  LEFT JOIN user_seller_roles usr ON usr.user_id = p.user_id
  LEFT JOIN seller_roles sr ON sr.id = ${SELLER_ROLE_OF}`;

const ORDER_BY: Record<PublicationSort, SQL> = {
  recent: sql.raw('p.created_at DESC NULLS LAST, p.id DESC NULLS LAST'),
  price_asc: sql.raw('p.unit_price ASC, p.id ASC'),
  price_desc: sql.raw('p.unit_price DESC, p.id DESC'),
};

/** WHERE clause of the listing; `needsOwner` tells the count whether it must join the seller. */
function conditions(filters: PublicationListFilters): { where: SQL; needsOwner: boolean } {
  const parts: SQL[] = [];
  let needsOwner = false;
  if (filters.q) {
    parts.push(sql`p.search_text LIKE '%' || filaha_search_normalize(${escapeLike(filters.q)}) || '%'`);
  }
  if (filters.category) {
    needsOwner = true;
    const prefix = escapeLike(filters.category);
    // An id, or the start of a French or Arabic name ('Fournisseur' matches both supplier roles).
    parts.push(sql`${SELLER_ROLE_OF} IN (
      SELECT id FROM seller_roles
      WHERE id::text = ${filters.category}
         OR filaha_search_normalize(name_fr) LIKE filaha_search_normalize(${prefix}) || '%'
         OR filaha_search_normalize(name_ar) LIKE filaha_search_normalize(${prefix}) || '%')`);
  }
  if (filters.wilaya !== undefined) {
    needsOwner = true;
    parts.push(sql`u.wilaya_id = ${filters.wilaya}`);
  }
  if (filters.etat) parts.push(sql`p.state = ${filters.etat}`);
  if (filters.minPrice !== undefined) parts.push(sql`p.unit_price >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) parts.push(sql`p.unit_price <= ${filters.maxPrice}`);
  return { where: parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``, needsOwner };
}

/** One page of the listing. */
export function publicationListStatement(filters: PublicationListFilters): SQL {
  const { where } = conditions(filters);
  return sql`SELECT ${ROW_COLUMNS} ${ROW_FROM} ${where} ORDER BY ${ORDER_BY[filters.sort ?? 'recent']} LIMIT ${filters.limit} OFFSET ${filters.offset}`;
}

/** How many publications match (joins the seller only when a filter is about the seller). */
export function publicationCountStatement(filters: PublicationListFilters): SQL {
  const { where, needsOwner } = conditions(filters);
  const from = needsOwner
    ? sql.raw(
        'FROM publications p JOIN users u ON u.id = p.user_id LEFT JOIN user_seller_roles usr ON usr.user_id = p.user_id',
      )
    : sql.raw('FROM publications p');
  return sql`SELECT count(*)::int AS total ${from} ${where}`;
}

export function publicationByIdStatement(id: number): SQL {
  return sql`SELECT ${ROW_COLUMNS} ${ROW_FROM} WHERE p.id = ${id}`;
}

export function publicationsByOwnerStatement(userId: number): SQL {
  return sql`SELECT ${ROW_COLUMNS} ${ROW_FROM} WHERE p.user_id = ${userId} ORDER BY ${ORDER_BY.recent}`;
}

const dialect = new PgDialect();

/** A statement as PostgreSQL text with `$n` placeholders and its values (for EXPLAIN and plain `pg` clients). */
export function statementText(statement: SQL): { text: string; values: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, values: params };
}
