import { eq, indexResults, indices, inArray, or, subscriptionIndexUsage } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { INDICES } from '@filaha/imagery';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { kit } from '../plans/test-kit.ts';
import type { IndexDetails, IndexLegend } from '@filaha/shared/contracts';

/**
 * An index created in the back office starts with the engine's default legend for its code (the farmer never
 * gets an empty legend); an index that already has legend rows keeps them when its code changes.
 */
const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

/** The engine's default legend of `code` as the API shows legend rows (farmer's language: Arabic). */
function engineDefault(code: string) {
  return INDICES[code]!.legend.map((l) => ({
    intervalDeb: l.start,
    intervalFin: l.end,
    color: l.color,
    descriptionLeg: l.label!.ar,
    descriptionLegFr: l.label!.fr,
    descriptionLegAr: l.label!.ar,
  }));
}
const shape = (rows: IndexLegend[]) =>
  rows.map(({ intervalDeb, intervalFin, color, descriptionLeg, descriptionLegFr, descriptionLegAr }) => ({
    intervalDeb,
    intervalFin,
    color,
    descriptionLeg,
    descriptionLegFr,
    descriptionLegAr,
  }));

/** Frees engine codes for this test (codes are unique; other files of the worker may hold them). */
async function free(...codes: string[]) {
  const holders = await db()
    .select({ id: indices.id })
    .from(indices)
    .where(
      or(
        inArray(indices.code, codes),
        inArray(
          indices.name,
          codes.map((c) => `Indice ${c}`),
        ),
      ),
    );
  for (const { id } of holders) {
    await db().delete(indexResults).where(eq(indexResults.indexId, id));
    await db().delete(subscriptionIndexUsage).where(eq(subscriptionIndexUsage.indexId, id));
    await db().delete(indices).where(eq(indices.id, id));
  }
}

async function createIndex(admin: Record<string, string>, code: string): Promise<IndexDetails> {
  const res = await k.post('/api/indice', admin, {
    indiceName: `Indice ${code}`,
    recomndation: 'Suivre la parcelle.',
    description: JSON.stringify({ ar: 'وصف', fr: 'Description' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<IndexDetails>(res);
}

describe('default legend of an index created in the back office', () => {
  it('admin creates SAVI: its legend is the engine default, on every route the farmer reads it from', async () => {
    await free('SAVI');
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers, 'SAVI');
    expect(created.code).toBe('SAVI');
    const expected = engineDefault('SAVI');
    expect(expected).toHaveLength(4);
    expect(shape(created.legende)).toEqual(expected);

    // The index as the parcel and history screens read it (public GET), in Arabic and in French.
    const ar = await k.get(`/api/indice/${created.id}`, { 'accept-language': 'ar' });
    expect(shape(json<IndexDetails>(ar).legende)).toEqual(expected);
    const fr = await k.get(`/api/indice/${created.id}`, { 'accept-language': 'fr' });
    expect(json<IndexDetails>(fr).legende.map((l) => l.descriptionLeg)).toEqual(
      INDICES.SAVI!.legend.map((l) => l.label!.fr),
    );
    // The legend list of the back office.
    const list = await k.get(`/api/legende?indiceId=${created.id}`, { 'accept-language': 'ar' });
    expect(shape(json<IndexLegend[]>(list))).toEqual(expected);

    // The farm map's configuration, once a plan grants SAVI to a farmer with an active subscription.
    const { plan } = await factories.createPlan(db(), { requests: { NDVI: 2 } });
    const assigned = await k.post('/api/abonnementIndice', admin.headers, {
      IndiceId: created.id,
      AbonnementId: plan.id,
      nombre_de_requete: 3,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const farmer = await k.as('User');
    await factories.createFarmerSubscription(db(), { userId: farmer.id, planId: plan.id });
    const config = await k.get(`/api/indice/${farmer.id}/indices`, { ...farmer.headers, 'accept-language': 'ar' });
    expect(config.statusCode, config.body).toBe(200);
    const savi = json<Array<{ code: string; legende: IndexLegend[] }>>(config).find((i) => i.code === 'SAVI');
    expect(shape(savi!.legende)).toEqual(expected);
  });

  it('an index that has legend rows keeps them when its code changes; one without rows gets the new code’s', async () => {
    await free('EVI', 'GNDVI', 'SAVI');
    const { admin } = await k.cast();
    const created = await createIndex(admin.headers, 'EVI');
    // The admin makes the legend their own: one class edited.
    const first = created.legende.find((l) => l.intervalDeb === -1)!;
    const edited = await k.put(`/api/legende/${first.id}`, admin.headers, {
      intervalDeb: -1,
      intervalFin: 0.1,
      color: 'rgb(1, 2, 3)',
      descriptionLeg: { ar: 'تربة', fr: 'Sol' },
      indiceId: created.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const before = json<IndexDetails>(await k.get(`/api/indice/${created.id}`)).legende;
    expect(before.map((l) => l.color)).toContain('rgb(1, 2, 3)');

    // EVI → GNDVI: the rows are kept as they are (no GNDVI defaults added, nothing doubled).
    const renamed = await k.put(`/api/indice/${created.id}`, admin.headers, { code: 'GNDVI' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<IndexDetails>(renamed).code).toBe('GNDVI');
    expect(json<IndexDetails>(renamed).legende).toEqual(before);

    // Every row removed, then another code: that code's default legend.
    for (const l of before) expect((await k.del(`/api/legende/${l.id}`, admin.headers)).statusCode).toBe(200);
    expect(json<IndexDetails>(await k.get(`/api/indice/${created.id}`)).legende).toEqual([]);
    const savi = await k.put(`/api/indice/${created.id}`, admin.headers, { code: 'SAVI' });
    expect(savi.statusCode, savi.body).toBe(200);
    expect(shape(json<IndexDetails>(savi).legende)).toEqual(engineDefault('SAVI'));

    // The same code again (or a name-only edit) changes nothing in the legend.
    const again = await k.put(`/api/indice/${created.id}`, admin.headers, { code: 'SAVI', indiceName: 'Indice SAVI' });
    expect(json<IndexDetails>(again).legende).toEqual(json<IndexDetails>(savi).legende);
  });

  it('a seeded index keeps its seeded legend when edited', async () => {
    const { admin } = await k.cast();
    const ndviId = await factories.indexIdByCode(db(), 'NDVI');
    const before = json<IndexDetails>(await k.get(`/api/indice/${ndviId}`)).legende;
    expect(before.length).toBeGreaterThan(0);
    const res = await k.put(`/api/indice/${ndviId}`, admin.headers, { recomndation: 'Suivre la vigueur.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<IndexDetails>(res).legende).toEqual(before);
  });
});
