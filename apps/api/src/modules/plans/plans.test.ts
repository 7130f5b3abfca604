import { eq, functionalities, planFunctionalities, planIndices, plans } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit, tag } from './test-kit.ts';

const t = useTestApp();
const k = kit(t);

const newPlan = (overrides: Record<string, unknown> = {}) => ({
  nameAbonnement: `Plan ${tag()}`,
  nameClient: 'Exploitations de 1 à 10 ha',
  prices: '15000 DA/an',
  ...overrides,
});

describe('POST /api/abonnement', () => {
  it('creates a plan for an admin and answers it with the SPEC field names', async () => {
    const { admin } = await k.cast();
    const body = newPlan({ description: JSON.stringify({ ar: 'وصف', fr: 'Description' }) });
    const res = await k.post('/api/abonnement', { ...admin.headers, 'accept-language': 'fr' }, body);
    expect(res.statusCode).toBe(201);
    const plan = json(res);
    expect(plan).toMatchObject({
      nameAbonnement: body.nameAbonnement,
      nameClient: body.nameClient,
      prices: body.prices,
      description: 'Description',
      descriptionFr: 'Description',
      descriptionAr: 'وصف',
    });
    expect(typeof plan.id).toBe('number');
    expect(new Date(plan.createdAt as string).getTime()).not.toBeNaN();
    const [row] = await t.current.database.db
      .select()
      .from(plans)
      .where(eq(plans.id, plan.id as number));
    expect(row?.name).toBe(body.nameAbonnement);
  });

  it('uses a plain-text description for both languages and accepts a numeric price', async () => {
    const { admin } = await k.cast();
    const res = await k.post('/api/abonnement', admin.headers, newPlan({ description: 'Texte', prices: 15000 }));
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      prices: '15000',
      descriptionFr: 'Texte',
      descriptionAr: 'Texte',
      description: 'Texte',
    });
  });

  it('requires nameAbonnement, nameClient and prices', async () => {
    const { admin } = await k.cast();
    for (const field of ['nameAbonnement', 'nameClient', 'prices']) {
      for (const value of [undefined, '', '   ']) {
        const res = await k.post('/api/abonnement', admin.headers, newPlan({ [field]: value }));
        expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
        expect(issuesOf(res).map((i) => i.path)).toContain(field);
      }
    }
  });

  it('answers 409 CONFLICT for a name already used', async () => {
    const { admin } = await k.cast();
    const body = newPlan();
    expect((await k.post('/api/abonnement', admin.headers, body)).statusCode).toBe(201);
    const again = await k.post('/api/abonnement', admin.headers, { ...body, nameClient: 'other' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      code: 'CONFLICT',
      issues: [{ path: 'nameAbonnement', code: 'duplicate', message: 'conflict.duplicate' }],
    });
  });

  it('is for admins only', async () => {
    const { manager, farmer, seller } = await k.cast();
    expect((await k.post('/api/abonnement', {}, newPlan())).statusCode).toBe(401);
    for (const caller of [manager, farmer, seller]) {
      expect((await k.post('/api/abonnement', caller.headers, newPlan())).statusCode).toBe(403);
    }
  });
});

describe('GET /api/abonnement', () => {
  it('lists plans to anyone, including a new one', async () => {
    const { admin } = await k.cast();
    const created = json(await k.post('/api/abonnement', admin.headers, newPlan()));
    const res = await k.get('/api/abonnement');
    expect(res.statusCode).toBe(200);
    const list = json<Array<Record<string, unknown>>>(res);
    expect(list.find((p) => p.id === created.id)).toEqual(created);
    // The seeded offers are there too.
    expect(list.map((p) => p.nameAbonnement)).toEqual(expect.arrayContaining(['Basic', 'Standard', 'Premium']));
  });
});

