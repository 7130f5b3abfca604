import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf } from '../plans/test-kit.ts';
import type { StockMovement } from '@filaha/shared/contracts';
import { stockKit } from './stock.test-support.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '1000000' });
const s = stockKit(t);

/**
 * The model: quantities in thousandths (integers, so exact), dated by day index. The stock is Σin − Σout; a
 * change is allowed when no end-of-day running balance goes below zero (a day's entries before its exits).
 */
interface ModelMovement {
  id: number;
  direction: 'in' | 'out';
  milli: number;
  day: number;
}

const signed = (m: ModelMovement) => (m.direction === 'in' ? m.milli : -m.milli);
const stockOf = (ms: ModelMovement[], upToDay = Infinity) =>
  ms.filter((m) => m.day <= upToDay).reduce((sum, m) => sum + signed(m), 0);
function neverNegative(ms: ModelMovement[]): boolean {
  const days = [...new Set(ms.map((m) => m.day))].sort((a, b) => a - b);
  return days.every((d) => stockOf(ms, d) >= 0);
}

const dateOf = (day: number) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);

type Op =
  | { type: 'add'; direction: 'in' | 'out'; milli: number; day: number; adjustment: boolean }
  | { type: 'delete'; pick: number };

// Exits are smaller than entries on average so that both accepted and refused exits are frequent.
const addArb = (direction: 'in' | 'out', maxMilli: number) =>
  fc.record({
    type: fc.constant('add' as const),
    direction: fc.constant(direction),
    milli: fc.integer({ min: 1, max: maxMilli }),
    day: fc.integer({ min: 0, max: 14 }),
    adjustment: fc.boolean(),
  });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: addArb('in', 20_000) },
  { weight: 3, arbitrary: addArb('out', 9_000) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const), pick: fc.nat() }) },
);

describe('stock arithmetic on random movement sequences (fast-check)', () => {
  it('matches the model: stock = Σin − Σout, never negative, refused changes leave everything as it was', async () => {
    const owner = await s.as('User');
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 4, maxLength: 24 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 0, max: 14 }),
        async (ops, d1, d2) => {
          const item = await s.item(owner, { unit: 'kg' });
          let model: ModelMovement[] = [];
          for (const op of ops) {
            const before = await s.movements(owner, `?itemId=${item.id}`);
            if (op.type === 'add') {
              const candidate: ModelMovement = { id: 0, direction: op.direction, milli: op.milli, day: op.day };
              const allowed = neverNegative([...model, candidate]);
              const res = await s.move(owner, item.id, {
                direction: op.direction,
                kind: op.adjustment ? 'adjustment' : op.direction === 'in' ? 'production' : 'consumption',
                quantity: (op.milli / 1000).toFixed(3),
                date: dateOf(op.day),
              });
              if (allowed) {
                expect(res.statusCode, res.body).toBe(201);
                model.push({ ...candidate, id: json<StockMovement>(res).id });
              } else {
                expect(res.statusCode, res.body).toBe(409);
                expect(codeOf(res)).toBe('STOCK_NEGATIVE');
                expect(await s.movements(owner, `?itemId=${item.id}`)).toEqual(before);
              }
            } else {
              if (model.length === 0) continue;
              const target = model[op.pick % model.length] as ModelMovement;
              const rest = model.filter((m) => m.id !== target.id);
              const res = await s.del(`/api/stock/movements/${target.id}`, owner.headers);
              if (neverNegative(rest)) {
                expect(res.statusCode, res.body).toBe(200);
                model = rest;
              } else {
                expect(target.direction).toBe('in');
                expect(res.statusCode, res.body).toBe(409);
                expect(await s.movements(owner, `?itemId=${item.id}`)).toEqual(before);
              }
            }
            const stock = await s.stockOf(owner, item.id);
            expect(Math.round(stock * 1000)).toBe(stockOf(model));
            expect(stock).toBeGreaterThanOrEqual(0);
          }

          // The summary of a random period agrees with the model too.
          const [from, to] = [Math.min(d1, d2), Math.max(d1, d2)];
          const summary = await s.summary(owner, `?from=${dateOf(from)}&to=${dateOf(to)}`);
          const line = summary.items.find((i) => i.id === item.id);
          const inPeriod = model.filter((m) => m.day >= from && m.day <= to);
          const sum = (dir: 'in' | 'out') =>
            inPeriod.filter((m) => m.direction === dir).reduce((acc, m) => acc + m.milli, 0);
          expect(Math.round((line?.entries ?? -1) * 1000)).toBe(sum('in'));
          expect(Math.round((line?.exits ?? -1) * 1000)).toBe(sum('out'));
          expect(Math.round((line?.difference ?? -1) * 1000)).toBe(sum('in') - sum('out'));
          expect(Math.round((line?.stock ?? -1) * 1000)).toBe(stockOf(model, to));
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);
});
