import { eq, indices, legends, planIndices } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { INDICES } from '@filaha/imagery';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit, tag } from '../plans/test-kit.ts';
import type { IndexDetails } from '@filaha/shared/contracts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

/** An index the engine computes, named 'Indice <code>' so its code comes from the name. */
async function createIndex(
  headers: Record<string, string>,
  overrides: Record<string, unknown> = {},
  keep: readonly number[] = [],
) {
  const code = await factories.vacantIndexCode(db(), keep);
  const res = await k.post('/api/indice', headers, {
    indiceName: `Indice ${code}`,
    recomndation: 'Irriguer si la valeur baisse.',
    description: JSON.stringify({ ar: 'وصف المؤشر', fr: "Description de l'indice" }),
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<IndexDetails>(res);
}

describe('POST /api/indice', () => {
  it('creates an index: code from the name, description JSON, plain recommendation for both languages', async () => {
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers);
    expect(created.code).toBe(created.indiceName.replace('Indice ', ''));
    expect(['EVI', 'SAVI', 'GNDVI']).toContain(created.code);
    expect(JSON.parse(created.description)).toEqual({ ar: 'وصف المؤشر', fr: "Description de l'indice" });
    expect(created.recomndation).toEqual([
      { range: { ar: '', fr: '' }, ar: 'Irriguer si la valeur baisse.', fr: 'Irriguer si la valeur baisse.' },
    ]);
    // Its legend starts as the engine's default for the code (default-legends.test.ts has the details).
    expect(created.legende.map((l) => [l.intervalDeb, l.intervalFin, l.color])).toEqual(
      INDICES[created.code]!.legend.map((l) => [l.start, l.end, l.color]),
    );
  });

  it('accepts structured recommendations, a plain-text description and an explicit code', async () => {
    const { admin } = await k.cast();
    const recomndation = [{ range: { ar: 'أقل من 0', fr: 'Inférieur à 0' }, ar: 'نص', fr: 'Texte' }];
    const code = await factories.vacantIndexCode(db());
    const created = await createIndex(admin.headers, {
      indiceName: `Mon indice ${tag()}`,
      recomndation,
      description: 'Texte seul',
      code: code.toLowerCase(),
    });
    expect(created.recomndation).toEqual(recomndation);
    expect(JSON.parse(created.description)).toEqual({ ar: 'Texte seul', fr: 'Texte seul' });
    expect(created.code).toBe(code);
  });

  it('refuses (400, index_not_computable) a code the imagery engine does not compute, creating nothing', async () => {
    const { admin } = await k.cast();
    const before = await db().select({ id: indices.id }).from(indices);
    for (const body of [
      { indiceName: `Indice LAI${tag()}` },
      { indiceName: `Indice ${tag()}`, code: 'NDVI2' },
      { indiceName: 'Indice RVI' },
    ]) {
      const res = await k.post('/api/indice', admin.headers, { recomndation: 'r', description: 'd', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'code', code: 'index_not_computable', message: 'validation.indexNotComputable' }],
      });
    }
    expect(await db().select({ id: indices.id }).from(indices)).toHaveLength(before.length);
  });

  it('stores the engine spelling of a known code given by an earlier name (MSAVI2 → MSAVI)', async () => {
    const { admin } = await k.cast();
    // MSAVI is seeded: the earlier name resolves to the same engine code, hence the duplicate.
    const res = await k.post('/api/indice', admin.headers, {
      indiceName: 'Indice MSAVI2',
      recomndation: 'r',
      description: 'd',
    });
    expect(res.statusCode).toBe(409);
    expect(issuesOf(res)[0]).toMatchObject({ path: 'code', code: 'duplicate' });
  });

  it('requires indiceName, recomndation and description', async () => {
    const { admin } = await k.cast();
    const full = { indiceName: `Indice ${await factories.vacantIndexCode(db())}`, recomndation: 'r', description: 'd' };
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
      code: await factories.vacantIndexCode(db(), [created.id]),
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
    const body = { indiceName: `Indice ${await factories.vacantIndexCode(db())}`, recomndation: 'r', description: 'd' };
    expect((await k.post('/api/indice', {}, body)).statusCode).toBe(401);
    expect((await k.post('/api/indice', manager.headers, body)).statusCode).toBe(403);
    expect((await k.post('/api/indice', farmer.headers, body)).statusCode).toBe(403);
  });
});

