import { eq, serviceRequests } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit } from '../plans/test-kit.ts';
import { SERVICE_REQUEST_LIMIT } from './service-requests.routes.ts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

let address = 0;
/** Each test sends from its own address so the per-address limit only bites where it is tested. */
const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = `10.1.0.${++address}`) =>
  t.current.inject({
    method: 'POST',
    url: '/api/service-requests',
    headers,
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });

const valid = (overrides: Record<string, unknown> = {}) => ({
  serviceKey: 'soil',
  name: 'Karim Benali',
  email: 'Karim@Example.dz',
  phone: '0550123456',
  message: 'Analyse de sol pour 12 ha à Blida.',
  ...overrides,
});

describe('POST /api/service-requests', () => {
  it('stores a visitor’s request', async () => {
    const res = await send(valid(), { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(201);
    const { request, message } = json<{
      message: string;
      request: { id: number; email: string; userId: number | null };
    }>(res);
    expect(message).toMatch(/demande/);
    expect(request).toMatchObject({ serviceKey: 'soil', email: 'karim@example.dz', userId: null });
    const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(row).toMatchObject({
      name: 'Karim Benali',
      phone: '0550123456',
      message: 'Analyse de sol pour 12 ha à Blida.',
    });
  });

  it('records the signed-in sender, and refuses an invalid token', async () => {
    const farmer = await k.as('User');
    const res = await send(valid({ serviceKey: 'drilling' }), farmer.headers);
    expect(res.statusCode).toBe(201);
    expect(json<{ request: { userId: number } }>(res).request.userId).toBe(farmer.id);
    expect((await send(valid(), { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it('requires every field and validates each', async () => {
    for (const [field, value, path] of [
      ['serviceKey', 'other', 'serviceKey'],
      ['serviceKey', undefined, 'serviceKey'],
      ['name', '', 'name'],
      ['name', undefined, 'name'],
      ['email', 'not-an-email', 'email'],
      ['email', undefined, 'email'],
      ['phone', '05501234567', 'phone'],
      ['phone', '+213 550', 'phone'],
      ['phone', undefined, 'phone'],
      ['message', '   ', 'message'],
      ['message', undefined, 'message'],
    ] as const) {
      const res = await send(valid({ [field]: value }));
      expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(issuesOf(res).map((i) => i.path)).toContain(path);
    }
  });

  it(`limits one address to ${SERVICE_REQUEST_LIMIT.max} requests per hour`, async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < SERVICE_REQUEST_LIMIT.max; i += 1) expect((await send(valid(), {}, ip)).statusCode).toBe(201);
    const limited = await send(valid(), {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await send(valid(), {}, '10.2.0.2')).statusCode).toBe(201);
  });
});

describe('GET /api/service-requests', () => {
  it('lists requests newest first for admin and manager', async () => {
    const { admin, manager } = await k.cast();
    const first = json<{ request: { id: number } }>(await send(valid({ name: 'Premier' }))).request.id;
    const second = json<{ request: { id: number } }>(await send(valid({ name: 'Second' }))).request.id;
    for (const caller of [admin, manager]) {
      const res = await k.get('/api/service-requests', caller.headers);
      expect(res.statusCode).toBe(200);
      const ids = json<Array<{ id: number }>>(res).map((r) => r.id);
      expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
      expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    }
  });

  it('is hidden from farmers, sellers and visitors', async () => {
    const { farmer, seller } = await k.cast();
    expect((await k.get('/api/service-requests')).statusCode).toBe(401);
    expect((await k.get('/api/service-requests', farmer.headers)).statusCode).toBe(403);
    expect((await k.get('/api/service-requests', seller.headers)).statusCode).toBe(403);
  });
});
