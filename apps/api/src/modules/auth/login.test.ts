import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { ATTEMPT_LIMITS } from '../../plugins/security.ts';

const { perAccount, perAddress } = ATTEMPT_LIMITS.login;

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

  it('limits sign-in failures per account across addresses, saying how long to wait (ar, fr)', async () => {
    const { user, password } = await t.current.createUser();
    for (let i = 0; i < perAccount; i++) {
      expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    // Even the right password, from yet another address: the account is locked for the rest of the window.
    const blocked = await login({ email: user.email, password }, { lang: 'fr' });
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(json(blocked)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Trop de tentatives, veuillez réessayer dans 15 minutes.',
    });
    const inArabic = await login({ email: user.email, password }, { lang: 'ar' });
    expect(json(inArabic)).toEqual({
      code: 'RATE_LIMITED',
      message: 'محاولات كثيرة جدًا، يرجى المحاولة مجددًا بعد 15 دقيقة.',
    });
    // Another account is not affected.
    const other = await t.current.createUser();
    expect((await login({ email: other.user.email, password: other.password })).statusCode).toBe(200);
  });

  it('counts a burst of parallel guesses on one account exactly', async () => {
    const { user } = await t.current.createUser();
    const answers = await Promise.all(
      Array.from({ length: perAccount * 2 }, () => login({ email: user.email, password: 'wrong-password' })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(perAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(perAccount);
  });

  it('counts only failed sign-ins, so repeated successful ones from one address are fine', async () => {
    const { user, password } = await t.current.createUser();
    for (let i = 0; i < perAccount + perAddress; i++) {
      expect((await login({ email: user.email, password }, { ip: '192.0.2.50' })).statusCode).toBe(200);
    }
  });

  it('limits sign-in failures per address across accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < perAddress; i++) {
      expect((await login({ email: `guess-${i}@test.filaha.dz`, password: 'wrong-password' }, { ip })).statusCode).toBe(
        401,
      );
    }
    const blocked = await login({ email: 'guess-x@test.filaha.dz', password: 'wrong-password' }, { ip, lang: 'fr' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(blocked).message).toBe('Trop de tentatives, veuillez réessayer dans 15 minutes.');
    // A real account that never signed in from this address is refused too, even with its password…
    const stranger = await t.current.createUser();
    expect((await login({ email: stranger.user.email, password: stranger.password }, { ip })).statusCode).toBe(429);
    // …but the same account from another address is not.
    expect((await login({ email: stranger.user.email, password: stranger.password })).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 0; i < perAddress; i++) {
      const ip = `2001:db8:77:1::${(i + 1).toString(16)}`;
      expect((await login({ email: `v6-${i}@test.filaha.dz`, password: 'wrong-password' }, { ip })).statusCode).toBe(
        401,
      );
    }
    const next = await login(
      { email: 'v6-x@test.filaha.dz', password: 'wrong-password' },
      { ip: '2001:db8:77:1::ffff' },
    );
    expect(next.statusCode).toBe(429);
  });

  it("does not lock an owner out because of strangers' failures on a shared address (carrier-grade NAT)", async () => {
    const ip = '198.51.100.9';
    const owner = await t.current.createUser();
    expect((await login({ email: owner.user.email, password: owner.password }, { ip })).statusCode).toBe(200);
    // Strangers behind the same address fail on their own accounts until the address is blocked for them.
    for (let i = 0; i < perAddress; i++) {
      expect((await login({ email: `mistyped-${i}@test.filaha.dz`, password: 'wrong-pass' }, { ip })).statusCode).toBe(
        401,
      );
    }
    expect((await login({ email: 'mistyped-x@test.filaha.dz', password: 'wrong-pass' }, { ip })).statusCode).toBe(429);
    // The owner, who signed in from this address before, still gets in with the right password.
    const again = await login({ email: owner.user.email, password: owner.password }, { ip });
    expect(again.statusCode, again.body).toBe(200);
    // And a brute force on the owner's account from that address is still stopped by the per-account limit.
    for (let i = 0; i < perAccount; i++) {
      expect((await login({ email: owner.user.email, password: 'guess' }, { ip })).statusCode).toBe(401);
    }
    expect((await login({ email: owner.user.email, password: owner.password }, { ip })).statusCode).toBe(429);
  });
});
