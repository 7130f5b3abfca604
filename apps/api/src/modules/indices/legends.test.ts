import { asc, eq, legends } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit } from '../plans/test-kit.ts';
import type { IndexLegend } from '@filaha/shared/contracts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

/** A fresh index with a code the engine computes (the API refuses others); `keep`: indices still in use. */
async function newIndex(headers: Record<string, string>, keep: readonly number[] = []): Promise<number> {
  const code = await factories.vacantIndexCode(db(), keep);
  const res = await k.post('/api/indice', headers, {
    indiceName: `Indice ${code}`,
    recomndation: 'r',
    description: 'd',
  });
  const id = json<{ id: number }>(res).id;
  // A new index comes with the engine's default legend (default-legends.test.ts): these tests build one from scratch.
  await db().delete(legends).where(eq(legends.indexId, id));
  return id;
}
const legend = (
  indiceId: number,
  intervalDeb: number | string,
  intervalFin: number | string,
  extra: Record<string, unknown> = {},
) => ({
  intervalDeb,
  intervalFin,
  color: 'rgb(10, 20, 30)',
  descriptionLeg: 'Sol nu',
  indiceId,
  ...extra,
});

describe('POST /api/legende', () => {
  it('answers the new legend, normalises the colour and keeps the intervals in position order', async () => {
    const { admin } = await k.cast();
    const indexId = await newIndex(admin.headers);
    const high = await k.post('/api/legende', admin.headers, legend(indexId, 0.5, 1, { color: 'rgb(0,128,  0)' }));
    expect(high.statusCode).toBe(201);
    const created = json<IndexLegend>(high);
    expect(created).toMatchObject({
      legendeId: created.id,
      intervalDeb: 0.5,
      intervalFin: 1,
      color: 'rgb(0, 128, 0)',
      indiceId: indexId,
    });
    const low = await k.post(
      '/api/legende',
      admin.headers,
      legend(indexId, -1, 0.5, { descriptionLeg: { ar: 'منخفض', fr: 'Bas' } }),
    );
    expect(json<IndexLegend>(low)).toMatchObject({
      descriptionLegFr: 'Bas',
      descriptionLegAr: 'منخفض',
      descriptionLeg: 'منخفض',
    });
    const rows = await db().select().from(legends).where(eq(legends.indexId, indexId)).orderBy(asc(legends.position));
    expect(rows.map((r) => [r.intervalStart, r.position])).toEqual([
      [-1, 0],
      [0.5, 1],
    ]);
    // Touching intervals [a, b) and [b, c) do not overlap; numbers may come as form strings.
    const touching = await k.post('/api/legende', admin.headers, legend(indexId, '1', '2'));
    expect(touching.statusCode).toBe(201);
  });

  it('refuses an interval overlapping another of the same index (409 legend_overlap), not of another index', async () => {
    const { admin } = await k.cast();
    const indexId = await newIndex(admin.headers);
    const otherIndex = await newIndex(admin.headers, [indexId]);
    expect((await k.post('/api/legende', admin.headers, legend(indexId, 0, 0.4))).statusCode).toBe(201);
    for (const [a, b] of [
      [0.2, 0.6],
      [-0.5, 0.1],
      [0.1, 0.2],
      [-1, 1],
      [0, 0.4],
    ] as const) {
      const res = await k.post('/api/legende', admin.headers, legend(indexId, a, b));
      expect(res.statusCode, `[${a}, ${b})`).toBe(409);
      expect(issuesOf(res)).toEqual([
        { path: 'intervalDeb', code: 'legend_overlap', message: 'conflict.legendOverlap' },
      ]);
    }
    expect((await k.post('/api/legende', admin.headers, legend(otherIndex, 0.2, 0.6))).statusCode).toBe(201);
    expect(await db().select().from(legends).where(eq(legends.indexId, indexId))).toHaveLength(1);
  });

  it('validates every field: order, numbers, rgb colour, description, index', async () => {
    const { admin } = await k.cast();
    const indexId = await newIndex(admin.headers);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [legend(indexId, 0.5, 0.5), 'intervalFin', 'validation.intervalOrder'],
      [legend(indexId, 0.6, 0.5), 'intervalFin', 'validation.intervalOrder'],
      [legend(indexId, 'abc', 0.5), 'intervalDeb', 'validation.number'],
      [{ ...legend(indexId, 0, 1), intervalFin: undefined }, 'intervalFin', 'validation.number'],
      [legend(indexId, 0, 1, { color: '#ff0000' }), 'color', 'validation.color'],
      [legend(indexId, 0, 1, { color: 'rgb(256, 0, 0)' }), 'color', 'validation.color'],
      [legend(indexId, 0, 1, { color: 'rgb(1, 2)' }), 'color', 'validation.color'],
      [legend(indexId, 0, 1, { descriptionLeg: '' }), 'descriptionLeg', 'validation.required'],
      [{ ...legend(indexId, 0, 1), indiceId: undefined }, 'indiceId', 'validation.required'],
      [legend(99999999, 0, 1), 'indiceId', 'validation.unknownReference'],
    ];
    for (const [body, path, message] of cases) {
      const res = await k.post('/api/legende', admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(issuesOf(res)).toContainEqual(expect.objectContaining({ path, message }));
    }
  });

  it('is written by admins only', async () => {
    const { admin, manager, farmer } = await k.cast();
    const indexId = await newIndex(admin.headers);
    expect((await k.post('/api/legende', {}, legend(indexId, 0, 1))).statusCode).toBe(401);
    expect((await k.post('/api/legende', manager.headers, legend(indexId, 0, 1))).statusCode).toBe(403);
    expect((await k.post('/api/legende', farmer.headers, legend(indexId, 0, 1))).statusCode).toBe(403);
  });
});

