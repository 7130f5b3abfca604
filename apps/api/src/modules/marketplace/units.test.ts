import { eq, publications } from '@filaha/db';
import { PUBLICATION_UNITS } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { multipart, publicationFields, sellerWithSubscription } from './marketplace.test-support.ts';

/** Issue 13 §5: a publication's price and quantity count in a unit from one fixed list, required when publishing. */
const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'POST' | 'PUT', url: string, headers: Headers, fields: Record<string, string>) => {
  const body = multipart(fields, []);
  return t.current.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
};
const issues = (res: { body: string }) =>
  json<{ code: string; issues?: Array<{ path: string; message: string }> }>(res);

describe('publication units', () => {
  it('publishes with a unit, answers it everywhere and lets the owner change it', async () => {
    const seller = await sellerWithSubscription(t.current);
    const created = await send(
      'POST',
      '/api/publications/add',
      seller.headers,
      publicationFields(seller.subscription.id, { unit: ' quintal ', price: '2500', quantity: '30' }),
    );
    expect(created.statusCode).toBe(201);
    const { publication } = json<{ publication: { id: number; unit: string; prixUnitaire: number } }>(created);
    expect(publication).toMatchObject({ unit: 'quintal', prixUnitaire: 2500, quantité: 30 });

    const one = json<{ unit: string }>(
      await t.current.inject({ method: 'GET', url: `/api/publications/one/${publication.id}` }),
    );
    expect(one.unit).toBe('quintal');
    const mine = json<Array<{ id: number; unit: string }>>(
      await t.current.inject({ method: 'GET', url: '/api/publications/my-publications', headers: seller.headers }),
    );
    expect(mine.find((p) => p.id === publication.id)?.unit).toBe('quintal');

    const edited = await send('PUT', `/api/publications/update/${publication.id}`, seller.headers, { unit: 'tonne' });
    expect(edited.statusCode).toBe(200);
    // Other fields left out of the edit keep their values; so does the unit when it is left out.
    const renamed = await send('PUT', `/api/publications/update/${publication.id}`, seller.headers, {
      productName: 'Blé dur',
    });
    expect(renamed.statusCode).toBe(200);
    const [row] = await t.current.database.db.select().from(publications).where(eq(publications.id, publication.id));
    expect(row).toMatchObject({ unit: 'tonne', productName: 'Blé dur', unitPrice: 2500 });
  });

  it('requires a unit from the list, with a stable code and message, and stores nothing on refusal', async () => {
    const seller = await sellerWithSubscription(t.current);
    for (const unit of [undefined, '', '  ', 'sack', 'KG', 'kilo']) {
      const fields = publicationFields(seller.subscription.id, { productName: `Sans unité ${String(unit)}` });
      if (unit === undefined) delete fields.unit;
      else fields.unit = unit;
      const res = await send('POST', '/api/publications/add', seller.headers, fields);
      expect(res.statusCode, String(unit)).toBe(400);
      expect(issues(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'unit', message: 'validation.unit' }],
      });
    }
    const rows = await t.current.database.db.select().from(publications).where(eq(publications.userId, seller.user.id));
    expect(rows).toEqual([]);

    const ok = await send('POST', '/api/publications/add', seller.headers, publicationFields(seller.subscription.id));
    const { publication } = json<{ publication: { id: number } }>(ok);
    const bad = await send('PUT', `/api/publications/update/${publication.id}`, seller.headers, { unit: 'barrel' });
    expect(bad.statusCode).toBe(400);
    expect(issues(bad).issues).toEqual([expect.objectContaining({ path: 'unit', message: 'validation.unit' })]);
    const [row] = await t.current.database.db.select().from(publications).where(eq(publications.id, publication.id));
    expect(row?.unit).toBe('kg');
  });

  it('accepts every unit of the shared list', async () => {
    const seller = await sellerWithSubscription(t.current);
    for (const unit of PUBLICATION_UNITS) {
      const res = await send(
        'POST',
        '/api/publications/add',
        seller.headers,
        publicationFields(seller.subscription.id, { productName: `Produit ${unit}`, unit }),
      );
      expect(res.statusCode, unit).toBe(201);
      expect(json<{ publication: { unit: string } }>(res).publication.unit).toBe(unit);
    }
  });
});
