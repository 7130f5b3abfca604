import { asc, eq, roles, sql, userSellerRoles, users, wilayas, type Db } from '@filaha/db';
import type { AuthUser } from '../../plugins/auth.ts';
import { SQL_STATE, hasSqlState, isReferencedError } from '../../lib/sql-state.ts';
import { toRoleName } from '../../core/access.ts';

export interface UserRecord {
  id: number;
  email: string;
  userName: string;
  phoneNumber: string | null;
  wilayaId: number | null;
  wilaya: { fr: string; ar: string } | null;
  roleId: number;
  roleName: string;
  profilePicture: string;
  createdAt: Date;
}

export interface Credentials {
  id: number;
  email: string;
  userName: string;
  passwordHash: string;
  roleName: string;
  tokenVersion: number;
}

export interface NewUser {
  email: string;
  userName: string;
  passwordHash: string;
  phoneNumber: string;
  wilayaId: number;
  roleId: number;
  /** Only for a Seller: written in the same transaction as the user. */
  sellerRoleId?: number;
}

export interface UserPatch {
  userName?: string;
  phoneNumber?: string;
  wilayaId?: number;
  roleId?: number;
}

export function createUsersRepository(db: Db) {
  const recordColumns = {
    id: users.id,
    email: users.email,
    userName: users.userName,
    phoneNumber: users.phoneNumber,
    wilayaId: users.wilayaId,
    wilayaFr: wilayas.nameFr,
    wilayaAr: wilayas.nameAr,
    roleId: users.roleId,
    roleName: roles.name,
    profilePicture: users.profilePicture,
    createdAt: users.createdAt,
  };
  const selectRecords = () =>
    db
      .select(recordColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(wilayas, eq(wilayas.id, users.wilayaId));
  type Row = Awaited<ReturnType<typeof selectRecords>>[number];
  const toRecord = ({ wilayaFr, wilayaAr, ...row }: Row): UserRecord => ({
    ...row,
    wilaya: wilayaFr !== null && wilayaAr !== null ? { fr: wilayaFr, ar: wilayaAr } : null,
  });

  return {
    async findAuthUser(id: number): Promise<AuthUser | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          roleId: users.roleId,
          role: roles.name,
          tokenVersion: users.tokenVersion,
          tokensValidAfter: users.tokensValidAfter,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, id));
      return row && { ...row, role: toRoleName(row.role) };
    },

    async findById(id: number): Promise<UserRecord | undefined> {
      const [row] = await selectRecords().where(eq(users.id, id));
      return row && toRecord(row);
    },

    async findCredentials(email: string): Promise<Credentials | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          userName: users.userName,
          passwordHash: users.passwordHash,
          roleName: roles.name,
          tokenVersion: users.tokenVersion,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.email, email.toLowerCase()));
      return row;
    },

    async list(): Promise<UserRecord[]> {
      return (await selectRecords().orderBy(asc(users.id))).map(toRecord);
    },

    /** The user and (for a seller) the seller-role link in one transaction; `email_taken` on a duplicate. */
    async create(input: NewUser): Promise<number | 'email_taken'> {
      const { sellerRoleId, ...values } = input;
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx.insert(users).values(values).returning({ id: users.id });
          if (!created) throw new Error('insert returned no row');
          if (sellerRoleId !== undefined) await tx.insert(userSellerRoles).values({ userId: created.id, sellerRoleId });
          return created.id;
        });
      } catch (error) {
        if (hasSqlState(error, SQL_STATE.uniqueViolation)) return 'email_taken';
        throw error;
      }
    },

    async update(id: number, patch: UserPatch): Promise<void> {
      const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as UserPatch;
      if (Object.keys(values).length === 0) return;
      await db.update(users).set(values).where(eq(users.id, id));
    },

    async setPassword(id: number, passwordHash: string): Promise<void> {
      // A new token version revokes every token issued so far (plugins/auth.ts).
      await db
        .update(users)
        .set({ passwordHash, tokensValidAfter: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id));
    },

    /**
     * Deleting a user cascades to the rows that only make sense with them (see packages/db); a row that
     * restricts the delete makes it `in_use` instead of a 500.
     */
    async remove(id: number): Promise<'deleted' | 'not_found' | 'in_use'> {
      try {
        const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        return deleted.length > 0 ? 'deleted' : 'not_found';
      } catch (error) {
        if (isReferencedError(error)) return 'in_use';
        throw error;
      }
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