describe('GET /api/legende', () => {
  it('lists legends to anyone, optionally for one index', async () => {
    const { admin } = await k.cast();
    const indexId = await newIndex(admin.headers);
    const created = json<IndexLegend>(await k.post('/api/legende', admin.headers, legend(indexId, 0, 1)));
    expect(json<IndexLegend[]>(await k.get('/api/legende')).map((l) => l.id)).toContain(created.id);
    expect(json<IndexLegend[]>(await k.get(`/api/legende?indiceId=${indexId}`))).toEqual([
      { ...created, descriptionLeg: 'Sol nu' },
    ]);
  });
});

describe('PUT and DELETE /api/legende/{id}', () => {
  it('updates with the same rules: overlap with the others refused, its own old interval ignored', async () => {
    const { admin, manager } = await k.cast();
    const indexId = await newIndex(admin.headers);
    const a = json<IndexLegend>(await k.post('/api/legende', admin.headers, legend(indexId, 0, 0.5)));
    await k.post('/api/legende', admin.headers, legend(indexId, 0.5, 1));
    const widened = await k.put(`/api/legende/${a.id}`, admin.headers, { intervalDeb: -1 });
    expect(widened.statusCode).toBe(200);
    expect(json<IndexLegend>(widened)).toMatchObject({ intervalDeb: -1, intervalFin: 0.5, color: 'rgb(10, 20, 30)' });
    const clash = await k.put(`/api/legende/${a.id}`, admin.headers, { intervalFin: 0.7 });
    expect(clash.statusCode).toBe(409);
    expect(issuesOf(clash)[0]?.code).toBe('legend_overlap');
    const reversed = await k.put(`/api/legende/${a.id}`, admin.headers, { intervalDeb: 0.6 });
    expect(reversed.statusCode).toBe(400);
    expect(issuesOf(reversed)[0]?.message).toBe('validation.intervalOrder');
    const recolour = await k.put(`/api/legende/${a.id}`, admin.headers, {
      color: 'rgb(1, 1, 1)',
      descriptionLegFr: 'Nu',
    });
    expect(json<IndexLegend>(recolour)).toMatchObject({
      color: 'rgb(1, 1, 1)',
      descriptionLegFr: 'Nu',
      descriptionLegAr: 'Sol nu',
    });
    expect((await k.put(`/api/legende/${a.id}`, admin.headers, { color: 'red' })).statusCode).toBe(400);
    expect(codeOf(await k.put('/api/legende/99999999', admin.headers, { color: 'rgb(1, 1, 1)' }))).toBe('NOT_FOUND');
    expect((await k.put(`/api/legende/${a.id}`, manager.headers, { color: 'rgb(1, 1, 1)' })).statusCode).toBe(403);
  });

  it('deletes a legend (admin only) and renumbers the rest', async () => {
    const { admin, manager } = await k.cast();
    const indexId = await newIndex(admin.headers);
    const first = json<IndexLegend>(await k.post('/api/legende', admin.headers, legend(indexId, 0, 0.5)));
    await k.post('/api/legende', admin.headers, legend(indexId, 0.5, 1));
    expect((await k.del(`/api/legende/${first.id}`, manager.headers)).statusCode).toBe(403);
    expect((await k.del(`/api/legende/${first.id}`, admin.headers)).statusCode).toBe(200);
    const rows = await db().select().from(legends).where(eq(legends.indexId, indexId));
    expect(rows.map((r) => [r.intervalStart, r.position])).toEqual([[0.5, 0]]);
    expect(codeOf(await k.del(`/api/legende/${first.id}`, admin.headers))).toBe('NOT_FOUND');
  });
});
