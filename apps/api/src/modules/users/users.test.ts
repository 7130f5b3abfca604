import { eq, passwordResetCodes, userSellerRoles, users } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';

const t = useTestApp();

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.current.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Headers, payload: Record<string, unknown>) =>
  t.current.inject({ method: 'PUT', url, headers, payload });
const del = (url: string, headers: Headers) => t.current.inject({ method: 'DELETE', url, headers });
const codeOf = (res: { body: string }) => json<{ code: string }>(res).code;

describe('GET /api/users/profile and /api/users/get', () => {
  it("answers the caller's profile fields", async () => {
    const { user, headers } = await t.current.createUser({ wilayaId: 31, phoneNumber: '0661000000' });
    const res = await get('/api/users/profile', headers);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      id: user.id,
      user_id: user.id,
      userName: user.userName,
      email: user.email,
      phoneNumber: '0661000000',
      wilaya: 31,
      wilayaName: { fr: 'Oran', ar: 'وهران' },
      roleName: 'User',
      role_id: 2,
      profilePicture: 'profile.jpg',
      created_at: user.createdAt.toISOString(),
    });
  });

  it('answers user_id and role_id', async () => {
    const { user, headers } = await t.current.createUser({ role: 'Manager' });
    expect(json(await get('/api/users/get', headers))).toEqual({ user_id: user.id, role_id: 3 });
  });
});

describe('GET /api/users/{id}', () => {
  it('shows the full profile to the user, an admin and a manager', async () => {
    const target = await t.current.createUser();
    for (const headers of [
      target.headers,
      (await t.current.createUser({ role: 'Admin' })).headers,
      (await t.current.createUser({ role: 'Manager' })).headers,
    ]) {
      const res = await get(`/api/users/${target.user.id}`, headers);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ id: target.user.id, email: target.user.email, roleName: 'User' });
    }
  });

  it('shows only the public name to another user', async () => {
    const target = await t.current.createUser();
    const other = await t.current.createUser({ role: 'Seller' });
    expect(json(await get(`/api/users/${target.user.id}`, other.headers))).toEqual({
      id: target.user.id,
      userName: target.user.userName,
    });
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    const { headers } = await t.current.createUser({ role: 'Admin' });
    expect(codeOf(await get('/api/users/99999999', headers))).toBe('NOT_FOUND');
    const bad = await get('/api/users/abc', headers);
    expect(bad.statusCode).toBe(400);
    expect(json<{ issues: Array<{ path: string }> }>(bad).issues[0]?.path).toBe('id');
  });
});

describe('GET /api/users', () => {
  it('lists users for an admin and a manager', async () => {
    const listed = await t.current.createUser({ role: 'Seller' });
    for (const role of ['Admin', 'Manager'] as const) {
      const res = await get('/api/users', (await t.current.createUser({ role })).headers);
      expect(res.statusCode).toBe(200);
      const row = json<Array<Record<string, unknown>>>(res).find((u) => u.id === listed.user.id);
      expect(row).toEqual({
        id: listed.user.id,
        userName: listed.user.userName,
        email: listed.user.email,
        phoneNumber: listed.user.phoneNumber,
        wilaya: 16,
        roleName: 'Seller',
        role_id: 6,
        created_at: listed.user.createdAt.toISOString(),
      });
    }
  });

  it('is forbidden to farmers, sellers and investors', async () => {
    for (const role of ['User', 'Seller', 'Investor'] as const) {
      const res = await get('/api/users', (await t.current.createUser({ role })).headers);
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('FORBIDDEN');
    }
  });
});

