import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: Record<string, unknown>,
) => t.current.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const codeOf = (res: { body: string }) => json<{ code: string }>(res).code;
const unique = () => `Offre ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

interface PlanOut {
  id: number;
  nameAbonnement: string;
  nbPost: number | null;
  isLimited: boolean;
  priority: number;
  fonctionnalities: Array<{ name: string }>;
}

describe('seller plans (/api/sellerAbonnement)', () => {
  it('lists the seeded plans publicly under both spellings, with functionalities and nbPost null for unlimited', async () => {
    for (const url of ['/api/sellerAbonnement', '/api/sellerabonnement']) {
      const res = await send('GET', url);
      expect(res.statusCode).toBe(200);
      const plans = json<PlanOut[]>(res);
      const essential = plans.find((p) => p.nameAbonnement === 'Vendeur Essentiel');
      const pro = plans.find((p) => p.nameAbonnement === 'Vendeur Pro');
      expect(essential).toMatchObject({ isLimited: true, nbPost: 5, priority: 1 });
      expect(pro).toMatchObject({ isLimited: false, nbPost: null, priority: 2 });
      expect(pro?.fonctionnalities.map((f) => f.name)).toContain('Mise en avant des annonces');
    }
  });

  it('lets an admin create a plan (priority defaults to 1, nbPost optional) and refuses a duplicate name with 409', async () => {
    const admin = await t.current.createUser({ role: 'Admin' });
    const name = unique();
    const res = await send('POST', '/api/sellerAbonnement', admin.headers, {
      nameAbonnement: name,
      nameClient: 'Coopératives',
      price: '4500',
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ nameAbonnement: name, price: 4500, priority: 1, nbPost: null, isLimited: false });

    const limited = await send('POST', '/api/sellerabonnement', admin.headers, {
      nameAbonnement: unique(),
      nameClient: 'x',
      price: 100,
      priority: 3,
      nbPost: 7,
    });
    expect(json(limited)).toMatchObject({ nbPost: 7, isLimited: true, priority: 3 });

    const duplicate = await send('POST', '/api/sellerAbonnement', admin.headers, {
      nameAbonnement: name,
      nameClient: 'x',
      price: 1,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(json(duplicate)).toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'nameAbonnement', code: 'duplicate' }],
    });

    const invalid = await send('POST', '/api/sellerAbonnement', admin.headers, {
      nameAbonnement: '',
      nameClient: 'x',
      price: -1,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('keeps plan writes for admins', async () => {
    const plan = (await factories.createSellerPlan(t.current.database)).sellerPlan;
    for (const role of ['Seller', 'User', 'Manager'] as const) {
      const { headers } = await t.current.createUser({ role });
      expect(
        (await send('POST', '/api/sellerAbonnement', headers, { nameAbonnement: unique(), nameClient: 'x', price: 1 }))
          .statusCode,
      ).toBe(403);
      expect((await send('DELETE', `/api/sellerAbonnement/${plan.id}`, headers)).statusCode).toBe(403);
    }
    expect(
      (await send('POST', '/api/sellerAbonnement', {}, { nameAbonnement: unique(), nameClient: 'x', price: 1 }))
        .statusCode,
    ).toBe(401);
  });

  it('deletes an unused plan, answers 409 IN_USE while a subscription uses it and 404 when gone', async () => {
    const admin = await t.current.createUser({ role: 'Admin' });
    const unused = (await factories.createSellerPlan(t.current.database)).sellerPlan;
    expect((await send('DELETE', `/api/sellerAbonnement/${unused.id}`, admin.headers)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/sellerAbonnement/${unused.id}`, admin.headers)).statusCode).toBe(404);

    const seller = await t.current.createUser({ role: 'Seller' });
    const used = (await factories.createSellerPlan(t.current.database)).sellerPlan;
    await factories.createSellerSubscription(t.current.database, { userId: seller.user.id, sellerPlanId: used.id });
    const refused = await send('DELETE', `/api/sellerAbonnement/${used.id}`, admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('IN_USE');
    const plans = json<PlanOut[]>(await send('GET', '/api/sellerAbonnement'));
    expect(plans.some((p) => p.id === used.id)).toBe(true);
  });
});
