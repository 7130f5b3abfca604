import { describe, expect, it } from 'vitest';
import { buildTestApp, json, useTestApp } from './helper.ts';

const t = useTestApp({ MAP_TILE_HOSTS: 'tiles.example.dz' });

describe('error shape', () => {
  it("answers unknown /api routes with NOT_FOUND in the caller's language", async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.current.inject({ method, url: '/api/no-such-route', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(json(res)).toEqual({ code: 'NOT_FOUND', message: 'العنصر المطلوب غير موجود.' });
    }
    const fr = await t.current.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'fr-CA, ar;q=0.2' },
    });
    expect(json(fr)).toEqual({ code: 'NOT_FOUND', message: "L'élément demandé est introuvable." });
  });

  it('limits the body size (413 PAYLOAD_TOO_LARGE)', async () => {
    const res = await t.current.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.dz', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses an unsupported content type (415 UNSUPPORTED_MEDIA)', async () => {
    const res = await t.current.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(json(res)).toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
  });

  it('never leaks internals of a 5xx', async () => {
    const local = await buildTestApp();
    try {
      local.app.get('/api/test-explodes', async () => {
        throw new Error('connection string postgres://secret@db failed');
      });
      const res = await local.inject({
        method: 'GET',
        url: '/api/test-explodes',
        headers: { 'accept-language': 'fr' },
      });
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual({
        code: 'INTERNAL',
        message: 'Une erreur est survenue, veuillez réessayer plus tard.',
      });
      expect(res.body).not.toContain('secret');
    } finally {
      await local.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that allows the SPA, data:/blob: images and the map tile hosts', async () => {
    const res = await t.current.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob: [^;]*https:\/\/server\.arcgisonline\.com[^;]*tiles\.example\.dz/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('applies a general rate limit to the API', async () => {
    const res = await t.current.inject({ method: 'GET', url: '/api/health' });
    expect(Number(res.headers['x-ratelimit-limit'])).toBe(t.current.config.rateLimit.max);
  });

  it('answers 429 RATE_LIMITED past RATE_LIMIT_MAX requests a minute from one address', async () => {
    const local = await buildTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const hit = () => local.inject({ method: 'GET', url: '/api/sellerRoles', remoteAddress: '198.51.100.9' });
      for (let i = 0; i < 3; i++) expect((await hit()).statusCode).toBe(200);
      const blocked = await hit();
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked)).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const other = await local.inject({ method: 'GET', url: '/api/sellerRoles', remoteAddress: '198.51.100.10' });
      expect(other.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('compression', () => {
  it('compresses large answers with brotli or gzip as the client accepts', async () => {
    const br = await t.current.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await t.current.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.current.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });
});

describe('OpenAPI', () => {
  it('documents every accounts route from the zod schemas', async () => {
    const doc = json<{
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }
        >
      >;
    }>(await t.current.inject({ method: 'GET', url: '/api/docs/json' }));
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/roles/my-role',
      '/api/roles',
      '/api/sellerRoles',
      '/api/userSellerRole/{userId}',
      '/api/users/profile',
      '/api/users/get',
      '/api/users/{id}',
      '/api/users',
      '/api/health',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const register =
      doc.paths['/api/auth/register']?.post?.requestBody?.content['application/json']?.schema.properties ?? {};
    expect(Object.keys(register)).toEqual(
      expect.arrayContaining(['email', 'userName', 'password', 'phone_number', 'wilaya', 'role_id', 'sellerRole_id']),
    );
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const res = await t.current.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});
