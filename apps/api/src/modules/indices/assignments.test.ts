import { and, eq, planIndices } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit } from '../plans/test-kit.ts';
import type { PlanIndexAssignment } from '@filaha/shared/contracts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

const rowsOf = (planId: number) => db().select().from(planIndices).where(eq(planIndices.planId, planId));

describe('POST /api/abonnementIndice', () => {
  it('assigns an index to a plan with a request count, once', async () => {
    const { admin } = await k.cast();
    const { plan } = await factories.createPlan(db(), { requests: {} });
    const ndvi = await factories.indexIdByCode(db(), 'NDVI');
    const body = { IndiceId: ndvi, AbonnementId: plan.id, nombre_de_requete: 6 };
    const res = await k.post('/api/abonnementIndice', admin.headers, body);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ ...body, nameAbonnement: plan.name, indiceName: 'Indice NDVI' });
    const again = await k.post('/api/abonnementIndice', admin.headers, { ...body, nombre_de_requete: 9 });
    expect(again.statusCode).toBe(409);
    expect(issuesOf(again)).toEqual([
      { path: 'IndiceId', code: 'assignment_exists', message: 'conflict.assignmentExists' },
    ]);
    expect((await rowsOf(plan.id)).map((r) => r.requestCount)).toEqual([6]);
  });

  it('requires both ids and an integer request count of at least 1', async () => {
    const { admin } = await k.cast();
    const { plan } = await factories.createPlan(db(), { requests: {} });
    const ndvi = await factories.indexIdByCode(db(), 'NDVI');
    for (const count of [0, -1, 1.5, 'abc', '', undefined]) {
      const res = await k.post('/api/abonnementIndice', admin.headers, {
        IndiceId: ndvi,
        AbonnementId: plan.id,
        nombre_de_requete: count,
      });
      expect(res.statusCode, String(count)).toBe(400);
      expect(issuesOf(res)[0]?.path).toBe('nombre_de_requete');
    }
    expect(
      issuesOf(await k.post('/api/abonnementIndice', admin.headers, { AbonnementId: plan.id, nombre_de_requete: 2 }))[0]
        ?.path,
    ).toBe('IndiceId');
    expect(
      issuesOf(await k.post('/api/abonnementIndice', admin.headers, { IndiceId: ndvi, nombre_de_requete: 2 }))[0]?.path,
    ).toBe('AbonnementId');
    const unknownPlan = await k.post('/api/abonnementIndice', admin.headers, {
      IndiceId: ndvi,
      AbonnementId: 99999999,
      nombre_de_requete: 2,
    });
    expect(issuesOf(unknownPlan)[0]).toMatchObject({ path: 'AbonnementId', code: 'unknown_reference' });
    const unknownIndex = await k.post('/api/abonnementIndice', admin.headers, {
      IndiceId: 99999999,
      AbonnementId: plan.id,
      nombre_de_requete: 2,
    });
    expect(issuesOf(unknownIndex)[0]).toMatchObject({ path: 'IndiceId', code: 'unknown_reference' });
    // A count typed in a form arrives as a string.
    expect(
      (
        await k.post('/api/abonnementIndice', admin.headers, {
          IndiceId: String(ndvi),
          AbonnementId: plan.id,
          nombre_de_requete: '3',
        })
      ).statusCode,
    ).toBe(201);
    expect(await rowsOf(plan.id)).toHaveLength(1);
  });

  it('is written by admins only', async () => {
    const { manager, farmer } = await k.cast();
    const body = { IndiceId: 1, AbonnementId: 1, nombre_de_requete: 6 };
    expect((await k.post('/api/abonnementIndice', {}, body)).statusCode).toBe(401);
    expect((await k.post('/api/abonnementIndice', manager.headers, body)).statusCode).toBe(403);
    expect((await k.post('/api/abonnementIndice', farmer.headers, body)).statusCode).toBe(403);
  });
});

describe('GET /api/abonnementIndice', () => {
  it('lists the assignments with plan and index names', async () => {
    const { plan } = await factories.createPlan(db(), { requests: { NDVI: 4, MSAVI: 8 } });
    const list = json<PlanIndexAssignment[]>(await k.get('/api/abonnementIndice')).filter(
      (a) => a.AbonnementId === plan.id,
    );
    expect(list.map((a) => [a.nameAbonnement, a.indiceName, a.nombre_de_requete])).toEqual([
      [plan.name, 'Indice NDVI', 4],
      [plan.name, 'Indice MSAVI', 8],
    ]);
  });
});

describe('PUT and DELETE /api/abonnementIndice/{abonnementId}/{indiceId}', () => {
  it('updates the request count for new activations only, and deletes the assignment keeping granted quotas', async () => {
    const { admin, manager } = await k.cast();
    const farmer = await k.as('User');
    const { plan } = await factories.createPlan(db(), { requests: { NDVI: 4 } });
    const ndvi = await factories.indexIdByCode(db(), 'NDVI');
    const { usage } = await factories.createFarmerSubscription(db(), { userId: farmer.id, planId: plan.id });
    const path = `/api/abonnementIndice/${plan.id}/${ndvi}`;

    expect((await k.put(path, manager.headers, { nombre_de_requete: 10 })).statusCode).toBe(403);
    const res = await k.put(path, admin.headers, { AbonnementId: plan.id, IndiceId: ndvi, nombre_de_requete: 10 });
    expect(res.statusCode).toBe(200);
    expect(json<PlanIndexAssignment>(res).nombre_de_requete).toBe(10);
    const [row] = await db()
      .select()
      .from(planIndices)
      .where(and(eq(planIndices.planId, plan.id), eq(planIndices.indexId, ndvi)));
    expect(row?.requestCount).toBe(10);
    // The quota already granted stays as it was.
    const remaining = json<Array<{ nbreq_total: number }>>(
      await k.get(`/api/abonnementUserIndice/restReq/${usage[0]?.subscriptionId}/indices-restants`, farmer.headers),
    );
    expect(remaining.map((u) => u.nbreq_total)).toEqual([4]);

    expect((await k.put(path, admin.headers, { nombre_de_requete: 0 })).statusCode).toBe(400);
    const mismatch = await k.put(path, admin.headers, { AbonnementId: plan.id + 1, nombre_de_requete: 3 });
    expect(issuesOf(mismatch)[0]).toMatchObject({ path: 'AbonnementId', message: 'validation.pathMismatch' });
    expect(
      codeOf(await k.put(`/api/abonnementIndice/${plan.id}/99999999`, admin.headers, { nombre_de_requete: 3 })),
    ).toBe('NOT_FOUND');

    expect((await k.del(path, manager.headers)).statusCode).toBe(403);
    expect((await k.del(path)).statusCode).toBe(401);
    expect((await k.del(path, admin.headers)).statusCode).toBe(200);
    expect(await rowsOf(plan.id)).toEqual([]);
    expect(codeOf(await k.del(path, admin.headers))).toBe('NOT_FOUND');
    const after = json<Array<{ nbreq_total: number }>>(
      await k.get(`/api/abonnementUserIndice/restReq/${usage[0]?.subscriptionId}/indices-restants`, farmer.headers),
    );
    expect(after.map((u) => u.nbreq_total)).toEqual([4]);
  });
});
