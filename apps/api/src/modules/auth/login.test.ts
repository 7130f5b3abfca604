import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';

const t = useTestApp();

let ipCounter = 0;
/** Each call comes from its own address unless told otherwise, so only the limit under test can trip. */
const login = (payload: Record<string, unknown>, options: { ip?: string; lang?: string } = {}) =>
  t.current.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    remoteAddress: options.ip ?? `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
    headers: options.lang ? { 'accept-language': options.lang } : {},
  });

describe('POST /api/auth/login', () => {
  it('answers the token and user fields the clients read', async () => {
    const { user, password } = await t.current.createUser({ role: 'Seller' });
    const res = await login({ email: user.email.toUpperCase(), password });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ token: string; user: Record<string, unknown> }>(res);
    expect(body.user).toEqual({ userId: user.id, roleName: 'Seller', userName: user.userName, email: user.email });
    const role = await t.current.inject({
      method: 'GET',
      url: '/api/roles/my-role',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(json(role)).toEqual({ role: 'Seller', roleId: 6 });
  });

  it('answers 401 INVALID_CREDENTIALS with the same message for a wrong password and an unknown e-mail', async () => {
    const { user } = await t.current.createUser();
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' }, { lang: 'fr' });
    const unknownEmail = await login(
      { email: 'nobody-here@test.filaha.dz', password: 'whatever-pass' },
      { lang: 'fr' },
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(json(wrongPassword)).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Email ou mot de passe incorrect.' });
    expect(json(unknownEmail)).toEqual(json(wrongPassword));
  });

  it('validates the payload', async () => {
    const res = await login({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(
      json<{ issues: Array<{ path: string }> }>(res)
        .issues.map((i) => i.path)
        .sort(),
    ).toEqual(['email', 'password']);
  });

  it('limits sign-in attempts per e-mail across addresses (10 per 15 min)', async () => {
    const { user, password } = await t.current.createUser();
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const blocked = await login({ email: user.email, password });
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await t.current.createUser();
    expect((await login({ email: other.user.email, password: other.password })).statusCode).toBe(200);
  });

  it('counts only failed sign-ins, so repeated successful ones from one address are fine', async () => {
    const { user, password } = await t.current.createUser();
    for (let i = 0; i < 12; i++) {
      expect((await login({ email: user.email, password }, { ip: '192.0.2.50' })).statusCode).toBe(200);
    }
  });

  it('limits sign-in attempts per address across e-mails', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: `guess-${i}@test.filaha.dz`, password: 'wrong-password' }, { ip })).statusCode).toBe(
        401,
      );
    }
    const blocked = await login({ email: 'guess-x@test.filaha.dz', password: 'wrong-password' }, { ip, lang: 'fr' });
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Trop de tentatives, veuillez réessayer plus tard.',
    });
  });
});
