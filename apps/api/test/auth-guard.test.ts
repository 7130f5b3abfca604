import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { json, TEST_JWT_SECRET, useTestApp } from './helper.ts';

const t = useTestApp();
const profile = (authorization?: string, lang?: string) =>
  t.current.inject({
    method: 'GET',
    url: '/api/users/profile',
    headers: { ...(authorization ? { authorization } : {}), ...(lang ? { 'accept-language': lang } : {}) },
  });

describe('authentication', () => {
  it('answers 401 UNAUTHENTICATED without a token', async () => {
    const res = await profile();
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ code: 'UNAUTHENTICATED', message: 'يجب تسجيل الدخول.' });
  });

  it('answers 401 UNAUTHENTICATED for a malformed, foreign or tampered token', async () => {
    const { token, user } = await t.current.createUser();
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const [header, payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: String(user.id + 1) }),
    ).toString('base64url');
    for (const authorization of [
      'Bearer not-a-jwt',
      `Basic ${token}`,
      `Bearer ${foreign}`,
      `Bearer ${header}.${forgedPayload}.${signature}`,
      `Bearer ${header}.${payload}.`,
    ]) {
      const res = await profile(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(json(res)).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('refuses an unsigned (alg none) token', async () => {
    const { user } = await t.current.createUser();
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${encode({ alg: 'none' })}.${encode({ sub: String(user.id), iss: 'filaha', aud: 'filaha-api', exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    expect((await profile(`Bearer ${none}`)).statusCode).toBe(401);
  });

  it('answers 401 TOKEN_EXPIRED for an expired token', async () => {
    const { user } = await t.current.createUser();
    const res = await profile(`Bearer ${await t.current.expiredToken(user.id)}`, 'fr');
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ code: 'TOKEN_EXPIRED', message: 'Votre session a expiré, veuillez vous reconnecter.' });
  });

  it('issues tokens that expire after JWT_TTL', async () => {
    const { token } = await t.current.createUser();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      iat: number;
      exp: number;
      sub: string;
    };
    expect(claims.exp - claims.iat).toBe(t.current.config.jwtTtlSeconds);
    expect(claims).not.toHaveProperty('role');
  });

  it('answers 401 for a valid token of a user that no longer exists', async () => {
    const token = await t.current.app.tokens.sign(2_000_000_000);
    expect(json(await profile(`Bearer ${token}`))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers 403 FORBIDDEN for a wrong role', async () => {
    const { headers } = await t.current.createUser({ role: 'Seller' });
    const res = await t.current.inject({
      method: 'GET',
      url: '/api/users',
      headers: { ...headers, 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ code: 'FORBIDDEN', message: "Vous n'avez pas accès à cette action." });
  });

  it('signs with the configured secret', () => {
    expect(t.current.config.jwtSecret).toBe(TEST_JWT_SECRET);
  });
});
