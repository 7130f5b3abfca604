import { sql, type Db, type SQL } from '@filaha/db';
import type { OrganisationRole, OrganisationType } from '@filaha/shared/contracts';

export interface OrganisationRow extends Record<string, unknown> {
  id: number;
  name: string;
  type: OrganisationType;
  access_code: string;
  my_role: OrganisationRole | null;
  members: number;
  parcels: number;
  own_parcels: number;
  created_at: string | Date;
}

export interface MemberRow extends Record<string, unknown> {
  user_id: number;
  user_name: string;
  email: string;
  role: OrganisationRole;
  added_at: string | Date;
}

export interface GrantRow extends Record<string, unknown> {
  id: number;
  organisation_id: number;
  organisation_name: string;
  organisation_type: OrganisationType;
  parcel_id: number | null;
  parcel_name: string | null;
  granted_at: string | Date;
}

export interface GrantedParcelRow extends Record<string, unknown> {
  id: number;
  name: string;
  area_m2: number;
  crop: string | null;
  /** Null for the organisation's own parcel. */
  farmer_id: number | null;
  farmer_name: string | null;
  farmer_contact: string | null;
  granted_at: string | Date;
  geometry?: string;
}

export interface ReadRow extends Record<string, unknown> {
  organisation_id: number;
  organisation_name: string;
  organisation_type: OrganisationType;
  member_id: number | null;
  member_name: string | null;
  api_key_name: string | null;
  parcel_id: number | null;
  parcel_name: string | null;
  what: 'parcels' | 'parcel';
  at: string | Date;
}

/**
 * The parcels an organisation may read now: those of its active grants, a grant of all a farmer's parcels
 * (parcel_id NULL) covering each of them, the earliest grant's date for each.
 */
const granted = (organisation: SQL) => sql`
  SELECT p.id, min(g.granted_at) AS granted_at
    FROM parcel_grants g
    JOIN parcels p ON p.user_id = g.farmer_id AND (g.parcel_id IS NULL OR g.parcel_id = p.id)
   WHERE g.organisation_id = ${organisation} AND g.revoked_at IS NULL
   GROUP BY p.id`;

const organisationSelect = (userId: number) => sql`
  SELECT o.id, o.name, o.type, o.access_code, o.created_at, me.role AS my_role,
         (SELECT count(*)::int FROM organisation_members m WHERE m.organisation_id = o.id) AS members,
         (SELECT count(*)::int FROM (${granted(sql.raw('o.id'))}) gp) AS parcels,
         (SELECT count(*)::int FROM parcels op WHERE op.organisation_id = o.id) AS own_parcels
    FROM organisations o
    LEFT JOIN organisation_members me ON me.organisation_id = o.id AND me.user_id = ${userId}`;

