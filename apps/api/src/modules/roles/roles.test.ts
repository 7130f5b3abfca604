import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';

const t = useTestApp();
const get = (url: string, headers: Record<string, string> = {}) => t.current.inject({ method: 'GET', url, headers });

describe('roles', () => {
  it('GET /api/roles/my-role answers each role name and id', async () => {
    const expected = { Admin: 1, User: 2, Manager: 3, Investor: 4, Seller: 6 } as const;
    for (const [role, roleId] of Object.entries(expected) as Array<[keyof typeof expected, number]>) {
      const { headers } = await t.current.createUser({ role });
      expect(json(await get('/api/roles/my-role', headers))).toEqual({ role, roleId });
    }
  });

  it('GET /api/roles lists id and roleName for a signed-in user', async () => {
    const { headers } = await t.current.createUser();
    const res = await get('/api/roles', headers);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(
      expect.arrayContaining([
        { id: 1, roleName: 'Admin' },
        { id: 2, roleName: 'User' },
        { id: 3, roleName: 'Manager' },
        { id: 4, roleName: 'Investor' },
        { id: 6, roleName: 'Seller' },
      ]),
    );
    expect((await get('/api/roles')).statusCode).toBe(401);
  });

  it('GET /api/sellerRoles is public and bilingual', async () => {
    const res = await get('/api/sellerRoles');
    expect(res.statusCode).toBe(200);
    const list = json<Array<{ id: number; roleName: string; roleNameAr: string }>>(res);
    expect(list.length).toBeGreaterThanOrEqual(4);
    for (const item of list) {
      expect(item.roleName.length).toBeGreaterThan(0);
      expect(item.roleNameAr).toMatch(/[\u0600-\u06FF]/);
    }
    expect(list.map((r) => r.id)).toEqual([...list.map((r) => r.id)].sort((a, b) => a - b));
  });
});

describe('GET /api/userSellerRole/{userId}', () => {
  it('answers the seller role to the seller, an admin and a manager', async () => {
    const seller = await t.current.createUser({ role: 'Seller', sellerRoleId: 2 });
    const sellerRoles = json<Array<{ id: number; roleName: string; roleNameAr: string }>>(
      await get('/api/sellerRoles'),
    );
    const expected = sellerRoles.find((r) => r.id === 2);
    for (const headers of [
      seller.headers,
      (await t.current.createUser({ role: 'Admin' })).headers,
      (await t.current.createUser({ role: 'Manager' })).headers,
    ]) {
      const res = await get(`/api/userSellerRole/${seller.user.id}`, headers);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ sellerRole: expected });
    }
  });

  it('is forbidden for another user and 404 for a user without a seller role', async () => {
    const seller = await t.current.createUser({ role: 'Seller' });
    const farmer = await t.current.createUser();
    expect((await get(`/api/userSellerRole/${seller.user.id}`, farmer.headers)).statusCode).toBe(403);
    const res = await get(`/api/userSellerRole/${farmer.user.id}`, farmer.headers);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
