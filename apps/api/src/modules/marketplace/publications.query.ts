import { ROLE_IDS, type PublicationSort, type PublicationState, type PublicationUnit } from '@filaha/shared';

/**
 * The marketplace read queries as plain parameterised SQL (`$1…`), so the API (through drizzle) and the
 * benchmark (straight through `pg`, as the floor) run exactly the same statements.
 *
 * Index use (checked with EXPLAIN on 10k rows, see bench/marketplace.ts): `q` → the trigram GIN index on
 * publications.search_text; recent → publications_created_idx (the ORDER BY repeats its NULLS LAST so the
 * index matches); price sorts → publications_price_idx; each page's images → publication_images_publication_idx.
 */
export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** A farmer (role User) selling under a seller plan has no seller role: they count as Agriculteur (seed id 1). */
export const FARMER_SELLER_ROLE_ID = 1;

export interface ListFilters {
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

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `%` and `_` in the user's text are literal characters, not patterns (LIKE's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const SELLER_ROLE_OF = `COALESCE(usr.seller_role_id, CASE WHEN u.role_id = ${ROLE_IDS.user} THEN ${FARMER_SELLER_ROLE_ID} END)`;

const ROW_COLUMNS = `
  p.id, p.user_id AS "userId", p.seller_subscription_id AS "sellerSubscriptionId", p.product_name AS "productName",
  p.unit_price::float8 AS "unitPrice", p.quantity::float8 AS quantity, p.unit, p.address, p.phone, p.state,
  p.created_at AS "createdAt", p.updated_at AS "updatedAt", u.user_name AS "userName", u.wilaya_id AS "wilayaId",
  sr.id AS "sellerRoleId", sr.name_fr AS "sellerRoleName", sr.name_ar AS "sellerRoleNameAr",
  COALESCE((
    SELECT json_agg(json_build_object('id', i.id, 'key', i.key, 'thumbnailKey', i.thumbnail_key) ORDER BY i.position, i.id)
    FROM publication_images i WHERE i.publication_id = p.id
  ), '[]'::json) AS images`;

const ROW_FROM = `
  FROM publications p
  JOIN users u ON u.id = p.user_id
  LEFT JOIN user_seller_roles usr ON usr.user_id = p.user_id
  LEFT JOIN seller_roles sr ON sr.id = ${SELLER_ROLE_OF}`;

const ORDER_BY: Record<PublicationSort, string> = {
  recent: 'p.created_at DESC NULLS LAST, p.id DESC NULLS LAST',
  price_asc: 'p.unit_price ASC, p.id ASC',
  price_desc: 'p.unit_price DESC, p.id DESC',
};

/** WHERE conditions of the listing; `needsOwner` tells the count whether it must join the seller. */
function conditions(filters: ListFilters, params: Params): { where: string; needsOwner: boolean } {
  const parts: string[] = [];
  let needsOwner = false;
  if (filters.q) {
    parts.push(`p.search_text LIKE '%' || filaha_search_normalize(${params.add(escapeLike(filters.q))}) || '%'`);
  }
  if (filters.category) {
    needsOwner = true;
    const category = params.add(filters.category);
    const prefix = params.add(escapeLike(filters.category));
    // An id, or the start of a French or Arabic name ('Fournisseur' matches both supplier roles).
    parts.push(`${SELLER_ROLE_OF} IN (
      SELECT id FROM seller_roles
      WHERE id::text = ${category}
         OR filaha_search_normalize(name_fr) LIKE filaha_search_normalize(${prefix}) || '%'
         OR filaha_search_normalize(name_ar) LIKE filaha_search_normalize(${prefix}) || '%')`);
  }
  if (filters.wilaya !== undefined) {
    needsOwner = true;
    parts.push(`u.wilaya_id = ${params.add(filters.wilaya)}`);
  }
  if (filters.etat) parts.push(`p.state = ${params.add(filters.etat)}`);
  if (filters.minPrice !== undefined) parts.push(`p.unit_price >= ${params.add(filters.minPrice)}`);
  if (filters.maxPrice !== undefined) parts.push(`p.unit_price <= ${params.add(filters.maxPrice)}`);
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', needsOwner };
}

/** One page of the listing. */
export function listQuery(filters: ListFilters): SqlQuery {
  const params = new Params();
  const { where } = conditions(filters, params);
  const limit = params.add(filters.limit);
  const offset = params.add(filters.offset);
  return {
    text: `SELECT ${ROW_COLUMNS} ${ROW_FROM} ${where} ORDER BY ${ORDER_BY[filters.sort ?? 'recent']} LIMIT ${limit} OFFSET ${offset}`,
    values: params.values,
  };
}

/** How many publications match (joins the seller only when a filter is about the seller). */
export function countQuery(filters: ListFilters): SqlQuery {
  const params = new Params();
  const { where, needsOwner } = conditions(filters, params);
  const from = needsOwner
    ? `FROM publications p JOIN users u ON u.id = p.user_id LEFT JOIN user_seller_roles usr ON usr.user_id = p.user_id`
    : 'FROM publications p';
  return { text: `SELECT count(*)::int AS total ${from} ${where}`, values: params.values };
}

export function byIdQuery(id: number): SqlQuery {
  return { text: `SELECT ${ROW_COLUMNS} ${ROW_FROM} WHERE p.id = $1`, values: [id] };
}

export function byOwnerQuery(userId: number): SqlQuery {
  return {
    text: `SELECT ${ROW_COLUMNS} ${ROW_FROM} WHERE p.user_id = $1 ORDER BY ${ORDER_BY.recent}`,
    values: [userId],
  };
}
