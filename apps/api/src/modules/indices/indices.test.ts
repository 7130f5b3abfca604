import { eq, indices, legends, planIndices } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit, tag } from '../plans/test-kit.ts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

type IndexOut = {
  id: number;
  indiceName: string;
  code: string;
  description: string;
  recomndation: Array<{ range: { ar: string; fr: string }; ar: string; fr: string }>;
  legende: Array<{ intervalDeb: number; intervalFin: number; color: string }>;
};

async function createIndex(headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const res = await k.post('/api/indice', headers, {
    indiceName: `Indice X${tag()}`,
    recomndation: 'Irriguer si la valeur baisse.',
    description: JSON.stringify({ ar: 'وصف المؤشر', fr: "Description de l'indice" }),
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<IndexOut>(res);
}

describe('POST /api/indice', () => {
  it('creates an index: code from the name, description JSON, plain recommendation for both languages', async () => {
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers);
    expect(created.code).toBe(created.indiceName.replace('Indice ', ''));
    expect(JSON.parse(created.description)).toEqual({ ar: 'وصف المؤشر', fr: "Description de l'indice" });
    expect(created.recomndation).toEqual([
      { range: { ar: '', fr: '' }, ar: 'Irriguer si la valeur baisse.', fr: 'Irriguer si la valeur baisse.' },
    ]);
    expect(created.legende).toEqual([]);
  });

  it('accepts structured recommendations, a plain-text description and an explicit code', async () => {
    const { admin } = await k.cast();
    const recomndation = [{ range: { ar: 'أقل من 0', fr: 'Inférieur à 0' }, ar: 'نص', fr: 'Texte' }];
    const code = `C${tag()}`;
    const created = await createIndex(admin.headers, {
      recomndation,
      description: 'Texte seul',
      code: code.toLowerCase(),
    });
    expect(created.recomndation).toEqual(recomndation);
    expect(JSON.parse(created.description)).toEqual({ ar: 'Texte seul', fr: 'Texte seul' });
    expect(created.code).toBe(code);
  });

  it('requires indiceName, recomndation and description', async () => {
    const { admin } = await k.cast();
    const full = { indiceName: `Indice V${tag()}`, recomndation: 'r', description: 'd' };
    for (const field of ['indiceName', 'recomndation', 'description'] as const) {
      for (const value of [undefined, '', '  ']) {
        const res = await k.post('/api/indice', admin.headers, { ...full, [field]: value });
        expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
        expect(issuesOf(res).map((i) => i.path)).toContain(field);
      }
    }
    const badCode = await k.post('/api/indice', admin.headers, { ...full, indiceName: 'Indice ?' });
    expect(issuesOf(badCode)[0]).toMatchObject({ path: 'code', message: 'validation.indexCode' });
  });

  it('answers 409 for a duplicate name or code', async () => {
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers);
    const sameName = await k.post('/api/indice', admin.headers, {
      indiceName: created.indiceName,
      code: `Z${tag()}`,
      recomndation: 'r',
      description: 'd',
    });
    expect(sameName.statusCode).toBe(409);
    expect(issuesOf(sameName)[0]).toMatchObject({ path: 'indiceName', code: 'duplicate' });
    const sameCode = await k.post('/api/indice', admin.headers, {
      indiceName: `Autre ${tag()}`,
      code: created.code,
      recomndation: 'r',
      description: 'd',
    });
    expect(sameCode.statusCode).toBe(409);
    expect(issuesOf(sameCode)[0]).toMatchObject({ path: 'code', code: 'duplicate' });
  });

  it('is for admins only', async () => {
    const { manager, farmer } = await k.cast();
    const body = { indiceName: `Indice W${tag()}`, recomndation: 'r', description: 'd' };
    expect((await k.post('/api/indice', {}, body)).statusCode).toBe(401);
    expect((await k.post('/api/indice', manager.headers, body)).statusCode).toBe(403);
    expect((await k.post('/api/indice', farmer.headers, body)).statusCode).toBe(403);
  });
});

