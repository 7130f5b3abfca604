import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE_IDS, WILAYAS } from '@filaha/shared';
import { passwordResetCodes, roles, userSellerRoles, users, wilayas } from './schema/index.ts';
import { verifyPassword } from './password.ts';
import { createUser, getTestDb } from './testing/index.ts';

describe('accounts tables', () => {
  it('is migrated and base-seeded with fixed role ids and the 58 wilayas', async () => {
    const database = await getTestDb();
    const state = await database.migrationState();
    expect(state.pending).toBe(0);
    expect(state.applied).toBeGreaterThan(0);
    const roleRows = await database.db.select().from(roles).orderBy(roles.id);
    expect(roleRows.map((r) => [r.id, r.name])).toEqual([
      [ROLE_IDS.admin, 'Admin'],
      [ROLE_IDS.user, 'User'],
      [ROLE_IDS.manager, 'Manager'],
      [ROLE_IDS.investor, 'Investor'],
      [ROLE_IDS.seller, 'Seller'],
    ]);
    const wilayaRows = await database.db.select().from(wilayas).orderBy(wilayas.id);
    expect(wilayaRows).toHaveLength(58);
    expect(wilayaRows[15]).toEqual({ id: 16, nameFr: WILAYAS[15]?.fr, nameAr: WILAYAS[15]?.ar });
  });

  it('getTestDb returns the same database on every call', async () => {
    expect(await getTestDb()).toBe(await getTestDb());
  });

  it('creates fresh users with hashed passwords and a seller role for sellers', async () => {
    const { db } = await getTestDb();
    const a = await createUser(db, { role: 'Seller', sellerRoleId: 3 });
    const b = await createUser(db, { role: 'Seller' });
    expect(a.user.email).not.toBe(b.user.email);
    expect(a.user.roleId).toBe(ROLE_IDS.seller);
    expect(a.user.profilePicture).toBe('profile.jpg');
    await expect(verifyPassword(a.password, a.user.passwordHash)).resolves.toBe(true);
    const [link] = await db.select().from(userSellerRoles).where(eq(userSellerRoles.userId, a.user.id));
    expect(link?.sellerRoleId).toBe(3);
  });

  it('refuses a duplicate e-mail and an e-mail that is not lower-case', async () => {
    const database = await getTestDb();
    const { user } = await createUser(database, { role: 'User' });
    await expect(createUser(database, { email: user.email })).rejects.toThrow();
    await expect(
      database.db
        .insert(users)
        .values({ email: 'Upper@Case.dz', userName: 'x', passwordHash: 'x', roleId: ROLE_IDS.user }),
    ).rejects.toThrow();
  });

  it('deleting a user cascades to their seller role link and reset codes', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db, { role: 'Seller' });
    await db
      .insert(passwordResetCodes)
      .values({ userId: user.id, codeHash: 'h', expiresAt: new Date(Date.now() + 60_000) });
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(userSellerRoles).where(eq(userSellerRoles.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id))).toHaveLength(0);
  });

  it('refuses to delete a role still used by users', async () => {
    const { db } = await getTestDb();
    await createUser(db, { role: 'Investor' });
    await expect(db.delete(roles).where(eq(roles.id, ROLE_IDS.investor))).rejects.toThrow();
  });

  it('rolls back a failed transaction and supports raw sql', async () => {
    const { db } = await getTestDb();
    const email = `rollback-${Date.now()}@test.filaha.dz`;
    await expect(
      db.transaction(async (tx) => {
        await createUser(tx, { email });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`);
    expect(result.rows[0]?.n).toBe(0);
  });
});
