import { and, eq, subscriptionIndexUsage } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit } from '../plans/test-kit.ts';
import type { SubscriptionUsage } from '@filaha/shared/contracts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

const remainingUrl = (id: number) => `/api/abonnementUserIndice/restReq/${id}/indices-restants`;

describe('GET /api/abonnementUserIndice/restReq/{id}/indices-restants', () => {
  it('answers total, used and remaining per index to the owner, an admin and a manager', async () => {
    const farmer = await k.as('User');
    const { admin, manager } = await k.cast();
    const { plan } = await factories.createPlan(db(), { requests: { NDVI: 6, NDMI: 2 } });
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id, planId: plan.id });
    const ndvi = await factories.indexIdByCode(db(), 'NDVI');
    await db()
      .update(subscriptionIndexUsage)
      .set({ used: 4 })
      .where(and(eq(subscriptionIndexUsage.subscriptionId, subscription.id), eq(subscriptionIndexUsage.indexId, ndvi)));
    for (const caller of [farmer, admin, manager]) {
      const res = await k.get(remainingUrl(subscription.id), caller.headers);
      expect(res.statusCode).toBe(200);
      expect(
        json<SubscriptionUsage[]>(res).map((u) => [u.indiceName, u.nbreq_total, u.nbreq_used, u.nbreq_restante]),
      ).toEqual([
        ['Indice NDVI', 6, 4, 2],
        ['Indice NDMI', 2, 0, 2],
      ]);
    }
  });

  it('answers an empty list for a pending subscription (no usage rows yet)', async () => {
    const farmer = await k.as('User');
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id, state: 'désactivé' });
    expect(json(await k.get(remainingUrl(subscription.id), farmer.headers))).toEqual([]);
  });

  it("hides another farmer's usage (404, no data) and refuses anonymous callers", async () => {
    const [farmer, other] = [await k.as('User'), await k.as('User')];
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: other.id });
    const res = await k.get(remainingUrl(subscription.id), farmer.headers);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('nbreq');
    expect((await k.get(remainingUrl(subscription.id), (await k.as('Seller')).headers)).statusCode).toBe(404);
    expect((await k.get(remainingUrl(subscription.id))).statusCode).toBe(401);
    expect(codeOf(await k.get(remainingUrl(99999999), farmer.headers))).toBe('NOT_FOUND');
  });
});

describe('POST /api/abonnementUserIndice/indices', () => {
  it('creates the missing usage rows of an active subscription, idempotently', async () => {
    const farmer = await k.as('User');
    const { admin, manager } = await k.cast();
    const { plan } = await factories.createPlan(db(), { requests: { NDVI: 5 } });
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id, planId: plan.id });
    // An index assigned to the plan after the activation:
    const assign = await k.post('/api/abonnementIndice', admin.headers, {
      AbonnementId: plan.id,
      IndiceId: await factories.indexIdByCode(db(), 'NDRE'),
      nombre_de_requete: 3,
    });
    expect(assign.statusCode).toBe(201);
    const first = await k.post('/api/abonnementUserIndice/indices', manager.headers, {
      abonnementuser_id: subscription.id,
    });
    expect(first.statusCode).toBe(200);
    const body = json<{ created: number; usage: SubscriptionUsage[] }>(first);
    expect(body.created).toBe(1);
    expect(body.usage.map((u) => [u.indiceName, u.nbreq_total])).toEqual([
      ['Indice NDVI', 5],
      ['Indice NDRE', 3],
    ]);
    const again = json<{ created: number; usage: SubscriptionUsage[] }>(
      await k.post('/api/abonnementUserIndice/indices', admin.headers, { abonnementuser_id: String(subscription.id) }),
    );
    expect(again.created).toBe(0);
    expect(again.usage).toHaveLength(2);
  });

  it('refuses a subscription that is not active (409 SUBSCRIPTION_INACTIVE) and an unknown one (404)', async () => {
    const farmer = await k.as('User');
    const { admin } = await k.cast();
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id, state: 'désactivé' });
    const res = await k.post('/api/abonnementUserIndice/indices', admin.headers, {
      abonnementuser_id: subscription.id,
    });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('SUBSCRIPTION_INACTIVE');
    const rows = await db()
      .select()
      .from(subscriptionIndexUsage)
      .where(eq(subscriptionIndexUsage.subscriptionId, subscription.id));
    expect(rows).toEqual([]);
    expect(
      codeOf(await k.post('/api/abonnementUserIndice/indices', admin.headers, { abonnementuser_id: 99999999 })),
    ).toBe('NOT_FOUND');
    const invalid = await k.post('/api/abonnementUserIndice/indices', admin.headers, {});
    expect(issuesOf(invalid)[0]?.path).toBe('abonnementuser_id');
  });

  it('is for admin and manager only', async () => {
    const farmer = await k.as('User');
    const { subscription } = await factories.createFarmerSubscription(db(), { userId: farmer.id });
    const body = { abonnementuser_id: subscription.id };
    expect((await k.post('/api/abonnementUserIndice/indices', farmer.headers, body)).statusCode).toBe(403);
    expect((await k.post('/api/abonnementUserIndice/indices', {}, body)).statusCode).toBe(401);
  });
});
