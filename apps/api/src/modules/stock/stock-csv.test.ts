import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { csvCell, movementsCsv } from './stock-csv.ts';
import { stockKit } from './stock.test-support.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
const s = stockKit(t);

const BOM = '\uFEFF';

describe('GET /api/stock/export.csv', () => {
  it('exports my movements chronologically: BOM, `;`, CRLF, French headers, decimal comma, quoting', async () => {
    const farmer = await s.as('User');
    const other = await s.as('User');
    const wheat = await s.item(farmer, { name: 'Blé "dur"; lot 2', unit: 'q' });
    const seeds = await s.item(farmer, { name: '=HYPERLINK("x")', unit: 'bag', kind: 'input' });
    const theirs = await s.item(other, { name: 'Pas à moi' });
    await s.move(other, theirs.id, { quantity: 1 });
    await s.move(farmer, wheat.id, {
      quantity: 12.5,
      unitPrice: 4500.75,
      date: '2025-02-03',
      note: 'ligne 1\nligne 2',
    });
    await s.move(farmer, seeds.id, { quantity: 2, unitPrice: 3000, date: '2025-01-20' });
    await s.move(farmer, wheat.id, {
      direction: 'out',
      quantity: 2,
      unitPrice: 5000,
      date: '2025-02-10',
      note: '-10 %',
    });

    const res = await s.get('/api/stock/export.csv', { ...farmer.headers, 'accept-language': 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="stock_all_\d{4}-\d{2}-\d{2}\.csv"$/);
    // The BOM as bytes, not only as a character: Excel looks for EF BB BF.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'Date;Article;Unité;Sens;Type;Quantité;Prix unitaire (DA);Montant (DA);Note',
      `2025-01-20;"'=HYPERLINK(""x"")";sac;Entrée;Achat;2;3000;6000;`,
      '2025-02-03;"Blé ""dur""; lot 2";q;Entrée;Achat;12,5;4500,75;56259,38;"ligne 1\nligne 2"',
      `2025-02-10;"Blé ""dur""; lot 2";q;Sortie;Vente;2;5000;10000;'-10 %`,
      '',
    ]);
  });

  it('puts the headers in Arabic by Accept-Language or lang, and filters by period', async () => {
    const farmer = await s.as('Seller');
    const item = await s.item(farmer, { name: 'زيت زيتون', unit: 'L' });
    await s.move(farmer, item.id, { quantity: 30, unitPrice: 900, date: '2025-05-01' });
    await s.move(farmer, item.id, { direction: 'out', quantity: 5, unitPrice: 1200, date: '2025-06-01' });

    const ar = await s.get('/api/stock/export.csv?from=2025-05-15', farmer.headers);
    expect(ar.body.startsWith(BOM)).toBe(true);
    const lines = ar.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('التاريخ;المادة;الوحدة;الاتجاه;النوع;الكمية;سعر الوحدة (دج);المبلغ (دج);ملاحظة');
    expect(lines.slice(1)).toEqual(['2025-06-01;زيت زيتون;لتر;خروج;بيع;5;1200;6000;', '']);
    expect(ar.headers['content-disposition']).toMatch(/stock_2025-05-15_/);

    const fr = await s.get('/api/stock/export.csv?lang=fr&to=2025-05-31', {
      ...farmer.headers,
      'accept-language': 'ar',
    });
    expect(fr.body.slice(1).split('\r\n').slice(0, 2)).toEqual([
      'Date;Article;Unité;Sens;Type;Quantité;Prix unitaire (DA);Montant (DA);Note',
      '2025-05-01;زيت زيتون;L;Entrée;Achat;30;900;27000;',
    ]);
    expect((await s.get('/api/stock/export.csv?lang=en', farmer.headers)).statusCode).toBe(400);
    expect((await s.get('/api/stock/export.csv')).statusCode).toBe(401);
  });

  it('writes only the header line when there is nothing to export', () => {
    expect(movementsCsv([], 'fr').split('\r\n')).toEqual([
      `${BOM}Date;Article;Unité;Sens;Type;Quantité;Prix unitaire (DA);Montant (DA);Note`,
      '',
    ]);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('plain')).toBe('plain');
  });
});