describe('GET /api/abonnement/details and /api/abonnementFonctionnality/detailed', () => {
  it('answers each offer with its functionalities and indices (description JSON, recommendations, request count)', async () => {
    const db = t.current.database.db;
    const { plan } = await factories.createPlan(db, { requests: { NDVI: 7, NDMI: 3 } });
    const [feature] = await db
      .insert(functionalities)
      .values({ name: `F ${tag()}`, psudo: 'f' })
      .returning();
    await db.insert(planFunctionalities).values({ planId: plan.id, functionalityId: feature?.id ?? 0 });
    for (const url of [
      '/api/abonnement/details',
      '/api/abonnementFonctionnality/detailed',
      '/api/abonnementFonctionality/detailed',
    ]) {
      const res = await k.get(url);
      expect(res.statusCode, url).toBe(200);
      const offer = json<Array<Record<string, unknown>>>(res).find((p) => p.id === plan.id);
      expect(offer).toMatchObject({ nameAbonnement: plan.name, nameClient: plan.clientName, prices: plan.prices });
      expect(offer?.fonctionnalities).toEqual([{ id: feature?.id, name: feature?.name, nameAr: '', psudo: 'f' }]);
      const indices = offer?.indices as Array<Record<string, unknown>>;
      expect(indices.map((i) => [i.code, i.nombre_de_requete])).toEqual([
        ['NDVI', 7],
        ['NDMI', 3],
      ]);
      const ndvi = indices[0] ?? {};
      expect(ndvi.name).toBe('Indice NDVI');
      const description = JSON.parse(ndvi.description as string) as { ar: string; fr: string };
      expect(description.fr).toContain('NDVI');
      expect(description.ar.length).toBeGreaterThan(0);
      const recommendation = ndvi.recommendation as Array<{
        range: { ar: string; fr: string };
        ar: string;
        fr: string;
      }>;
      expect(recommendation.length).toBeGreaterThan(0);
      expect(recommendation[0]).toEqual({
        range: { ar: expect.any(String), fr: expect.any(String) },
        ar: expect.any(String),
        fr: expect.any(String),
      });
    }
  });
});

describe('DELETE /api/abonnement/{id}', () => {
  it('deletes an unused plan with its assignments and functionality links', async () => {
    const { admin } = await k.cast();
    const db = t.current.database.db;
    const { plan } = await factories.createPlan(db);
    const [feature] = await db
      .insert(functionalities)
      .values({ name: `F ${tag()}`, psudo: 'f' })
      .returning();
    await db.insert(planFunctionalities).values({ planId: plan.id, functionalityId: feature?.id ?? 0 });
    const res = await k.del(`/api/abonnement/${plan.id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toEqual(expect.any(String));
    expect(await db.select().from(plans).where(eq(plans.id, plan.id))).toEqual([]);
    expect(await db.select().from(planIndices).where(eq(planIndices.planId, plan.id))).toEqual([]);
    expect(await db.select().from(planFunctionalities).where(eq(planFunctionalities.planId, plan.id))).toEqual([]);
    // The functionality itself stays.
    expect(
      await db
        .select()
        .from(functionalities)
        .where(eq(functionalities.id, feature?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('refuses with 409 IN_USE while a farmer subscribes to it', async () => {
    const { admin, farmer } = await k.cast();
    const db = t.current.database.db;
    const { plan } = await factories.createPlan(db);
    await factories.createFarmerSubscription(db, { userId: farmer.id, planId: plan.id, state: 'désactivé' });
    const res = await k.del(`/api/abonnement/${plan.id}`, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'IN_USE', issues: [{ code: 'subscribed' }] });
    expect(await db.select().from(plans).where(eq(plans.id, plan.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown plan and refuses other roles', async () => {
    const { admin, manager, farmer } = await k.cast();
    expect(codeOf(await k.del('/api/abonnement/99999999', admin.headers))).toBe('NOT_FOUND');
    const { plan } = await factories.createPlan(t.current.database.db);
    expect((await k.del(`/api/abonnement/${plan.id}`)).statusCode).toBe(401);
    expect((await k.del(`/api/abonnement/${plan.id}`, manager.headers)).statusCode).toBe(403);
    expect((await k.del(`/api/abonnement/${plan.id}`, farmer.headers)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the farmer-domain routes', async () => {
    const res = await k.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(res).paths);
    for (const path of [
      '/api/abonnement',
      '/api/abonnementUser/{id}',
      '/api/indice/{userId}/indices',
      '/api/legende/{id}',
      '/api/abonnementIndice/{abonnementId}/{indiceId}',
      '/api/parcelle',
      '/api/service-requests',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
