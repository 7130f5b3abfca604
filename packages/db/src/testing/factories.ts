import { randomBytes } from 'node:crypto';
import type { RoleName } from '@filaha/shared';
import type { Database, Db } from '../client.ts';
import { hashPassword } from '../password.ts';
import { userSellerRoles, users } from '../schema/index.ts';
import { ROLE_ID_BY_NAME } from '../seed/accounts.ts';

/** Factories accept the drizzle handle, a transaction, or the Database wrapper. */
export type DbLike = Db | Database;

export function toDb(target: DbLike): Db {
  return 'kind' in target && 'migrationState' in target ? target.db : target;
}

let sequence = 0;
/** Unique per worker process and call, so parallel tests never collide on unique columns. */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${process.pid.toString(36)}${sequence.toString(36)}${randomBytes(3).toString('hex')}`;
}

// scrypt is deliberately slow; tests create many users with the same password, so hash each once.
const hashCache = new Map<string, Promise<string>>();
function cachedHash(plain: string): Promise<string> {
  let hash = hashCache.get(plain);
  if (!hash) {
    hash = hashPassword(plain);
    hashCache.set(plain, hash);
  }
  return hash;
}

export const DEFAULT_TEST_PASSWORD = 'Test-password-123';

export interface CreateUserOptions {
  role?: RoleName;
  password?: string;
  email?: string;
  userName?: string;
  phoneNumber?: string | null;
  wilayaId?: number | null;
  /** Only for sellers; defaults to seller role 1 (Agriculteur). */
  sellerRoleId?: number;
}

export type UserRow = typeof users.$inferSelect;

export async function createUser(
  target: DbLike,
  options: CreateUserOptions = {},
): Promise<{ user: UserRow; password: string }> {
  const db = toDb(target);
  const role = options.role ?? 'User';
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const suffix = uniqueSuffix();
  const [user] = await db
    .insert(users)
    .values({
      email: (options.email ?? `${role.toLowerCase()}-${suffix}@test.filaha.dz`).trim().toLowerCase(),
      userName: options.userName ?? `${role} ${suffix}`,
      passwordHash: await cachedHash(password),
      phoneNumber: options.phoneNumber === undefined ? '0555000000' : options.phoneNumber,
      wilayaId: options.wilayaId === undefined ? 16 : options.wilayaId,
      roleId: ROLE_ID_BY_NAME[role],
    })
    .returning();
  if (!user) throw new Error('createUser: insert returned no row');
  if (role === 'Seller') {
    await db.insert(userSellerRoles).values({ userId: user.id, sellerRoleId: options.sellerRoleId ?? 1 });
  }
  return { user, password };
}
