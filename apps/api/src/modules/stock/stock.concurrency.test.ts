import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf } from '../plans/test-kit.ts';
import type { StockMovement } from '@filaha/shared/contracts';
import { stockKit } from './stock.test-support.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
const s = stockKit(t);

/**
 * Parallel requests on one item. On PostgreSQL they run on separate connections, so only the item row lock
 * keeps two checks from both seeing the stock before the other's write; on PGlite they are serialised anyway.
 */
describe('parallel stock changes', () => {
  it('parallel exits never overdraw: exactly as many pass as the stock allows', async () => {
    const farmer = await s.as('User');
    const item = await s.item(farmer);
    expect((await s.move(farmer, item.id, { quantity: 10, date: '2025-04-01' })).statusCode).toBe(201);

    const results = await Promise.all(
      Array.from({ length: 8 }, () => s.move(farmer, item.id, { direction: 'out', quantity: 3, date: '2025-04-02' })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => codeOf(r) === 'STOCK_NEGATIVE')).toBe(true);
    expect(await s.stockOf(farmer, item.id)).toBe(1);
  });

  it('an exit and the deletion of an entry racing cannot together make the stock negative', async () => {
    const farmer = await s.as('User');
    for (let round = 0; round < 5; round += 1) {
      const item = await s.item(farmer);
      const a = json<StockMovement>(await s.move(farmer, item.id, { quantity: 5, date: '2025-04-01' }));
      await s.move(farmer, item.id, { quantity: 5, date: '2025-04-01' });
      // Alone, each is fine (5 left, or 4 left); together they would leave −1.
      const [deletion, exit] = await Promise.all([
        s.del(`/api/stock/movements/${a.id}`, farmer.headers),
        s.move(farmer, item.id, { direction: 'out', quantity: 6, date: '2025-04-03' }),
      ]);
      // Whichever came first wins; the other is refused.
      const outcome = `${deletion.statusCode}/${exit.statusCode}`;
      expect(['200/409', '409/201']).toContain(outcome);
      expect(await s.stockOf(farmer, item.id)).toBe(outcome === '200/409' ? 5 : 4);
    }
  });
});
