import { asc, eq, roles, sellerRoles, userSellerRoles, type Db } from '@filaha/db';

export interface RoleRecord {
  id: number;
  name: string;
}

export interface SellerRoleRecord {
  id: number;
  nameFr: string;
  nameAr: string;
}

export function createRolesRepository(db: Db) {
  const sellerRoleColumns = { id: sellerRoles.id, nameFr: sellerRoles.nameFr, nameAr: sellerRoles.nameAr };
  return {
    listRoles(): Promise<RoleRecord[]> {
      return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
    },

    async findRole(id: number): Promise<RoleRecord | undefined> {
      const [row] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, id));
      return row;
    },

    listSellerRoles(): Promise<SellerRoleRecord[]> {
      return db.select(sellerRoleColumns).from(sellerRoles).orderBy(asc(sellerRoles.id));
    },

    async findSellerRole(id: number): Promise<SellerRoleRecord | undefined> {
      const [row] = await db.select(sellerRoleColumns).from(sellerRoles).where(eq(sellerRoles.id, id));
      return row;
    },

    async findSellerRoleOfUser(userId: number): Promise<SellerRoleRecord | undefined> {
      const [row] = await db
        .select(sellerRoleColumns)
        .from(userSellerRoles)
        .innerJoin(sellerRoles, eq(sellerRoles.id, userSellerRoles.sellerRoleId))
        .where(eq(userSellerRoles.userId, userId));
      return row;
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