export function createOrganisationsRepository(db: Db) {
  return {
    async create(input: { name: string; type: OrganisationType; accessCode: string; createdBy: number }) {
      const result = await db.execute<{ id: number }>(sql`
        INSERT INTO organisations (name, type, access_code, created_by)
        VALUES (${input.name}, ${input.type}, ${input.accessCode}, ${input.createdBy}) RETURNING id`);
      return result.rows[0]!.id;
    },

    /** The organisations `userId` belongs to, or all of them (`all`, a platform admin), by name. */
    async list(userId: number, all: boolean): Promise<OrganisationRow[]> {
      const where = all ? sql`` : sql`WHERE me.user_id IS NOT NULL`;
      return (
        await db.execute<OrganisationRow>(sql`${organisationSelect(userId)} ${where} ORDER BY lower(o.name), o.id`)
      ).rows;
    },

    async get(userId: number, id: number): Promise<OrganisationRow | undefined> {
      return (await db.execute<OrganisationRow>(sql`${organisationSelect(userId)} WHERE o.id = ${id}`)).rows[0];
    },

    async members(id: number): Promise<MemberRow[]> {
      return (
        await db.execute<MemberRow>(sql`
          SELECT m.user_id, u.user_name, u.email, m.role, m.added_at
            FROM organisation_members m JOIN users u ON u.id = m.user_id
           WHERE m.organisation_id = ${id}
           ORDER BY CASE m.role WHEN 'admin' THEN 0 WHEN 'agronomist' THEN 1 ELSE 2 END, lower(u.user_name), u.id`)
      ).rows;
    },

    async userIdByEmail(email: string): Promise<number | undefined> {
      return (await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE lower(email) = lower(${email})`)).rows[0]
        ?.id;
    },

    /** False when the account is already a member. */
    async addMember(id: number, userId: number, role: OrganisationRole): Promise<boolean> {
      const result = await db.execute(sql`
        INSERT INTO organisation_members (organisation_id, user_id, role) VALUES (${id}, ${userId}, ${role})
        ON CONFLICT DO NOTHING RETURNING user_id`);
      return result.rows.length > 0;
    },

    /**
     * Removes a member unless it is the organisation's last admin (the rows are locked, so two removals at once
     * cannot leave it without one): 'removed', 'not_member' or 'last_admin'.
     */
    async removeMember(id: number, userId: number): Promise<'removed' | 'not_member' | 'last_admin'> {
      return db.transaction(async (tx) => {
        const members = (
          await tx.execute<{ user_id: number; role: OrganisationRole }>(sql`
            SELECT user_id, role FROM organisation_members WHERE organisation_id = ${id} FOR UPDATE`)
        ).rows;
        const member = members.find((m) => m.user_id === userId);
        if (!member) return 'not_member';
        if (member.role === 'admin' && members.filter((m) => m.role === 'admin').length === 1) return 'last_admin';
        await tx.execute(sql`DELETE FROM organisation_members WHERE organisation_id = ${id} AND user_id = ${userId}`);
        return 'removed';
      });
    },

    async organisationByCode(code: string): Promise<number | undefined> {
      return (await db.execute<{ id: number }>(sql`SELECT id FROM organisations WHERE access_code = ${code}`)).rows[0]
        ?.id;
    },

    /** How many of `parcelIds` the farmer owns. */
    async ownedCount(farmerId: number, parcelIds: readonly number[]): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM parcels
         WHERE user_id = ${farmerId} AND id IN (${sql.join(
           [...new Set(parcelIds)].map((id) => sql`${id}`),
           sql`, `,
         )})`);
      return result.rows[0]?.n ?? 0;
    },

    /** Grants that are not active yet; an active one for the same organisation × parcel is kept as it is. */
    async grant(organisationId: number, farmerId: number, parcelIds: readonly number[] | null): Promise<void> {
      const targets = parcelIds === null ? [null] : [...new Set(parcelIds)];
      await db.transaction(async (tx) => {
        for (const parcelId of targets) {
          await tx.execute(sql`
            INSERT INTO parcel_grants (organisation_id, farmer_id, parcel_id)
            VALUES (${organisationId}, ${farmerId}, ${parcelId})
            ON CONFLICT (organisation_id, farmer_id, coalesce(parcel_id, 0)) WHERE revoked_at IS NULL DO NOTHING`);
        }
        // The territory table is out of date: its next read queues its refresh (meanwhile it serves the rows it has).
        await tx.execute(
          sql`UPDATE organisation_condition_runs SET stale = true WHERE organisation_id = ${organisationId}`,
        );
      });
    },

    async grants(farmerId: number): Promise<GrantRow[]> {
      return (
        await db.execute<GrantRow>(sql`
          SELECT g.id, o.id AS organisation_id, o.name AS organisation_name, o.type AS organisation_type,
                 g.parcel_id, p.name AS parcel_name, g.granted_at
            FROM parcel_grants g
            JOIN organisations o ON o.id = g.organisation_id
            LEFT JOIN parcels p ON p.id = g.parcel_id
           WHERE g.farmer_id = ${farmerId} AND g.revoked_at IS NULL
           ORDER BY lower(o.name), g.parcel_id NULLS FIRST, g.id`)
      ).rows;
    },

    /** False when the farmer has no such active grant. */
    async revoke(farmerId: number, grantId: number): Promise<boolean> {
      const result = await db.execute(sql`
        UPDATE parcel_grants SET revoked_at = now()
         WHERE id = ${grantId} AND farmer_id = ${farmerId} AND revoked_at IS NULL RETURNING id`);
      return result.rows.length > 0;
    },

    /**
     * The parcels granted to the organisation now (or the one `parcelId`), with the read recorded for each farmer
     * whose data it returns, in the same transaction: no read without its record.
     */
    async readParcels(organisationId: number, memberId: number, parcelId?: number): Promise<GrantedParcelRow[]> {
      return db.transaction(async (tx) => {
        const one = parcelId === undefined ? sql`` : sql`WHERE p.id = ${parcelId}`;
        const rows = (
          await tx.execute<GrantedParcelRow>(sql`
            SELECT * FROM (
              SELECT p.id, p.name, p.area_m2, p.crop, u.id AS farmer_id, u.user_name AS farmer_name,
                     NULL::text AS farmer_contact, gp.granted_at
                     ${parcelId === undefined ? sql`` : sql`, ST_AsGeoJSON(p.geom, 7) AS geometry`}
                FROM (${granted(sql`${organisationId}`)}) gp
                JOIN parcels p ON p.id = gp.id
                JOIN users u ON u.id = p.user_id
               ${one}
              UNION ALL
              SELECT p.id, p.name, p.area_m2, p.crop, NULL, NULL, p.farmer_contact, p.created_at
                     ${parcelId === undefined ? sql`` : sql`, ST_AsGeoJSON(p.geom, 7) AS geometry`}
                FROM parcels p
               WHERE p.organisation_id = ${organisationId} ${parcelId === undefined ? sql`` : sql`AND p.id = ${parcelId}`}
            ) x
             ORDER BY x.farmer_id IS NULL, lower(x.farmer_name), x.farmer_id, lower(x.name), x.id`)
        ).rows;
        if (parcelId === undefined) {
          // The organisation's own parcels are no farmer's data: only the granted ones are recorded.
          const farmers = [...new Set(rows.flatMap((r) => (r.farmer_id === null ? [] : [r.farmer_id])))];
          for (const farmerId of farmers) {
            await tx.execute(sql`
              INSERT INTO organisation_reads (organisation_id, member_id, farmer_id, what)
              VALUES (${organisationId}, ${memberId}, ${farmerId}, 'parcels')`);
          }
        } else if (rows[0] && rows[0].farmer_id !== null) {
          await tx.execute(sql`
            INSERT INTO organisation_reads (organisation_id, member_id, farmer_id, parcel_id, what)
            VALUES (${organisationId}, ${memberId}, ${rows[0].farmer_id}, ${parcelId}, 'parcel')`);
        }
        return rows;
      });
    },

    async reads(farmerId: number): Promise<ReadRow[]> {
      return (
        await db.execute<ReadRow>(sql`
          SELECT o.id AS organisation_id, o.name AS organisation_name, o.type AS organisation_type,
                 r.member_id, u.user_name AS member_name, k.name AS api_key_name, r.parcel_id, p.name AS parcel_name,
                 r.what, r.at
            FROM organisation_reads r
            JOIN organisations o ON o.id = r.organisation_id
            LEFT JOIN users u ON u.id = r.member_id
            LEFT JOIN organisation_api_keys k ON k.id = r.api_key_id
            LEFT JOIN parcels p ON p.id = r.parcel_id
           WHERE r.farmer_id = ${farmerId}
           ORDER BY r.at DESC, r.id DESC LIMIT 500`)
      ).rows;
    },
  };
}

export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;