describe('PUT /api/users/{id}', () => {
  it('lets a user edit their own profile fields', async () => {
    const { user, headers } = await t.current.createUser();
    const res = await put(`/api/users/${user.id}`, headers, {
      userName: 'Nouveau Nom',
      phone_number: '0770123456',
      wilaya: 25,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: Record<string, unknown> }>(res).user).toMatchObject({
      userName: 'Nouveau Nom',
      phoneNumber: '0770123456',
      wilaya: 25,
      wilayaName: { fr: 'Constantine', ar: 'قسنطينة' },
    });
    expect(json(await get('/api/users/profile', headers))).toMatchObject({ userName: 'Nouveau Nom', wilaya: 25 });
  });

  it('accepts the unchanged role from a non-admin but refuses a role change', async () => {
    const { user, headers } = await t.current.createUser();
    expect((await put(`/api/users/${user.id}`, headers, { role_id: 2, userName: 'Same Role' })).statusCode).toBe(200);
    const res = await put(`/api/users/${user.id}`, headers, { role_id: 1 });
    expect(res.statusCode).toBe(403);
    expect(json(await get('/api/users/get', headers))).toMatchObject({ role_id: 2 });
  });

  it('lets an admin edit another user and change their role', async () => {
    const admin = await t.current.createUser({ role: 'Admin' });
    const { user, headers } = await t.current.createUser();
    const res = await put(`/api/users/${user.id}`, admin.headers, { role_id: 3, userName: 'Promoted' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: Record<string, unknown> }>(res).user).toMatchObject({
      role_id: 3,
      roleName: 'Manager',
      userName: 'Promoted',
    });
    // The role is re-read on every request: the user's existing token now carries the new role.
    expect(json(await get('/api/roles/my-role', headers))).toEqual({ role: 'Manager', roleId: 3 });
  });

  it('refuses an admin changing their own role and an unknown role', async () => {
    const admin = await t.current.createUser({ role: 'Admin' });
    expect((await put(`/api/users/${admin.user.id}`, admin.headers, { role_id: 2 })).statusCode).toBe(403);
    const target = await t.current.createUser();
    const res = await put(`/api/users/${target.user.id}`, admin.headers, { role_id: 5 });
    expect(res.statusCode).toBe(400);
    expect(json<{ issues: Array<{ path: string }> }>(res).issues[0]?.path).toBe('role_id');
  });

  it('forbids editing someone else, for non-admins including managers', async () => {
    const target = await t.current.createUser();
    for (const role of ['User', 'Manager'] as const) {
      const res = await put(`/api/users/${target.user.id}`, (await t.current.createUser({ role })).headers, {
        userName: 'Hacked',
      });
      expect(res.statusCode).toBe(403);
    }
    expect(json(await get('/api/users/profile', target.headers))).toMatchObject({ userName: target.user.userName });
  });

  it('validates the fields', async () => {
    const { user, headers } = await t.current.createUser();
    for (const [payload, path] of [
      [{ phone_number: '12345678901' }, 'phone_number'],
      [{ phone_number: '05 50' }, 'phone_number'],
      [{ wilaya: 0 }, 'wilaya'],
      [{ wilaya: 59 }, 'wilaya'],
      [{ userName: '' }, 'userName'],
    ] as const) {
      const res = await put(`/api/users/${user.id}`, headers, payload);
      expect(res.statusCode).toBe(400);
      expect(json<{ issues: Array<{ path: string }> }>(res).issues.map((i) => i.path)).toContain(path);
    }
  });

  it('answers 404 when an admin edits an unknown user', async () => {
    const admin = await t.current.createUser({ role: 'Admin' });
    expect(codeOf(await put('/api/users/99999999', admin.headers, { userName: 'x' }))).toBe('NOT_FOUND');
  });
});

describe('DELETE /api/users/{id}', () => {
  it('lets an admin delete a user, whose token then stops working and whose rows go with them', async () => {
    const admin = await t.current.createUser({ role: 'Admin' });
    const seller = await t.current.createUser({ role: 'Seller' });
    const { db } = t.current.database;
    await db
      .insert(passwordResetCodes)
      .values({ userId: seller.user.id, codeHash: 'x', expiresAt: new Date(Date.now() + 60_000) });

    const res = await del(`/api/users/${seller.user.id}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ message: string }>(res).message).toBe('تم حذف المستخدم.');
    expect(await db.select().from(users).where(eq(users.id, seller.user.id))).toEqual([]);
    expect(await db.select().from(userSellerRoles).where(eq(userSellerRoles.userId, seller.user.id))).toEqual([]);
    expect(await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, seller.user.id))).toEqual([]);

    const after = await get('/api/users/profile', seller.headers);
    expect(after.statusCode).toBe(401);
    expect(codeOf(after)).toBe('UNAUTHENTICATED');
    expect(codeOf(await del(`/api/users/${seller.user.id}`, admin.headers))).toBe('NOT_FOUND');
  });

  it('refuses an admin deleting themself and every other role', async () => {
    const admin = await t.current.createUser({ role: 'Admin' });
    const self = await del(`/api/users/${admin.user.id}`, admin.headers);
    expect(self.statusCode).toBe(403);
    expect(codeOf(self)).toBe('SELF_DELETE');
    const selfFr = await t.current.inject({
      method: 'DELETE',
      url: `/api/users/${admin.user.id}`,
      headers: { ...admin.headers, 'accept-language': 'fr' },
    });
    expect(json<{ message: string }>(selfFr).message).toBe('Vous ne pouvez pas supprimer votre propre compte.');
    expect((await get('/api/users/profile', admin.headers)).statusCode).toBe(200);
    const target = await t.current.createUser();
    for (const role of ['User', 'Manager', 'Seller', 'Investor'] as const) {
      expect(
        (await del(`/api/users/${target.user.id}`, (await t.current.createUser({ role })).headers)).statusCode,
      ).toBe(403);
    }
    expect((await get('/api/users/profile', target.headers)).statusCode).toBe(200);
  });
});
