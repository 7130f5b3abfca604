import type { TestApp } from '../../../test/helper.ts';
import { json } from '../../../test/helper.ts';
import { kit, type Caller } from '../plans/test-kit.ts';
import type { StockItem, StockMovement, StockSummary } from '@filaha/shared/contracts';

/** Short calls for the stock tests; every test makes its own owner and items. */
export function stockKit(t: { readonly current: TestApp }) {
  const k = kit(t);
  return {
    ...k,
    async item(owner: Caller, overrides: Record<string, unknown> = {}): Promise<StockItem> {
      const res = await k.post('/api/stock/items', owner.headers, {
        name: `Blé dur ${Math.random().toString(36).slice(2, 8)}`,
        unit: 'q',
        kind: 'product',
        ...overrides,
      });
      if (res.statusCode !== 201) throw new Error(`item: ${res.statusCode} ${res.body}`);
      return json<StockItem>(res);
    },
    move(owner: Caller, itemId: number, fields: Record<string, unknown>) {
      const direction = fields.direction ?? 'in';
      return k.post('/api/stock/movements', owner.headers, {
        itemId,
        direction,
        kind: direction === 'in' ? 'purchase' : 'sale',
        quantity: 1,
        unitPrice: 0,
        date: '2025-03-01',
        ...fields,
      });
    },
    async movements(owner: Caller, query = ''): Promise<StockMovement[]> {
      return json<StockMovement[]>(await k.get(`/api/stock/movements${query}`, owner.headers));
    },
    async stockOf(owner: Caller, itemId: number): Promise<number> {
      const items = json<StockItem[]>(await k.get('/api/stock/items', owner.headers));
      const found = items.find((i) => i.id === itemId);
      if (!found) throw new Error(`item ${itemId} not listed`);
      return found.stock;
    },
    async summary(owner: Caller, query = ''): Promise<StockSummary> {
      return json<StockSummary>(await k.get(`/api/stock/summary${query}`, owner.headers));
    },
  };
}
