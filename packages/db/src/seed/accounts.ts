import { eq } from 'drizzle-orm';
import { ROLE_IDS, type RoleName } from '@filaha/shared';
import type { Db } from '../client.ts';
import { hashPassword } from '../password.ts';
import { userSellerRoles, users } from '../schema/index.ts';

export interface SeedAccount {
  role: RoleName;
  email: string;
  password: string;
}

const ROLE_ID_BY_NAME: Record<RoleName, number> = {
  Admin: ROLE_IDS.admin,
  User: ROLE_IDS.user,
  Manager: ROLE_IDS.manager,
  Investor: ROLE_IDS.investor,
  Seller: ROLE_IDS.seller,
};

/**
 * Fixed demo credentials (documented in packages/db/README.md and printed at start-up). They only exist
 * when demo data is seeded, which the server does by default on the embedded database only.
 */
export const DEMO_ACCOUNTS = [
  { role: 'Admin', email: 'admin@demo.filaha.dz', password: 'demo-admin-2025', userName: 'Admin Démo', wilayaId: 16 },
  {
    role: 'Manager',
    email: 'manager@demo.filaha.dz',
    password: 'demo-manager-2025',
    userName: 'Manager Démo',
    wilayaId: 16,
  },
  { role: 'User', email: 'farmer@demo.filaha.dz', password: 'demo-farmer-2025', userName: 'Fellah Démo', wilayaId: 9 },
  {
    role: 'Seller',
    email: 'seller@demo.filaha.dz',
    password: 'demo-seller-2025',
    userName: 'Vendeur Démo',
    wilayaId: 9,
  },
  {
    role: 'Investor',
    email: 'investor@demo.filaha.dz',
    password: 'demo-investor-2025',
    userName: 'Investisseur Démo',
    wilayaId: 16,
  },
] as const satisfies ReadonlyArray<SeedAccount & { userName: string; wilayaId: number }>;

export interface EnsureUserInput {
  role: RoleName;
  email: string;
  password: string;
  userName: string;
  wilayaId?: number | null;
  phoneNumber?: string | null;
  sellerRoleId?: number;
}

/**
 * Creates the account if its e-mail is free and returns its id; an existing account is left untouched
 * (a changed password must survive restarts), which keeps the seed idempotent.
 */
export async function ensureUser(db: Db, input: EnsureUserInput): Promise<number> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return existing.id;
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({
      email,
      userName: input.userName,
      passwordHash,
      phoneNumber: input.phoneNumber ?? null,
      wilayaId: input.wilayaId ?? null,
      roleId: ROLE_ID_BY_NAME[input.role],
    })
    // A concurrent start-up may have inserted it between the select and this insert.
    .onConflictDoNothing()
    .returning({ id: users.id });
  const id = created?.id ?? (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  if (id === undefined) throw new Error(`Could not create or find seed account ${email}`);
  if (input.role === 'Seller') {
    await db
      .insert(userSellerRoles)
      .values({ userId: id, sellerRoleId: input.sellerRoleId ?? 1 })
      .onConflictDoNothing();
  }
  return id;
}

export { ROLE_ID_BY_NAME };
