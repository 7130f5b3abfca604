import { and, eq, planFunctionalities, sellerPlanFunctionalities } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { issuesOf, kit, tag } from './test-kit.ts';

const t = useTestApp();
const k = kit(t);

async function newFunctionality(headers: Record<string, string>) {
  const res = await k.post('/api/fonctionnality', headers, { name: `Fonction ${tag()}`, psudo: 'pseudo' });
  expect(res.statusCode).toBe(201);
  return json<{ id: number; name: string; psudo: string }>(res);
}

describe('/api/fonctionnality', () => {
  it('creates a functionality (admin) and lists it (anyone)', async () => {
    const { admin } = await k.cast();
    const created = await newFunctionality(admin.headers);
    expect(created).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^Fonction /),
      nameAr: '',
      psudo: 'pseudo',
    });
    const list = json<Array<Record<string, unknown>>>(await k.get('/api/fonctionnality'));
    expect(list).toContainEqual(created);
  });

  it('requires name and psudo', async () => {
    const { admin } = await k.cast();
    for (const body of [{ psudo: 'x' }, { name: 'x' }, { name: ' ', psudo: 'x' }, { name: 'x', psudo: '' }]) {
      const res = await k.post('/api/fonctionnality', admin.headers, body);
      expect(res.statusCode).toBe(400);
      expect(issuesOf(res)[0]?.message).toBe('validation.required');
    }
  });

  it('answers 409 for a duplicate name', async () => {
    const { admin } = await k.cast();
    const created = await newFunctionality(admin.headers);
    const res = await k.post('/api/fonctionnality', admin.headers, { name: created.name, psudo: 'y' });
    expect(res.statusCode).toBe(409);
    expect(issuesOf(res)).toEqual([{ path: 'name', code: 'duplicate', message: 'conflict.duplicate' }]);
  });

  it('is written by admins only', async () => {
    const { manager, farmer, seller } = await k.cast();
    const body = { name: `F ${tag()}`, psudo: 'p' };
    expect((await k.post('/api/fonctionnality', {}, body)).statusCode).toBe(401);
    for (const c of [manager, farmer, seller])
      expect((await k.post('/api/fonctionnality', c.headers, body)).statusCode).toBe(403);
  });
});

describe('POST /api/abonnementFonctionnality', () => {
  it('assigns a functionality to a farmer plan once; again → 409 already_assigned', async () => {
    const { admin } = await k.cast();
    const feature = await newFunctionality(admin.headers);
    const { plan } = await factories.createPlan(t.current.database.db);
    const body = { fonctionnalityId: feature.id, abonnementId: plan.id, abonnementType: 'agriculteur' };
    const res = await k.post('/api/abonnementFonctionnality', admin.headers, body);
    expect(res.statusCode).toBe(201);
    const rows = await t.current.database.db
      .select()
      .from(planFunctionalities)
      .where(and(eq(planFunctionalities.planId, plan.id), eq(planFunctionalities.functionalityId, feature.id)));
    expect(rows).toHaveLength(1);
    const again = await k.post('/api/abonnementFonctionnality', admin.headers, body);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'fonctionnalityId', code: 'already_assigned', message: 'conflict.functionalityAssigned' }],
    });
    // The details route now shows it.
    const offer = json<Array<{ id: number; fonctionnalities: Array<{ id: number }> }>>(
      await k.get('/api/abonnement/details'),
    ).find((p) => p.id === plan.id);
    expect(offer?.fonctionnalities.map((f) => f.id)).toEqual([feature.id]);
  });

  it('validates the ids and the type, and names an unknown reference', async () => {
    const { admin } = await k.cast();
    const feature = await newFunctionality(admin.headers);
    const { plan } = await factories.createPlan(t.current.database.db);
    const wrongType = await k.post('/api/abonnementFonctionnality', admin.headers, {
      fonctionnalityId: feature.id,
      abonnementId: plan.id,
      abonnementType: 'vendeur',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(issuesOf(wrongType)[0]?.path).toBe('abonnementType');
    const missing = await k.post('/api/abonnementFonctionnality', admin.headers, { abonnementId: plan.id });
    expect(issuesOf(missing).map((i) => i.path)).toContain('fonctionnalityId');
    const unknownPlan = await k.post('/api/abonnementFonctionnality', admin.headers, {
      fonctionnalityId: feature.id,
      abonnementId: 99999999,
    });
    expect(unknownPlan.statusCode).toBe(400);
    expect(issuesOf(unknownPlan)).toEqual([
      { path: 'abonnementId', code: 'unknown_reference', message: 'validation.unknownReference' },
    ]);
    const unknownFeature = await k.post('/api/abonnementFonctionnality', admin.headers, {
      fonctionnalityId: 99999999,
      abonnementId: plan.id,
    });
    expect(issuesOf(unknownFeature)[0]?.path).toBe('fonctionnalityId');
  });

  it('is for admins only', async () => {
    const { manager, farmer } = await k.cast();
    const body = { fonctionnalityId: 1, abonnementId: 1, abonnementType: 'agriculteur' };
    expect((await k.post('/api/abonnementFonctionnality', {}, body)).statusCode).toBe(401);
    expect((await k.post('/api/abonnementFonctionnality', manager.headers, body)).statusCode).toBe(403);
    expect((await k.post('/api/abonnementFonctionnality', farmer.headers, body)).statusCode).toBe(403);
  });
});

describe('POST /api/sellerAbonnementFonctionality', () => {
  it('assigns a functionality to a seller plan once; again → 409', async () => {
    const { admin, seller } = await k.cast();
    const feature = await newFunctionality(admin.headers);
    const { sellerPlan } = await factories.createSellerPlan(t.current.database.db);
    const body = { fonctionnalityId: feature.id, sellerabonnementid: sellerPlan.id, abonnementType: 'vendeur' };
    expect((await k.post('/api/sellerAbonnementFonctionality', seller.headers, body)).statusCode).toBe(403);
    expect((await k.post('/api/sellerAbonnementFonctionality', admin.headers, body)).statusCode).toBe(201);
    const rows = await t.current.database.db
      .select()
      .from(sellerPlanFunctionalities)
      .where(eq(sellerPlanFunctionalities.sellerPlanId, sellerPlan.id));
    expect(rows).toEqual([{ sellerPlanId: sellerPlan.id, functionalityId: feature.id }]);
    const again = await k.post('/api/sellerAbonnementFonctionality', admin.headers, body);
    expect(again.statusCode).toBe(409);
    expect(issuesOf(again)[0]?.code).toBe('already_assigned');
    const unknown = await k.post('/api/sellerAbonnementFonctionality', admin.headers, {
      ...body,
      sellerabonnementid: 99999999,
    });
    expect(issuesOf(unknown)[0]?.path).toBe('sellerabonnementid');
    const wrongType = await k.post('/api/sellerAbonnementFonctionality', admin.headers, {
      ...body,
      abonnementType: 'agriculteur',
    });
    expect(wrongType.statusCode).toBe(400);
  });
});
