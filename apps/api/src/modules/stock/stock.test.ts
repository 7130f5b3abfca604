import { eq, stockMovements } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf } from '../plans/test-kit.ts';
import { NegativeStockIssue, type StockItem, type StockMovement } from '@filaha/shared/contracts';
import { stockKit } from './stock.test-support.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
const s = stockKit(t);

describe('stock items', () => {
  it('creates, lists, renames and refuses a duplicate name (any case) per owner', async () => {
    const farmer = await s.as('User');
    const other = await s.as('User');
    const created = await s.item(farmer, { name: 'Engrais NPK', unit: 'bag', kind: 'input' });
    expect(created).toMatchObject({ name: 'Engrais NPK', unit: 'bag', kind: 'input', stock: 0, movementCount: 0 });

    const dup = await s.post('/api/stock/items', farmer.headers, { name: 'engrais npk', unit: 'kg', kind: 'input' });
    expect(dup.statusCode).toBe(409);
    expect(issuesOf(dup)[0]).toMatchObject({ path: 'name', code: 'duplicate' });
    // Another farmer may use the same name.
    await s.item(other, { name: 'Engrais NPK' });

    const renamed = await s.put(`/api/stock/items/${created.id}`, farmer.headers, {
      name: 'Engrais NPK 15-15-15',
      unit: 'bag',
      kind: 'input',
    });
    expect(renamed.statusCode).toBe(200);
    expect(json<StockItem>(renamed).name).toBe('Engrais NPK 15-15-15');
    const list = json<StockItem[]>(await s.get('/api/stock/items', farmer.headers));
    expect(list.map((i) => i.name)).toEqual(['Engrais NPK 15-15-15']);
  });

  it('validates name, unit and kind', async () => {
    const farmer = await s.as('User');
    for (const [body, path] of [
      [{ name: ' ', unit: 'kg', kind: 'product' }, 'name'],
      [{ name: 'x'.repeat(81), unit: 'kg', kind: 'product' }, 'name'],
      [{ name: 'Orge', unit: 'barrel', kind: 'product' }, 'unit'],
      [{ name: 'Orge', unit: 'kg', kind: 'tool' }, 'kind'],
    ] as const) {
      const res = await s.post('/api/stock/items', farmer.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(issuesOf(res).map((i) => i.path)).toContain(path);
    }
  });

  it('is owner-only: another account gets 404, investors and staff 403, visitors 401', async () => {
    const farmer = await s.as('User');
    const seller = await s.as('Seller');
    const item = await s.item(farmer);
    const move = await s.move(farmer, item.id, { quantity: 5 });
    const movement = json<StockMovement>(move);

    expect(
      (await s.put(`/api/stock/items/${item.id}`, seller.headers, { name: 'X', unit: 'kg', kind: 'product' }))
        .statusCode,
    ).toBe(404);
    expect((await s.del(`/api/stock/items/${item.id}?withMovements=true`, seller.headers)).statusCode).toBe(404);
    expect((await s.del(`/api/stock/movements/${movement.id}`, seller.headers)).statusCode).toBe(404);
    const foreign = await s.move(seller, item.id, { direction: 'in', quantity: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(issuesOf(foreign)[0]).toMatchObject({ path: 'itemId', code: 'unknown_reference' });
    expect(json<StockItem[]>(await s.get('/api/stock/items', seller.headers))).toEqual([]);
    expect(await s.movements(seller)).toEqual([]);
    expect((await s.summary(seller)).items).toEqual([]);

    for (const role of ['Investor', 'Admin', 'Manager'] as const) {
      const caller = await s.as(role);
      expect((await s.get('/api/stock/items', caller.headers)).statusCode).toBe(403);
    }
    expect((await s.get('/api/stock/summary')).statusCode).toBe(401);
    expect(await s.stockOf(farmer, item.id)).toBe(5);
  });

  it('refuses to delete an item with movements unless asked, then deletes both', async () => {
    const farmer = await s.as('User');
    const item = await s.item(farmer);
    await s.move(farmer, item.id, { quantity: 3 });
    await s.move(farmer, item.id, { quantity: 2, date: '2025-03-02' });

    const refused = await s.del(`/api/stock/items/${item.id}`, farmer.headers);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('IN_USE');
    expect(issuesOf(refused)[0]).toMatchObject({ code: 'has_movements', message: 'stock.itemHasMovements' });

    const deleted = await s.del(`/api/stock/items/${item.id}?withMovements=true`, farmer.headers);
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted)).toMatchObject({ deletedMovements: 2 });
    const left = await t.current.database.db.select().from(stockMovements).where(eq(stockMovements.itemId, item.id));
    expect(left).toEqual([]);
    const empty = await s.item(farmer);
    expect((await s.del(`/api/stock/items/${empty.id}`, farmer.headers)).statusCode).toBe(200);
    expect((await s.del(`/api/stock/items/${empty.id}`, farmer.headers)).statusCode).toBe(404);
  });
});

describe('stock movements', () => {
  it('validates quantity, price, date, note and the kind/direction pair', async () => {
    const farmer = await s.as('User');
    const item = await s.item(farmer);
    for (const [fields, path] of [
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: -1 }, 'quantity'],
      [{ quantity: 1.2345 }, 'quantity'],
      [{ quantity: 'beaucoup' }, 'quantity'],
      [{ unitPrice: -5 }, 'unitPrice'],
      [{ unitPrice: 1.005 }, 'unitPrice'],
      [{ date: '2025-02-30' }, 'date'],
      [{ date: '01/03/2025' }, 'date'],
      [{ date: '2999-01-01' }, 'date'],
      [{ note: 'n'.repeat(501) }, 'note'],
      [{ direction: 'in', kind: 'sale' }, 'kind'],
      [{ direction: 'out', kind: 'purchase' }, 'kind'],
      [{ direction: 'sideways' }, 'direction'],
    ] as const) {
      const res = await s.move(farmer, item.id, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(issuesOf(res).map((i) => i.path)).toContain(path);
    }
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await s.move(farmer, item.id, { date: tomorrow });
    expect(issuesOf(future)[0]).toMatchObject({ path: 'date', code: 'future_date' });
    expect(await s.movements(farmer)).toEqual([]);
  });

  it('accepts decimal text with a comma and computes the line total', async () => {
    const farmer = await s.as('User');
    const item = await s.item(farmer, { unit: 'kg' });
    const res = await s.move(farmer, item.id, { quantity: '12,5', unitPrice: '80.40', note: '  Lot A  ' });
    expect(res.statusCode).toBe(201);
    expect(json<StockMovement>(res)).toMatchObject({
      itemId: item.id,
      itemName: item.name,
      unit: 'kg',
      quantity: 12.5,
      unitPrice: 80.4,
      total: 1005,
      note: 'Lot A',
      date: '2025-03-01',
    });
  });

  it('refuses an exit beyond the stock, also when dated before the entries, with the day and the shortfall', async () => {
    const farmer = await s.as('User');
    const item = await s.item(farmer);
    await s.move(farmer, item.id, { quantity: 10, date: '2025-03-10' });

    const tooMuch = await s.move(farmer, item.id, { direction: 'out', quantity: 10.5, date: '2025-03-12' });
    expect(tooMuch.statusCode).toBe(409);
    expect(codeOf(tooMuch)).toBe('STOCK_NEGATIVE');
    expect(issuesOf(tooMuch)[0]).toMatchObject({
      path: 'quantity',
      code: 'negative_stock',
      message: 'stock.negativeStock',
      date: '2025-03-12',
      shortfall: 0.5,
    });
    expect(NegativeStockIssue.safeParse(issuesOf(tooMuch)[0]).error).toBeUndefined();
    // Enough in total, but not yet on that day.
    const early = await s.move(farmer, item.id, { direction: 'out', quantity: 4, date: '2025-03-09' });
    expect(early.statusCode).toBe(409);
    expect(issuesOf(early)[0]).toMatchObject({ date: '2025-03-09', shortfall: 4 });
    // Same-day entry and exit: the day's entries count first.
    expect((await s.move(farmer, item.id, { direction: 'out', quantity: 10, date: '2025-03-10' })).statusCode).toBe(
      201,
    );
    expect(await s.stockOf(farmer, item.id)).toBe(0);
    expect((await s.movements(farmer)).length).toBe(2);
  });

  it('refuses deleting an entry that later exits depend on; deleting an exit always works', async () => {
    const farmer = await s.as('User');
    const item = await s.item(farmer);
    const entry = json<StockMovement>(await s.move(farmer, item.id, { quantity: 6, date: '2025-03-01' }));
    await s.move(farmer, item.id, { quantity: 5, date: '2025-03-05' });
    const exit = json<StockMovement>(
      await s.move(farmer, item.id, { direction: 'out', kind: 'consumption', quantity: 4, date: '2025-03-03' }),
    );

    const refused = await s.del(`/api/stock/movements/${entry.id}`, farmer.headers);
    expect(refused.statusCode).toBe(409);
    expect(issuesOf(refused)[0]).toMatchObject({ path: 'id', date: '2025-03-03', shortfall: 4 });
    expect(await s.stockOf(farmer, item.id)).toBe(7);

    const removed = await s.del(`/api/stock/movements/${exit.id}`, farmer.headers);
    expect(removed.statusCode).toBe(200);
    expect(json<{ movement: StockMovement }>(removed).movement.id).toBe(exit.id);
    expect((await s.del(`/api/stock/movements/${entry.id}`, farmer.headers)).statusCode).toBe(200);
    expect(await s.stockOf(farmer, item.id)).toBe(5);
    expect((await s.del(`/api/stock/movements/${entry.id}`, farmer.headers)).statusCode).toBe(404);
  });

  it('lists movements newest first with filters', async () => {
    const farmer = await s.as('Seller');
    const a = await s.item(farmer, { name: 'Pommes de terre' });
    const b = await s.item(farmer, { name: 'Semences', kind: 'input' });
    await s.move(farmer, a.id, { quantity: 20, date: '2025-01-05', kind: 'production' });
    await s.move(farmer, b.id, { quantity: 3, date: '2025-01-06' });
    await s.move(farmer, a.id, { direction: 'out', quantity: 5, date: '2025-02-01' });
    await s.move(farmer, b.id, { direction: 'out', kind: 'consumption', quantity: 1, date: '2025-02-02' });

    expect((await s.movements(farmer)).map((m) => m.date)).toEqual([
      '2025-02-02',
      '2025-02-01',
      '2025-01-06',
      '2025-01-05',
    ]);
    expect((await s.movements(farmer, `?itemId=${a.id}`)).map((m) => m.quantity)).toEqual([5, 20]);
    expect((await s.movements(farmer, '?kind=sale')).map((m) => m.itemName)).toEqual(['Pommes de terre']);
    expect((await s.movements(farmer, '?direction=in&from=2025-01-06')).map((m) => m.itemId)).toEqual([b.id]);
    expect((await s.movements(farmer, '?from=2025-01-06&to=2025-02-01')).length).toBe(2);
    expect((await s.get('/api/stock/movements?from=2025-02-01&to=2025-01-01', farmer.headers)).statusCode).toBe(400);
  });
});