describe('GET /api/indice', () => {
  it('lists the indices with their legend, ordered intervals, to anyone', async () => {
    const res = await k.get('/api/indice');
    expect(res.statusCode).toBe(200);
    const ndvi = json<IndexOut[]>(res).find((i) => i.code === 'NDVI');
    expect(ndvi?.indiceName).toBe('Indice NDVI');
    const starts = ndvi?.legende.map((l) => l.intervalDeb) ?? [];
    expect(starts.length).toBeGreaterThanOrEqual(4);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(ndvi?.legende[0]?.color).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    expect(ndvi?.recomndation.length).toBeGreaterThan(0);
  });
});

describe('PUT /api/indice/{id}', () => {
  it('updates the given fields and keeps the code when only the name changes', async () => {
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers);
    const res = await k.put(`/api/indice/${created.id}`, admin.headers, {
      indiceName: `${created.indiceName} bis`,
      description: { ar: 'ج', fr: 'n' },
    });
    expect(res.statusCode).toBe(200);
    const updated = json<IndexOut>(res);
    expect(updated).toMatchObject({
      indiceName: `${created.indiceName} bis`,
      code: created.code,
      recomndation: created.recomndation,
    });
    expect(JSON.parse(updated.description)).toEqual({ ar: 'ج', fr: 'n' });
  });

  it('answers 404, 409 on a taken name, 400 on an empty name, 403 for a manager', async () => {
    const { admin, manager } = await k.cast();
    const [a, b] = [await createIndex(admin.headers), await createIndex(admin.headers)];
    expect(codeOf(await k.put('/api/indice/99999999', admin.headers, { indiceName: 'x' }))).toBe('NOT_FOUND');
    expect((await k.put(`/api/indice/${a.id}`, admin.headers, { indiceName: b.indiceName })).statusCode).toBe(409);
    expect((await k.put(`/api/indice/${a.id}`, admin.headers, { indiceName: '' })).statusCode).toBe(400);
    expect((await k.put(`/api/indice/${a.id}`, manager.headers, { indiceName: 'x' })).statusCode).toBe(403);
  });
});

describe('DELETE /api/indice/{id}', () => {
  it('deletes an unused index with its legend', async () => {
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers);
    const legend = await k.post('/api/legende', admin.headers, {
      intervalDeb: 0,
      intervalFin: 1,
      color: 'rgb(1, 2, 3)',
      descriptionLeg: 'tout',
      indiceId: created.id,
    });
    expect(legend.statusCode).toBe(201);
    expect((await k.del(`/api/indice/${created.id}`, admin.headers)).statusCode).toBe(200);
    expect(await db().select().from(indices).where(eq(indices.id, created.id))).toEqual([]);
    expect(await db().select().from(legends).where(eq(legends.indexId, created.id))).toEqual([]);
  });

  it('refuses (409 IN_USE) while assigned to a plan, and while a subscription holds a quota for it', async () => {
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers);
    const { plan } = await factories.createPlan(db(), { requests: {} });
    await db().insert(planIndices).values({ planId: plan.id, indexId: created.id, requestCount: 2 });
    const assigned = await k.del(`/api/indice/${created.id}`, admin.headers);
    expect(assigned.statusCode).toBe(409);
    expect(json(assigned)).toMatchObject({ code: 'IN_USE', issues: [{ code: 'assigned' }] });

    const farmer = await k.as('User');
    await factories.createFarmerSubscription(db(), { userId: farmer.id, planId: plan.id });
    await db().delete(planIndices).where(eq(planIndices.planId, plan.id));
    const used = await k.del(`/api/indice/${created.id}`, admin.headers);
    expect(used.statusCode).toBe(409);
    expect(json(used)).toMatchObject({ code: 'IN_USE', issues: [{ code: 'used' }] });
    expect(await db().select().from(indices).where(eq(indices.id, created.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown index and 403 for non-admins', async () => {
    const { admin, manager, farmer } = await k.cast();
    expect(codeOf(await k.del('/api/indice/99999999', admin.headers))).toBe('NOT_FOUND');
    const created = await createIndex(admin.headers);
    expect((await k.del(`/api/indice/${created.id}`, manager.headers)).statusCode).toBe(403);
    expect((await k.del(`/api/indice/${created.id}`, farmer.headers)).statusCode).toBe(403);
    expect((await k.del(`/api/indice/${created.id}`)).statusCode).toBe(401);
  });
});
