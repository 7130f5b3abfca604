import { and, eq, farmerSubscriptions, indexResults, subscriptionIndexUsage } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit, type Caller } from '../plans/test-kit.ts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

type Sub = { id: number; abn_id: number; user_id: number; etat: string; durée: number; date_abonnement: string };

async function subscribe(farmer: Caller, planId: number, extra: Record<string, unknown> = {}) {
  return k.post('/api/abonnementUser', farmer.headers, { abn_id: planId, ...extra });
}
const usageRows = (subscriptionId: number) =>
  db().select().from(subscriptionIndexUsage).where(eq(subscriptionIndexUsage.subscriptionId, subscriptionId));

describe('POST /api/abonnementUser', () => {
  it('creates a pending subscription for the caller: désactivé, 12 months, today, no usage rows yet', async () => {
    const farmer = await k.as('User');
    const { plan } = await factories.createPlan(db());
    // The earlier client sends all of these; the server decides them.
    const res = await subscribe(farmer, plan.id, {
      user_id: farmer.id,
      etat: 'actif',
      durée: 99,
      date_abonnement: '2001-01-01',
    });
    expect(res.statusCode).toBe(201);
    const sub = json<{ abonnementUser: Sub }>(res).abonnementUser;
    expect(sub).toMatchObject({
      abn_id: plan.id,
      user_id: farmer.id,
      etat: 'désactivé',
      durée: 12,
      date_activation: null,
    });
    expect(sub.date_abonnement.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(await usageRows(sub.id)).toEqual([]);
  });

  it('refuses a user_id naming someone else (403) and writes nothing', async () => {
    const [farmer, other] = [await k.as('User'), await k.as('User')];
    const { plan } = await factories.createPlan(db());
    expect((await subscribe(farmer, plan.id, { user_id: other.id })).statusCode).toBe(403);
    expect(await db().select().from(farmerSubscriptions).where(eq(farmerSubscriptions.userId, other.id))).toEqual([]);
    expect(await db().select().from(farmerSubscriptions).where(eq(farmerSubscriptions.userId, farmer.id))).toEqual([]);
  });

  it('allows one open (pending or active) subscription at a time: 409 subscription_open', async () => {
    const farmer = await k.as('User');
    const { plan } = await factories.createPlan(db());
    expect((await subscribe(farmer, plan.id)).statusCode).toBe(201);
    const pending = await subscribe(farmer, plan.id);
    expect(pending.statusCode).toBe(409);
    expect(issuesOf(pending)).toEqual([
      { path: 'abn_id', code: 'subscription_open', message: 'conflict.subscriptionOpen' },
    ]);

    const active = await k.as('User');
    await factories.createFarmerSubscription(db(), { userId: active.id, planId: plan.id });
    expect((await subscribe(active, plan.id)).statusCode).toBe(409);
  });

  it('lets a farmer whose subscription was deactivated after use subscribe again', async () => {
    const farmer = await k.as('User');
    const { admin } = await k.cast();
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id });
    await k.put(`/api/abonnementUser/${subscription.id}`, admin.headers, { etat: 'désactivé' });
    const { plan } = await factories.createPlan(db());
    expect((await subscribe(farmer, plan.id)).statusCode).toBe(201);
  });

  it('validates abn_id and rejects an unknown plan', async () => {
    const farmer = await k.as('User');
    for (const abn_id of [undefined, '', 'x', 0, -3, 1.5]) {
      const res = await k.post('/api/abonnementUser', farmer.headers, { abn_id });
      expect(res.statusCode, String(abn_id)).toBe(400);
      expect(issuesOf(res)[0]?.path).toBe('abn_id');
    }
    const unknown = await subscribe(farmer, 99999999);
    expect(unknown.statusCode).toBe(400);
    expect(issuesOf(unknown)[0]?.code).toBe('unknown_reference');
  });

  it('is for farmers only', async () => {
    const { admin, manager, seller } = await k.cast();
    const { plan } = await factories.createPlan(db());
    expect((await k.post('/api/abonnementUser', {}, { abn_id: plan.id })).statusCode).toBe(401);
    for (const c of [admin, manager, seller]) expect((await subscribe(c, plan.id)).statusCode).toBe(403);
  });

  it('opens only one subscription when a farmer submits twice at once', async () => {
    const farmer = await k.as('User');
    const { plan } = await factories.createPlan(db());
    const answers = await Promise.all([1, 2, 3].map(() => subscribe(farmer, plan.id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await db().select().from(farmerSubscriptions).where(eq(farmerSubscriptions.userId, farmer.id))).toHaveLength(
      1,
    );
  });
});

describe('GET /api/abonnementUser/user/{userId}/status', () => {
  it("answers the user's subscriptions newest first to the user, an admin and a manager", async () => {
    const farmer = await k.as('User');
    const { admin, manager } = await k.cast();
    const older = await factories.createFarmerSubscription(db(), { userId: farmer.id, state: 'désactivé' });
    await db()
      .update(farmerSubscriptions)
      .set({ subscribedAt: new Date('2024-01-01') })
      .where(eq(farmerSubscriptions.id, older.subscription.id));
    const newer = await factories.createFarmerSubscription(db(), { userId: farmer.id });
    for (const caller of [farmer, admin, manager]) {
      const res = await k.get(`/api/abonnementUser/user/${farmer.id}/status`, caller.headers);
      expect(res.statusCode).toBe(200);
      const list = json<Array<Sub & { abonnement: { nameAbonnement: string } }>>(res);
      expect(list.map((s) => [s.id, s.etat])).toEqual([
        [newer.subscription.id, 'actif'],
        [older.subscription.id, 'désactivé'],
      ]);
      expect(list[0]?.abonnement.nameAbonnement).toEqual(expect.any(String));
    }
  });

  it('answers an empty list for a user without subscription', async () => {
    const farmer = await k.as('User');
    expect(json(await k.get(`/api/abonnementUser/user/${farmer.id}/status`, farmer.headers))).toEqual([]);
  });

  it("refuses another farmer's status (403, no data) and anonymous callers (401)", async () => {
    const [farmer, other] = [await k.as('User'), await k.as('User')];
    await factories.createFarmerSubscription(db(), { userId: other.id });
    const res = await k.get(`/api/abonnementUser/user/${other.id}/status`, farmer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('abn_id');
    expect((await k.get(`/api/abonnementUser/user/${other.id}/status`)).statusCode).toBe(401);
  });
});

describe('GET /api/abonnementUser', () => {
  it('lists every subscription with the plan and the user e-mail for admin and manager', async () => {
    const farmer = await k.as('User');
    const { admin, manager, seller } = await k.cast();
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id, state: 'désactivé' });
    for (const caller of [admin, manager]) {
      const list = json<Array<Sub & { abonnement: { prices: string }; User: { email: string } }>>(
        await k.get('/api/abonnementUser', caller.headers),
      );
      const row = list.find((s) => s.id === subscription.id);
      expect(row?.User.email).toMatch(/@/);
      expect(row?.abonnement.prices).toBe('10000 DA/an');
      expect(row?.etat).toBe('désactivé');
    }
    expect((await k.get('/api/abonnementUser', farmer.headers)).statusCode).toBe(403);
    expect((await k.get('/api/abonnementUser', seller.headers)).statusCode).toBe(403);
    expect((await k.get('/api/abonnementUser')).statusCode).toBe(401);
  });
});

