import { factories } from '@filaha/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';

const t = useTestApp();

interface Item {
  id: number;
  nomProduit: string;
  prixUnitaire: number;
  etat: string;
  seller: { sellerRole: { id: number } | null; wilaya: number | null };
}
interface Page {
  items: Item[];
  total: number;
  page: number;
  limit: number;
}

// Other test files share this worker's database: every name carries a token so each search sees only its rows.
const token = `zk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const list = async (query: string) => {
  const res = await t.current.inject({ method: 'GET', url: `/api/publications/all?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return json<Item[] | Page>(res);
};
const names = (body: Item[] | Page) =>
  (Array.isArray(body) ? body : body.items).map((i) => i.nomProduit.replace(` ${token}`, ''));
const q = (extra = '') => `q=${encodeURIComponent(token)}${extra}`;

beforeAll(async () => {
  const db = t.current.database;
  const inputs = await factories.createUser(db, { role: 'Seller', sellerRoleId: 2, wilayaId: 16 });
  const company = await factories.createUser(db, { role: 'Seller', sellerRoleId: 6, wilayaId: 31 });
  const machines = await factories.createUser(db, { role: 'Seller', sellerRoleId: 3, wilayaId: 31 });
  const farmer = await factories.createUser(db, { role: 'User', wilayaId: 9 });
  // Created one after the other: "recent" is the reverse of this order.
  const rows = [
    { userId: inputs.user.id, productName: 'Engrais', unitPrice: 500 },
    { userId: inputs.user.id, productName: 'Semences', unitPrice: 1500, state: 'NONDISPO' as const },
    { userId: company.user.id, productName: 'Tracteur', unitPrice: 900000 },
    { userId: farmer.user.id, productName: 'Oranges', unitPrice: 120 },
    { userId: machines.user.id, productName: 'Pulvérisateur', unitPrice: 30000 },
  ];
  for (const row of rows) await factories.createPublication(db, { ...row, productName: `${row.productName} ${token}` });
  await factories.createPublication(db, { userId: farmer.user.id, productName: `Pommes de terre ÉTÉ ${token}` });
  await factories.createPublication(db, { userId: farmer.user.id, productName: `الطَّماطِمُ الطازجة ${token}` });
  await factories.createPublication(db, { userId: farmer.user.id, productName: `100% bio ${token}` });
});

describe('GET /api/publications/all — search', () => {
  it('finds part of a French name whatever the case and accents', async () => {
    for (const term of [`été ${token}`, `ETE ${token}`, `de terre ete ${token}`]) {
      expect(names(await list(`q=${encodeURIComponent(term)}`))).toEqual(['Pommes de terre ÉTÉ']);
    }
    expect(names(await list(`q=${encodeURIComponent(`pulverisateur ${token}`)}`))).toEqual(['Pulvérisateur']);
  });

  it('finds Arabic names without diacritics and with normalised letters (ة→ه)', async () => {
    expect(names(await list(`q=${encodeURIComponent(`طماطم الطازجه ${token}`)}`))).toEqual(['الطَّماطِمُ الطازجة']);
    const all = await list(`q=${encodeURIComponent('طماطم')}&limit=100`);
    expect(names(all)).toContain('الطَّماطِمُ الطازجة');
  });

  it('treats % and _ as plain characters', async () => {
    expect(names(await list(`q=${encodeURIComponent(`100% bio ${token}`)}`))).toEqual(['100% bio']);
    expect(names(await list(`q=${encodeURIComponent(`%${token}`)}`))).toEqual([]);
  });
});

describe('GET /api/publications/all — filters, sort and paging', () => {
  it('filters by seller category (name prefix, Arabic name or id; a farmer counts as Agriculteur)', async () => {
    expect(names(await list(q('&category=Fournisseur&sort=price_asc')))).toEqual([
      'Engrais',
      'Semences',
      'Pulvérisateur',
    ]);
    expect(names(await list(q('&category=entreprise')))).toEqual(['Tracteur']);
    expect(names(await list(q(`&category=${encodeURIComponent('مؤسسة')}`)))).toEqual(['Tracteur']);
    expect(names(await list(q('&category=6')))).toEqual(['Tracteur']);
    expect(names(await list(q('&category=Agriculteur')))).toEqual([
      '100% bio',
      'الطَّماطِمُ الطازجة',
      'Pommes de terre ÉTÉ',
      'Oranges',
    ]);
    expect(names(await list(q('&category=Inconnu')))).toEqual([]);
  });

  it('filters by wilaya, availability and price range', async () => {
    expect(names(await list(q('&wilaya=31&sort=price_asc')))).toEqual(['Pulvérisateur', 'Tracteur']);
    expect(names(await list(q('&etat=NONDISPO')))).toEqual(['Semences']);
    expect(names(await list(q('&minPrice=500&maxPrice=30000&sort=price_asc')))).toEqual([
      'Engrais',
      'Semences',
      'Pulvérisateur',
    ]);
  });

  it('sorts by recency (default) and by price both ways', async () => {
    const recent = names(await list(q('&category=Fournisseur')));
    expect(recent).toEqual(['Pulvérisateur', 'Semences', 'Engrais']);
    expect(names(await list(q('&category=Fournisseur&sort=price_desc')))).toEqual([
      'Pulvérisateur',
      'Semences',
      'Engrais',
    ]);
    // The three at 100 DA (factory default) tie: the id breaks the tie, oldest first.
    const tied = ['Pommes de terre ÉTÉ', 'الطَّماطِمُ الطازجة', '100% bio'];
    const rest = ['Oranges', 'Engrais', 'Semences', 'Pulvérisateur', 'Tracteur'];
    expect(names(await list(q('&sort=price_asc')))).toEqual([...tied, ...rest]);
    expect(names(await list(q('&sort=price_desc')))).toEqual([...rest.reverse(), ...tied.reverse()]);
  });

  it('answers { items, total, page, limit } when paging is asked, the plain list otherwise', async () => {
    const page2 = (await list(q('&sort=price_asc&wilaya=16&limit=1&page=2'))) as Page;
    expect(page2).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(names(page2)).toEqual(['Semences']);

    const firstPage = (await list(q('&page=1'))) as Page;
    expect(firstPage).toMatchObject({ total: 8, page: 1, limit: 24 });
    expect(firstPage.items).toHaveLength(8);
    const beyond = (await list(q('&page=5&limit=2'))) as Page;
    expect(beyond).toMatchObject({ items: [], total: 8 });

    const plain = await list(q());
    expect(Array.isArray(plain)).toBe(true);
    expect(plain).toHaveLength(8);
  });

  it('rejects bad parameters with 400', async () => {
    for (const bad of ['limit=101', 'limit=0', 'page=0', 'sort=cheap', 'etat=SOLD', 'wilaya=59', 'minPrice=abc']) {
      const res = await t.current.inject({ method: 'GET', url: `/api/publications/all?${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
