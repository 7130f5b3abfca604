import { randomUUID } from 'node:crypto';
import { and, eq, publications, serviceRequests, sql, stockMovements } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../test/helper.ts';
import {
  makeImage,
  postPublication,
  publicationFields,
  sellerWithSubscription,
  type FilePart,
} from '../modules/marketplace/marketplace.test-support.ts';
import { kit } from '../modules/plans/test-kit.ts';

// Runs on the embedded PGlite, and on PostgreSQL with DATABASE_URL set (the same file, the same assertions).
const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

let address = 0;
/** The service-request form has a per-address limit: each request comes from its own address. */
const sendRequest = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.current.inject({
    method: 'POST',
    url: '/api/service-requests',
    headers,
    payload,
    remoteAddress: `10.9.${Math.floor(++address / 200)}.${address % 200}`,
  });

const request = (message: string) => ({
  serviceKey: 'soil',
  name: 'Karim Benali',
  email: 'karim@example.dz',
  phone: '0550123456',
  message,
});

const rowsWith = async (message: string) =>
  db().select().from(serviceRequests).where(eq(serviceRequests.message, message));

describe('Idempotency-Key on writes', () => {
  it('the same key twice creates one row and answers the same both times', async () => {
    const farmer = await k.as('User');
    const key = randomUUID();
    const message = `once ${key}`;
    const first = await sendRequest({ ...farmer.headers, 'idempotency-key': key }, request(message));
    const second = await sendRequest({ ...farmer.headers, 'idempotency-key': key }, request(message));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['idempotent-replayed']).toBe('true');
    const rows = await rowsWith(message);
    expect(rows).toHaveLength(1);
    expect(json<{ request: { id: number } }>(second).request.id).toBe(rows[0]?.id);
  });

  it('without a key, the same request twice creates two rows (the control)', async () => {
    const farmer = await k.as('User');
    const message = `twice ${randomUUID()}`;
    expect((await sendRequest(farmer.headers, request(message))).statusCode).toBe(201);
    expect((await sendRequest(farmer.headers, request(message))).statusCode).toBe(201);
    expect(await rowsWith(message)).toHaveLength(2);
  });

  it('another user with the same key is independent', async () => {
    const [a, b] = [await k.as('User'), await k.as('User')];
    const key = randomUUID();
    const message = `shared key ${key}`;
    const first = await sendRequest({ ...a.headers, 'idempotency-key': key }, request(message));
    const second = await sendRequest({ ...b.headers, 'idempotency-key': key }, request(message));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    const rows = await rowsWith(message);
    expect(rows.map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it('a different body with the same key is refused with 422 IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    const farmer = await k.as('User');
    const key = randomUUID();
    const first = await sendRequest({ ...farmer.headers, 'idempotency-key': key }, request(`first ${key}`));
    expect(first.statusCode).toBe(201);
    for (const lang of ['fr', 'ar']) {
      const other = await sendRequest(
        { ...farmer.headers, 'idempotency-key': key, 'accept-language': lang },
        request(`other ${key}`),
      );
      expect(other.statusCode).toBe(422);
      const body = json<{ code: string; message: string }>(other);
      expect(body.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(body.message).toMatch(lang === 'fr' ? /clé/ : /مفتاح/);
    }
    expect(await rowsWith(`other ${key}`)).toHaveLength(0);
    expect(await rowsWith(`first ${key}`)).toHaveLength(1);
  });

  it('the same key on another route is another request (422), and PUT is covered too', async () => {
    const farmer = await k.as('User');
    const key = randomUUID();
    const item = await k.post(
      '/api/stock/items',
      { ...farmer.headers, 'idempotency-key': key },
      {
        name: `Blé ${key.slice(0, 8)}`,
        unit: 'q',
        kind: 'product',
      },
    );
    expect(item.statusCode).toBe(201);
    const id = json<{ id: number }>(item).id;
    const moved = await k.post(
      '/api/stock/movements',
      { ...farmer.headers, 'idempotency-key': key },
      {
        itemId: id,
        direction: 'in',
        kind: 'production',
        quantity: 12,
        date: '2026-11-01',
      },
    );
    expect(moved.statusCode).toBe(422);
    const putKey = randomUUID();
    const rename = { name: `Orge ${key.slice(0, 8)}`, unit: 'q', kind: 'product' };
    const put1 = await k.put(`/api/stock/items/${id}`, { ...farmer.headers, 'idempotency-key': putKey }, rename);
    const put2 = await k.put(`/api/stock/items/${id}`, { ...farmer.headers, 'idempotency-key': putKey }, rename);
    expect(put1.statusCode).toBe(200);
    expect(put2.body).toBe(put1.body);
    expect(put2.headers['idempotent-replayed']).toBe('true');
  });

  it('a stock entry replayed with its key is recorded once', async () => {
    const farmer = await k.as('User');
    const item = await k.post('/api/stock/items', farmer.headers, {
      name: `Maïs ${randomUUID().slice(0, 8)}`,
      unit: 'kg',
      kind: 'product',
    });
    const itemId = json<{ id: number }>(item).id;
    const entry = { itemId, direction: 'in', kind: 'production', quantity: 40, date: '2026-11-02' };
    const key = randomUUID();
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push(await k.post('/api/stock/movements', { ...farmer.headers, 'idempotency-key': key }, entry));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const rows = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.itemId, itemId)));
    expect(rows).toHaveLength(1);
  });

  it('the same keyed request sent three times at once runs once; the others wait and replay its answer', async () => {
    const farmer = await k.as('User');
    const item = await k.post('/api/stock/items', farmer.headers, {
      name: `Pois ${randomUUID().slice(0, 8)}`,
      unit: 'kg',
      kind: 'product',
    });
    const itemId = json<{ id: number }>(item).id;
    const entry = { itemId, direction: 'in', kind: 'production', quantity: 5, date: '2026-11-03' };
    const headers = { ...farmer.headers, 'idempotency-key': randomUUID() };
    const answers = await Promise.all([0, 1, 2].map(() => k.post('/api/stock/movements', headers, entry)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await db().select().from(stockMovements).where(eq(stockMovements.itemId, itemId))).toHaveLength(1);
  });

  it('refuses a malformed key with 400 VALIDATION_FAILED before anything runs', async () => {
    const farmer = await k.as('User');
    const message = `bad key ${randomUUID()}`;
    for (const key of ['short', 'x'.repeat(201), 'has space in it']) {
      const res = await sendRequest({ ...farmer.headers, 'idempotency-key': key }, request(message));
      expect(res.statusCode).toBe(400);
      expect(json<{ code: string }>(res).code).toBe('VALIDATION_FAILED');
    }
    expect(await rowsWith(message)).toHaveLength(0);
  });

  it('a committed claim without an answer (an earlier version) answers 409 IDEMPOTENCY_IN_PROGRESS, then is taken over', async () => {
    const farmer = await k.as('User');
    const key = randomUUID();
    const message = `running ${key}`;
    const { fingerprintOf } = await import('./idempotency.ts');
    const fingerprint = fingerprintOf({
      method: 'POST',
      url: '/api/service-requests',
      body: request(message),
    });
    await db().execute(
      sql`INSERT INTO idempotency_keys (user_id, key, fingerprint, expires_at)
          VALUES (${farmer.id}, ${key}, ${fingerprint}, now() + interval '1 day')`,
    );
    const busy = await sendRequest({ ...farmer.headers, 'idempotency-key': key }, request(message));
    expect(busy.statusCode).toBe(409);
    expect(json<{ code: string }>(busy).code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(busy.headers['retry-after']).toBe('1');
    expect(await rowsWith(message)).toHaveLength(0);

    await db().execute(
      sql`UPDATE idempotency_keys SET locked_at = now() - interval '10 minutes'
          WHERE user_id = ${farmer.id} AND key = ${key}`,
    );
    const taken = await sendRequest({ ...farmer.headers, 'idempotency-key': key }, request(message));
    expect(taken.statusCode).toBe(201);
    const again = await sendRequest({ ...farmer.headers, 'idempotency-key': key }, request(message));
    expect(again.body).toBe(taken.body);
    expect(await rowsWith(message)).toHaveLength(1);
  });

  it('a key older than 24 hours is forgotten: the request runs again', async () => {
    const farmer = await k.as('User');
    const key = randomUUID();
    const message = `expired ${key}`;
    expect((await sendRequest({ ...farmer.headers, 'idempotency-key': key }, request(message))).statusCode).toBe(201);
    const { rows } = await db().execute<{ hours: number }>(
      sql`SELECT round(extract(epoch FROM expires_at - now()) / 3600)::int AS hours
          FROM idempotency_keys WHERE user_id = ${farmer.id} AND key = ${key}`,
    );
    expect(rows[0]?.hours).toBe(24);
    await db().execute(
      sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second'
          WHERE user_id = ${farmer.id} AND key = ${key}`,
    );
    const later = await sendRequest({ ...farmer.headers, 'idempotency-key': key }, request(message));
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsWith(message)).toHaveLength(2);
  });

  it('a visitor without an account is not scoped by a key (the header is ignored)', async () => {
    const key = randomUUID();
    const message = `visitor ${key}`;
    expect((await sendRequest({ 'idempotency-key': key }, request(message))).statusCode).toBe(201);
    expect((await sendRequest({ 'idempotency-key': key }, request(message))).statusCode).toBe(201);
    expect(await rowsWith(message)).toHaveLength(2);
  });

  it('a refused write (4xx) is answered the same way again without running again', async () => {
    const farmer = await k.as('User');
    const key = randomUUID();
    // An item of someone else: 404, kept for the key like any answer below 500.
    const other = await k.as('User');
    const item = await k.post('/api/stock/items', other.headers, {
      name: `Avoine ${key.slice(0, 8)}`,
      unit: 'kg',
      kind: 'product',
    });
    const otherId = json<{ id: number }>(item).id;
    const body = { name: 'Pris', unit: 'kg', kind: 'product' };
    const first = await k.put(`/api/stock/items/${otherId}`, { ...farmer.headers, 'idempotency-key': key }, body);
    const second = await k.put(`/api/stock/items/${otherId}`, { ...farmer.headers, 'idempotency-key': key }, body);
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(first.statusCode).toBeLessThan(500);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  describe('a multipart body (a publication with photos)', () => {
    const photo = async (background: number): Promise<FilePart> => ({
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      bytes: await makeImage('jpeg', 64 + background, 48),
    });
    const postsOf = async (userId: number) => db().select().from(publications).where(eq(publications.userId, userId));

    it('the same key with other fields or another photo is refused with 422 and creates nothing', async () => {
      const seller = await sellerWithSubscription(t.current);
      const key = randomUUID();
      const headers = { ...seller.headers, 'idempotency-key': key };
      const fields = publicationFields(seller.subscription.id, { productName: 'Tomates' });
      const first = await postPublication(t.current, headers, fields, [await photo(0)]);
      expect(first.statusCode).toBe(201);
      const otherFields = publicationFields(seller.subscription.id, { productName: 'Oignons' });
      const byFields = await postPublication(t.current, headers, otherFields, [await photo(0)]);
      expect(byFields.statusCode).toBe(422);
      expect(json<{ code: string }>(byFields).code).toBe('IDEMPOTENCY_KEY_REUSED');
      // Same fields, another file of the same name and type: only its bytes differ.
      const byPhoto = await postPublication(t.current, headers, fields, [await photo(1)]);
      expect(byPhoto.statusCode).toBe(422);
      expect((await postsOf(seller.user.id)).map((p) => p.productName)).toEqual(['Tomates']);
    });

    it('the same key with the same form replays the first answer and creates one publication', async () => {
      const seller = await sellerWithSubscription(t.current);
      const headers = { ...seller.headers, 'idempotency-key': randomUUID() };
      const fields = publicationFields(seller.subscription.id);
      const files = [await photo(2)];
      const first = await postPublication(t.current, headers, fields, files);
      const second = await postPublication(t.current, headers, fields, files);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toBe(first.body);
      expect(await postsOf(seller.user.id)).toHaveLength(1);
    });
  });
});