describe('PUT /api/abonnementUser/{id}', () => {
  it('activation creates one usage row per plan index from the request counts, exactly once', async () => {
    const farmer = await k.as('User');
    const { admin, manager } = await k.cast();
    const { plan } = await factories.createPlan(db(), { requests: { NDVI: 4, NDWI: 9 } });
    const sub = json<{ abonnementUser: Sub }>(await subscribe(farmer, plan.id)).abonnementUser;
    const first = await k.put(`/api/abonnementUser/${sub.id}`, admin.headers, { etat: 'actif' });
    expect(first.statusCode).toBe(200);
    expect(json<{ abonnementUser: Sub }>(first).abonnementUser.etat).toBe('actif');
    const rows = await usageRows(sub.id);
    expect(rows.map((r) => [r.total, r.used]).sort()).toEqual([
      [4, 0],
      [9, 0],
    ]);
    // Spend one request, then deactivate and reactivate (a manager may too): rows are kept, never reset or doubled.
    const ndvi = await factories.indexIdByCode(db(), 'NDVI');
    await db()
      .update(subscriptionIndexUsage)
      .set({ used: 1 })
      .where(and(eq(subscriptionIndexUsage.subscriptionId, sub.id), eq(subscriptionIndexUsage.indexId, ndvi)));
    expect((await k.put(`/api/abonnementUser/${sub.id}`, manager.headers, { etat: 'désactivé' })).statusCode).toBe(200);
    expect(await usageRows(sub.id)).toHaveLength(2);
    expect((await k.put(`/api/abonnementUser/${sub.id}`, manager.headers, { etat: 'actif' })).statusCode).toBe(200);
    expect((await k.put(`/api/abonnementUser/${sub.id}`, admin.headers, { etat: 'actif' })).statusCode).toBe(200);
    const after = await usageRows(sub.id);
    expect(after).toHaveLength(2);
    expect(after.find((r) => r.indexId === ndvi)?.used).toBe(1);
  });

  it('refuses to give a farmer two active subscriptions (409 other_active)', async () => {
    const farmer = await k.as('User');
    const { admin } = await k.cast();
    await factories.createFarmerSubscription(db(), { userId: farmer.id });
    const { subscription: second } = await factories.createFarmerSubscription(db(), {
      userId: farmer.id,
      state: 'désactivé',
    });
    const res = await k.put(`/api/abonnementUser/${second.id}`, admin.headers, { etat: 'actif' });
    expect(res.statusCode).toBe(409);
    expect(issuesOf(res)[0]?.code).toBe('other_active');
    expect(await usageRows(second.id)).toEqual([]);
  });

  it('validates etat, answers 404 for an unknown id and refuses farmers and sellers', async () => {
    const farmer = await k.as('User');
    const { admin, seller } = await k.cast();
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id, state: 'désactivé' });
    for (const etat of [undefined, '', 'active', 'ACTIF']) {
      const res = await k.put(`/api/abonnementUser/${subscription.id}`, admin.headers, { etat });
      expect(res.statusCode).toBe(400);
      expect(issuesOf(res)[0]?.path).toBe('etat');
    }
    expect(codeOf(await k.put('/api/abonnementUser/99999999', admin.headers, { etat: 'actif' }))).toBe('NOT_FOUND');
    expect((await k.put(`/api/abonnementUser/${subscription.id}`, farmer.headers, { etat: 'actif' })).statusCode).toBe(
      403,
    );
    expect((await k.put(`/api/abonnementUser/${subscription.id}`, seller.headers, { etat: 'actif' })).statusCode).toBe(
      403,
    );
    expect((await k.put(`/api/abonnementUser/${subscription.id}`, {}, { etat: 'actif' })).statusCode).toBe(401);
    expect(await usageRows(subscription.id)).toEqual([]);
  });
});