describe('GET /api/indice', () => {
  it('lists the indices with their legend, ordered intervals, to anyone', async () => {
    const res = await k.get('/api/indice');
    expect(res.statusCode).toBe(200);
    const ndvi = json<IndexDetails[]>(res).find((i) => i.code === 'NDVI');
    expect(ndvi?.indiceName).toBe('Indice NDVI');
    const starts = ndvi?.legende.map((l) => l.intervalDeb) ?? [];
    expect(starts.length).toBeGreaterThanOrEqual(4);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(ndvi?.legende[0]?.color).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    expect(ndvi?.recomndation.length).toBeGreaterThan(0);
  });
});

describe('seeded legends and the engine defaults', () => {
  it('each seeded index has its own thresholds, the same as the engine default legend of its code', async () => {
    const res = await k.get('/api/indice');
    type Row = Omit<IndexDetails, 'legende'> & {
      legende: Array<{ intervalDeb: number; intervalFin: number; descriptionLegFr: string }>;
    };
    const seeded = json<Row[]>(res).filter((i) => ['NDVI', 'NDMI', 'NDWI', 'NDRE', 'MSAVI'].includes(i.code));
    expect(seeded).toHaveLength(5);
    for (const index of seeded) {
      const engine = INDICES[index.code]!.legend;
      expect(
        index.legende.map((l) => [l.intervalDeb, l.intervalFin]),
        index.code,
      ).toEqual(engine.map((c) => [c.start, c.end]));
    }
    const ndre = seeded.find((i) => i.code === 'NDRE')!;
    expect(ndre.legende.map((l) => l.descriptionLegFr)).toEqual(INDICES.NDRE!.legend.map((c) => c.label?.fr));
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
    const updated = json<IndexDetails>(res);
    expect(updated).toMatchObject({
      indiceName: `${created.indiceName} bis`,
      code: created.code,
      recomndation: created.recomndation,
    });
    expect(JSON.parse(updated.description)).toEqual({ ar: 'ج', fr: 'n' });
  });

  it('answers 404, 409 on a taken name, 400 on an empty name, 403 for a manager', async () => {
    const { admin, manager } = await k.cast();
    const a = await createIndex(admin.headers);
    const b = await createIndex(admin.headers, {}, [a.id]);
    expect(codeOf(await k.put('/api/indice/99999999', admin.headers, { indiceName: 'x' }))).toBe('NOT_FOUND');
    expect((await k.put(`/api/indice/${a.id}`, admin.headers, { indiceName: b.indiceName })).statusCode).toBe(409);
    expect((await k.put(`/api/indice/${a.id}`, admin.headers, { indiceName: '' })).statusCode).toBe(400);
    expect((await k.put(`/api/indice/${a.id}`, manager.headers, { indiceName: 'x' })).statusCode).toBe(403);
  });
});

describe('PUT /api/indice/{id}: the code stays one the engine computes', () => {
  it('refuses an unknown code and leaves the index unchanged; accepts a known one', async () => {
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers);
    const refused = await k.put(`/api/indice/${created.id}`, admin.headers, { code: 'LAI', indiceName: 'Autre' });
    expect(refused.statusCode).toBe(400);
    expect(issuesOf(refused)[0]).toMatchObject({ path: 'code', code: 'index_not_computable' });
    const [row] = await db().select().from(indices).where(eq(indices.id, created.id));
    expect(row).toMatchObject({ code: created.code, name: created.indiceName });

    const other = await factories.vacantIndexCode(db(), [created.id]);
    const accepted = await k.put(`/api/indice/${created.id}`, admin.headers, { code: other.toLowerCase() });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(json<IndexDetails>(accepted).code).toBe(other);
  });

  it('refuses to edit an index stored earlier with a code the engine does not know, unless the code is fixed', async () => {
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers);
    const legacy = `L${tag()}`;
    await db().update(indices).set({ code: legacy }).where(eq(indices.id, created.id));
    const refused = await k.put(`/api/indice/${created.id}`, admin.headers, { indiceName: `Renommé ${tag()}` });
    expect(issuesOf(refused)[0]).toMatchObject({ path: 'code', code: 'index_not_computable' });
    expect((await db().select().from(indices).where(eq(indices.id, created.id)))[0]?.code).toBe(legacy);
    const code = await factories.vacantIndexCode(db(), [created.id]);
    const fixed = await k.put(`/api/indice/${created.id}`, admin.headers, { code, indiceName: `Renommé ${tag()}` });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });
});

describe('DELETE /api/indice/{id}', () => {
  it('deletes an unused index with its legend', async () => {
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers);
    // It comes with its default legend rows.
    expect(await db().select().from(legends).where(eq(legends.indexId, created.id))).toHaveLength(
      created.legende.length,
    );
    expect(created.legende.length).toBeGreaterThan(0);
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
