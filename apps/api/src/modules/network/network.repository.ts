import { and, desc, eq, networkHidden, roles, sql, users, type Db } from '@filaha/db';
import type { NetworkFilter } from '@filaha/shared';

/**
 * Which network group a user belongs to (SPEC §6 filter): farmers (role User, and sellers whose seller role is
 * Agriculteur) → Agriculteur; investors and sellers whose seller role is Entreprise → Entreprise; the other
 * sellers (input/equipment suppliers, distributors, cooperatives) → Fournisseur. Admins and managers are
 * staff, not part of the network.
 */
const CATEGORY = sql`
  CASE
    WHEN r.name = 'User' THEN 'Agriculteur'
    WHEN r.name = 'Investor' THEN 'Entreprise'
    WHEN r.name = 'Seller' AND sr.name_fr = 'Agriculteur' THEN 'Agriculteur'
    WHEN r.name = 'Seller' AND sr.name_fr = 'Entreprise' THEN 'Entreprise'
    WHEN r.name = 'Seller' THEN 'Fournisseur'
  END`;

export interface SuggestionRow extends Record<string, unknown> {
  id: number;
  user_name: string;
  role_name: string;
  wilaya_id: number | null;
  wilaya_fr: string | null;
  wilaya_ar: string | null;
  seller_role_id: number | null;
  seller_role_fr: string | null;
  seller_role_ar: string | null;
  category: NetworkFilter;
  geo_tier: number;
  complementary: boolean;
}

export interface Viewer {
  wilayaId: number | null;
  category: NetworkFilter | null;
}

export interface SuggestionSearch {
  me: number;
  wilayaId: number | null;
  neighbours: number[];
  /** Distance in km from my wilaya's capital to each wilaya's, indexed by code − 1. */
  distances: number[];
  complementary: NetworkFilter[];
  filter?: NetworkFilter;
  limit: number;
}

/** A PostgreSQL array literal of plain values (ints or the fixed category names): both drivers take text. */
const arrayLiteral = (values: Array<string | number>) => `{${values.join(',')}}`;

export function createNetworkRepository(db: Db) {
  return {
    async viewer(me: number): Promise<Viewer | undefined> {
      const result = await db.execute<{ wilaya_id: number | null; category: NetworkFilter | null }>(sql`
        SELECT u.wilaya_id, ${CATEGORY} AS category
          FROM users u JOIN roles r ON r.id = u.role_id
          LEFT JOIN user_seller_roles usr ON usr.user_id = u.id
          LEFT JOIN seller_roles sr ON sr.id = usr.seller_role_id
         WHERE u.id = ${me}`);
      const row = result.rows[0];
      return row && { wilayaId: row.wilaya_id, category: row.category };
    },

    /**
     * Real users other than me, neither blocked (either way) nor hidden by me, ranked: same wilaya, then
     * neighbouring wilayas, then the rest; within each, complementary roles first, then the nearest capital,
     * then the newest accounts.
     */
    async suggestions(q: SuggestionSearch): Promise<SuggestionRow[]> {
      const result = await db.execute<SuggestionRow>(sql`
        WITH candidates AS (
          SELECT u.id, u.user_name, r.name AS role_name, u.wilaya_id, w.name_fr AS wilaya_fr, w.name_ar AS wilaya_ar,
                 sr.id AS seller_role_id, sr.name_fr AS seller_role_fr, sr.name_ar AS seller_role_ar,
                 ${CATEGORY} AS category
            FROM users u JOIN roles r ON r.id = u.role_id
            LEFT JOIN wilayas w ON w.id = u.wilaya_id
            LEFT JOIN user_seller_roles usr ON usr.user_id = u.id
            LEFT JOIN seller_roles sr ON sr.id = usr.seller_role_id
           WHERE u.id <> ${q.me} AND r.name IN ('User', 'Seller', 'Investor')
             AND NOT EXISTS (SELECT 1 FROM user_blocks b
                              WHERE (b.blocker_id = ${q.me} AND b.blocked_id = u.id)
                                 OR (b.blocker_id = u.id AND b.blocked_id = ${q.me}))
             AND NOT EXISTS (SELECT 1 FROM network_hidden h WHERE h.user_id = ${q.me} AND h.hidden_user_id = u.id)
        )
        SELECT c.*,
               CASE WHEN c.wilaya_id = ${q.wilayaId ?? -1} THEN 0
                    WHEN c.wilaya_id = ANY(${arrayLiteral(q.neighbours)}::int[]) THEN 1
                    ELSE 2 END AS geo_tier,
               c.category = ANY(${arrayLiteral(q.complementary)}::text[]) AS complementary
          FROM candidates c
         WHERE ${q.filter ? sql`c.category = ${q.filter}` : sql`true`}
         ORDER BY geo_tier,
                  complementary DESC,
                  coalesce((${arrayLiteral(q.distances)}::int[])[c.wilaya_id], 100000),
                  c.id DESC
         LIMIT ${q.limit}`);
      return result.rows;
    },

    async userExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
      return row !== undefined;
    },

    async hide(userId: number, hiddenUserId: number): Promise<boolean> {
      const added = await db
        .insert(networkHidden)
        .values({ userId, hiddenUserId })
        .onConflictDoNothing()
        .returning({ id: networkHidden.hiddenUserId });
      return added.length > 0;
    },

    async unhide(userId: number, hiddenUserId: number): Promise<void> {
      await db
        .delete(networkHidden)
        .where(and(eq(networkHidden.userId, userId), eq(networkHidden.hiddenUserId, hiddenUserId)));
    },

    hidden(userId: number) {
      return db
        .select({
          userId: users.id,
          userName: users.userName,
          roleName: roles.name,
          createdAt: networkHidden.createdAt,
        })
        .from(networkHidden)
        .innerJoin(users, eq(users.id, networkHidden.hiddenUserId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(networkHidden.userId, userId))
        .orderBy(desc(networkHidden.createdAt), desc(networkHidden.hiddenUserId));
    },
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