describe('DELETE /api/abonnementUser/{id}', () => {
  it('deletes the subscription and its usage rows; produced images keep their history', async () => {
    const farmer = await k.as('User');
    const { admin } = await k.cast();
    const { subscription, usage } = await factories.createFarmerSubscription(db(), { userId: farmer.id });
    expect(usage.length).toBeGreaterThan(0);
    const { parcel } = await factories.createParcel(db(), { userId: farmer.id });
    const { indexResult: result } = await factories.createIndexResult(db(), {
      userId: farmer.id,
      parcelId: parcel.id,
      indexId: usage[0]?.indexId ?? 0,
      subscriptionId: subscription.id,
    });
    const res = await k.del(`/api/abonnementUser/${subscription.id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(farmerSubscriptions).where(eq(farmerSubscriptions.id, subscription.id))).toEqual(
      [],
    );
    expect(await usageRows(subscription.id)).toEqual([]);
    const [kept] = await db().select().from(indexResults).where(eq(indexResults.id, result.id));
    expect(kept?.subscriptionId).toBeNull();
    expect(codeOf(await k.del(`/api/abonnementUser/${subscription.id}`, admin.headers))).toBe('NOT_FOUND');
  });

  it('is for admins only (a manager may not delete)', async () => {
    const farmer = await k.as('User');
    const { manager } = await k.cast();
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id });
    for (const headers of [manager.headers, farmer.headers]) {
      expect((await k.del(`/api/abonnementUser/${subscription.id}`, headers)).statusCode).toBe(403);
    }
    expect((await k.del(`/api/abonnementUser/${subscription.id}`)).statusCode).toBe(401);
    expect(
      await db().select().from(farmerSubscriptions).where(eq(farmerSubscriptions.id, subscription.id)),
    ).toHaveLength(1);
  });
});
