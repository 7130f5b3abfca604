import { eq, publications } from '@filaha/db';
import { PUBLICATION_UNITS } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { multipart, publicationFields, sellerWithSubscription } from './marketplace.test-support.ts';

/**
 * Issue 13 §5: a publication's price and quantity count in a unit from one fixed list. Issue 28 §1: the API does
 * not require it (the seed's form and older clients send none): a publication without a unit has `unit: null`.
 * The web form still asks for one (features/marketplace/productForm.ts).
 */
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

  it('publishes without a unit (absent, blank or null): 201, read back with unit null everywhere', async () => {
    const seller = await sellerWithSubscription(t.current);
    const ids: number[] = [];
    for (const unit of [undefined, '', '  ']) {
      const fields = publicationFields(seller.subscription.id, { productName: `Sans unité ${String(unit)}` });
      if (unit === undefined) delete fields.unit;
      else fields.unit = unit;
      const res = await send('POST', '/api/publications/add', seller.headers, fields);
      expect(res.statusCode, `${String(unit)}: ${res.body}`).toBe(201);
      const { publication } = json<{ publication: { id: number; unit: string | null } }>(res);
      expect(publication.unit).toBeNull();
      ids.push(publication.id);
    }
    // A JSON body, as the seed's form and older clients send it, with the unit left out or null.
    const { unit: _left, ...withoutUnit } = publicationFields(seller.subscription.id, {
      productName: 'Sans unité JSON',
    });
    for (const payload of [withoutUnit, { ...withoutUnit, unit: null }]) {
      const res = await t.current.inject({
        method: 'POST',
        url: '/api/publications/add',
        headers: seller.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(json<{ publication: { id: number } }>(res).publication.id);
    }

    for (const id of ids) {
      const one = await t.current.inject({ method: 'GET', url: `/api/publications/one/${id}` });
      expect(one.statusCode).toBe(200);
      expect(json<{ unit: unknown }>(one).unit).toBeNull();
    }
    const mine = json<Array<{ id: number; unit: unknown }>>(
      await t.current.inject({ method: 'GET', url: '/api/publications/my-publications', headers: seller.headers }),
    );
    expect(mine.filter((p) => ids.includes(p.id)).map((p) => p.unit)).toEqual(ids.map(() => null));
    const rows = await t.current.database.db.select().from(publications).where(eq(publications.userId, seller.user.id));
    expect(rows.map((r) => r.unit)).toEqual(ids.map(() => null));

    // The owner can give it a unit later; a unit left out of an edit stays as it is.
    const edited = await send('PUT', `/api/publications/update/${ids[0]}`, seller.headers, { unit: 'box' });
    expect(edited.statusCode, edited.body).toBe(200);
    await send('PUT', `/api/publications/update/${ids[0]}`, seller.headers, { unit: '', productName: 'Renommé' });
    const [row] = await t.current.database.db.select().from(publications).where(eq(publications.id, ids[0]!));
    expect(row).toMatchObject({ unit: 'box', productName: 'Renommé' });
  });

  it('refuses a unit outside the list, with a stable code and message, and stores nothing on refusal', async () => {
    const seller = await sellerWithSubscription(t.current);
    for (const unit of ['sack', 'KG', 'kilo']) {
      const fields = publicationFields(seller.subscription.id, { productName: `Unité ${unit}`, unit });
      const res = await send('POST', '/api/publications/add', seller.headers, fields);
      expect(res.statusCode, unit).toBe(400);
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