describe('GET /api/stock/summary', () => {
  it('gives entries, exits, difference, stock at the end of the period and purchase/sale values', async () => {
    const farmer = await s.as('User');
    const wheat = await s.item(farmer, { name: 'Blé' });
    const seeds = await s.item(farmer, { name: 'Semences', kind: 'input', unit: 'kg' });
    const idle = await s.item(farmer, { name: 'Vide' });
    await s.move(farmer, wheat.id, { quantity: 100, unitPrice: 4500, date: '2025-01-10' });
    await s.move(farmer, wheat.id, { quantity: 20, kind: 'production', date: '2025-02-10' });
    await s.move(farmer, wheat.id, { direction: 'out', quantity: 30.5, unitPrice: 5200, date: '2025-02-15' });
    await s.move(farmer, wheat.id, { direction: 'out', quantity: 10, unitPrice: 5300, date: '2025-03-20' });
    await s.move(farmer, seeds.id, { quantity: 0.3, unitPrice: 1000.5, date: '2025-02-01' });
    await s.move(farmer, seeds.id, { direction: 'out', kind: 'consumption', quantity: 0.1, date: '2025-02-02' });

    const all = await s.summary(farmer);
    expect(all.from).toBeNull();
    expect(all.items.map((i) => i.name)).toEqual(['Blé', 'Semences', 'Vide']);
    expect(all.items[0]).toMatchObject({
      entries: 120,
      exits: 40.5,
      difference: 79.5,
      stock: 79.5,
      purchasesValue: 450000,
      salesValue: 211600,
    });
    expect(all.items[1]).toMatchObject({
      entries: 0.3,
      exits: 0.1,
      difference: 0.2,
      stock: 0.2,
      purchasesValue: 300.15,
    });
    expect(all.items[2]).toMatchObject({ id: idle.id, entries: 0, exits: 0, stock: 0, purchasesValue: 0 });
    expect(all.totals).toEqual({ purchasesValue: 450300.15, salesValue: 211600 });

    const feb = await s.summary(farmer, '?from=2025-02-01&to=2025-02-28');
    expect(feb).toMatchObject({ from: '2025-02-01', to: '2025-02-28' });
    expect(feb.items[0]).toMatchObject({
      entries: 20,
      exits: 30.5,
      difference: -10.5,
      // Stock at the end of February: 100 + 20 − 30.5.
      stock: 89.5,
      purchasesValue: 0,
      salesValue: 158600,
    });
    expect((await s.get('/api/stock/summary?from=2025-13-01', farmer.headers)).statusCode).toBe(400);
  });
});
