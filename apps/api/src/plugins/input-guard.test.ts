import { TEXT_MESSAGES } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { json, useTestApp, validRegistration } from '../../test/helper.ts';
import { multipart, publicationFields } from '../modules/marketplace/marketplace.test-support.ts';
import { factories } from '@filaha/db/testing';

/** Issue 11 §2: U+0000 and unreadable names are refused at the edge with 400 VALIDATION_FAILED, never 500. */
const t = useTestApp();

interface ErrorBody {
  code: string;
  message: string;
  issues?: Array<{ path: string; code: string; message: string }>;
}

function expectRefused(res: { statusCode: number; body: string }, path: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = json<ErrorBody>(res);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.issues).toContainEqual(expect.objectContaining({ path, message }));
}

describe('U+0000 anywhere in a request', () => {
  it('is refused in the query string, with the message in the caller’s language', async () => {
    for (const [lang, text] of [
      ['ar', 'البيانات المرسلة غير صالحة.'],
      ['fr', 'Les données envoyées ne sont pas valides.'],
    ]) {
      const res = await t.current.inject({
        method: 'GET',
        url: '/api/publications/all?q=tom%00ate',
        headers: { 'accept-language': lang! },
      });
      expectRefused(res, 'q', TEXT_MESSAGES.nul);
      expect(json<ErrorBody>(res).message).toBe(text);
    }
    expectRefused(
      await t.current.inject({ method: 'GET', url: '/api/publications/all?category=%00' }),
      'category',
      TEXT_MESSAGES.nul,
    );
  });

  it('is refused in a JSON body, deep values and keys included, before the route runs', async () => {
    const register = (payload: object) => t.current.inject({ method: 'POST', url: '/api/auth/register', payload });
    expectRefused(await register(validRegistration({ userName: 'Ka\u0000rim' })), 'userName', TEXT_MESSAGES.nul);
    expectRefused(await register(validRegistration({ password: 'pass\u0000word-123' })), 'password', TEXT_MESSAGES.nul);
    expectRefused(await register({ ...validRegistration(), 'x\u0000': 1 }), 'x\\0', TEXT_MESSAGES.nul);
    const { headers } = await t.current.createUser();
    const res = await t.current.inject({
      method: 'POST',
      url: '/api/parcelle',
      headers,
      payload: { identifiantU: 'P', geom: { type: 'Polygon', coordinates: [[['\u0000', 1]]] } },
    });
    expectRefused(res, 'geom.coordinates.0.0.0', TEXT_MESSAGES.nul);
  });

  it('is refused in a path parameter', async () => {
    const { headers } = await t.current.createUser();
    const res = await t.current.inject({ method: 'POST', url: '/api/images/ND%00VI', headers, payload: {} });
    expectRefused(res, 'indexName', TEXT_MESSAGES.nul);
  });

  it('is refused in a multipart field', async () => {
    const { user, headers } = await t.current.createUser();
    const { sellerSubscription } = await factories.createSellerSubscription(t.current.database, { userId: user.id });
    const form = multipart({ ...publicationFields(sellerSubscription.id), location: 'Bli\u0000da' }, []);
    const res = await t.current.inject({
      method: 'POST',
      url: '/api/publications/add',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expectRefused(res, 'location', TEXT_MESSAGES.nul);
  });
});

describe('names and titles', () => {
  it('refuses a user name of invisible characters only, or with a bidi override', async () => {
    const register = (userName: string) =>
      t.current.inject({ method: 'POST', url: '/api/auth/register', payload: validRegistration({ userName }) });
    expectRefused(await register('\u200B\u200B'), 'userName', TEXT_MESSAGES.invisible);
    expectRefused(await register('\u202Egpj.exe'), 'userName', TEXT_MESSAGES.bidi);
    const { user, headers } = await t.current.createUser();
    const res = await t.current.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers,
      payload: { userName: '\u2067Karim' },
    });
    expectRefused(res, 'userName', TEXT_MESSAGES.bidi);
    expect((await register('كريم\u200F')).statusCode).toBe(201);
  });

  it('refuses a stock item name without a visible character', async () => {
    const { headers } = await t.current.createUser();
    const res = await t.current.inject({
      method: 'POST',
      url: '/api/stock/items',
      headers,
      payload: { name: '\u3164', unit: 'kg', kind: 'product' },
    });
    expectRefused(res, 'name', TEXT_MESSAGES.invisible);
  });
});

describe('a value the database cannot hold', () => {
  it('is a 400 VALIDATION_FAILED, not a 500 (an id beyond PostgreSQL integer)', async () => {
    const { headers } = await t.current.createUser({ role: 'Admin' });
    for (const url of ['/api/parcelle/99999999999', '/api/legende?indiceId=99999999999']) {
      const res = await t.current.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(json<ErrorBody>(res).code).toBe('VALIDATION_FAILED');
    }
    const res = await t.current.inject({
      method: 'POST',
      url: '/api/conversations',
      headers,
      payload: { userId: 99999999999 },
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});
