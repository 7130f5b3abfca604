import { desc, eq, passwordResetCodes, sql, users } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, TEST_JWT_SECRET, useTestApp } from '../../../test/helper.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import { signTokenWithExpiry } from '../../lib/tokens.ts';
import { ATTEMPT_LIMITS } from '../../plugins/security.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createResetCodesRepository } from './reset-codes.repository.ts';

const t = useTestApp();

let ipCounter = 0;
const post = (url: string, payload: Record<string, unknown>, lang?: string) =>
  t.current.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
    headers: lang ? { 'accept-language': lang } : {},
  });
const forgot = (email: string, lang?: string) => post('/api/auth/forgot-password', { email }, lang);
const reset = (email: string, code: string, password = 'brand-new-pass-1') =>
  post('/api/auth/reset-password', { email, code, password });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

/** Requests a code and reads it back from the outbox, as a person would from their mailbox. */
async function requestCode(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  const mails = (await t.current.outbox()).filter((m) => m.to === email);
  const match = /\b(\d{5})\b/.exec(mails.at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

type UsersRepository = Parameters<typeof createPasswordResetService>[0]['users'];

const wrong = (code: string) => String((Number(code) + 1) % 100000).padStart(5, '0');

async function latestCodeRow(userId: number) {
  const [row] = await t.current.database.db
    .select()
    .from(passwordResetCodes)
    .where(eq(passwordResetCodes.userId, userId))
    .orderBy(desc(passwordResetCodes.id))
    .limit(1);
  return row;
}

describe('password reset', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const { user } = await t.current.createUser();
    const before = (await t.current.outbox()).length;
    const known = await forgot(user.email, 'fr');
    const unknown = await forgot('nobody-at-all@test.filaha.dz', 'fr');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mails = await t.current.outbox();
    expect(mails).toHaveLength(before + 1);
    expect(mails.some((m) => m.to === 'nobody-at-all@test.filaha.dz')).toBe(false);
  });

  it('mails a 5-digit code in Arabic and French, stores only its hash, and resets the password', async () => {
    const { user, password } = await t.current.createUser();
    const code = await requestCode(user.email);
    const mail = (await t.current.outbox()).filter((m) => m.to === user.email).at(-1);
    expect(mail?.text).toMatch(/رمز إعادة تعيين كلمة المرور/);
    expect(mail?.text).toMatch(/code de réinitialisation/);
    expect(mail?.html).toContain('dir="rtl"');

    const row = await latestCodeRow(user.id);
    expect(row?.codeHash).not.toContain(code);
    const ttlMinutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(ttlMinutes).toBeGreaterThan(14);
    expect(ttlMinutes).toBeLessThanOrEqual(15);

    const res = await reset(user.email, code);
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(user.email, password)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('signs the account out everywhere: tokens issued before the reset stop working', async () => {
    const { user } = await t.current.createUser();
    // A session opened half an hour ago (iat = now − 30 min), still far from expiring.
    const old = await signTokenWithExpiry(TEST_JWT_SECRET, user.id, Math.floor(Date.now() / 1000) + 1800);
    const profile = (token: string) =>
      t.current.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await profile(old)).statusCode).toBe(200);
    expect((await reset(user.email, await requestCode(user.email))).statusCode).toBe(200);
    const refused = await profile(old);
    expect(refused.statusCode).toBe(401);
    expect(json(refused).code).toBe('UNAUTHENTICATED');
    const fresh = await login(user.email, 'brand-new-pass-1');
    expect((await profile(json(fresh).token as string)).statusCode).toBe(200);
  });

  it('revokes a token issued in the same second just before the reset (per-user token version)', async () => {
    const { user, password } = await t.current.createUser();
    const profile = (token: string) =>
      t.current.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
    const signedIn = json<{ token: string }>(await login(user.email, password)).token;
    expect((await profile(signedIn)).statusCode).toBe(200);
    expect((await reset(user.email, await requestCode(user.email))).statusCode).toBe(200);
    const [row] = await t.current.database.db
      .select({ at: users.tokensValidAfter, version: users.tokenVersion })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.version).toBe(1);
    const resetSecond = Math.floor((row?.at?.getTime() ?? 0) / 1000);
    // Issued within the reset's own second, before it (version 0): whole-second comparison used to accept it.
    const sameSecond = await signTokenWithExpiry(TEST_JWT_SECRET, user.id, resetSecond + 3600, {
      ver: 0,
      iat: resetSecond,
    });
    // The same, from before token versions existed (no `ver` claim).
    const legacySameSecond = await signTokenWithExpiry(TEST_JWT_SECRET, user.id, resetSecond + 3600, {
      iat: resetSecond,
    });
    for (const token of [signedIn, sameSecond, legacySameSecond]) {
      const refused = await profile(token);
      expect(refused.statusCode).toBe(401);
      expect(json(refused).code).toBe('UNAUTHENTICATED');
    }
    const fresh = json<{ token: string }>(await login(user.email, 'brand-new-pass-1')).token;
    expect((await profile(fresh)).statusCode).toBe(200);
  });

  it('keeps accepting tokens without a version while the password never changed', async () => {
    const { user } = await t.current.createUser();
    const legacy = await signTokenWithExpiry(TEST_JWT_SECRET, user.id, Math.floor(Date.now() / 1000) + 1800);
    const res = await t.current.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${legacy}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers forgot-password before any look-up, code or mail, for a known and an unknown e-mail alike', async () => {
    const { user } = await t.current.createUser();
    const db = t.current.database.db;
    let lookups = 0;
    // The one users-repository call the reset service makes, against the real table, counted.
    const countedUsers = {
      async findCredentials(email: string) {
        lookups += 1;
        const [row] = await db
          .select({
            id: users.id,
            email: users.email,
            userName: users.userName,
            passwordHash: users.passwordHash,
            tokenVersion: users.tokenVersion,
          })
          .from(users)
          .where(eq(users.email, email.toLowerCase()));
        return row && { ...row, roleName: '' };
      },
    } as Pick<UsersRepository, 'findCredentials'> as UsersRepository;
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind: 'outbox',
      send: async (m) => void sent.push(m),
      deliver: (m) => void sent.push(m),
      flush: async () => {},
      close: async () => {},
    };
    const deferred: Array<() => Promise<void>> = [];
    const service = createPasswordResetService({
      users: countedUsers,
      codes: createResetCodesRepository(db),
      mailer,
      secret: 'a-secret-for-this-test-only-0123456789',
      defer: (_name, task) => void deferred.push(task),
    });
    const ctx = { actor: null, lang: 'fr' as const };

    const known = await service.forgot({ ctx, input: { email: user.email } });
    const unknown = await service.forgot({ ctx, input: { email: 'nobody-known@test.filaha.dz' } });
    // Both answered with the same text, having done nothing yet: no look-up, no code row, no mail.
    expect(unknown).toEqual(known);
    expect(deferred).toHaveLength(2);
    expect(lookups).toBe(0);
    expect(await latestCodeRow(user.id)).toBeUndefined();
    expect(sent).toHaveLength(0);

    for (const task of deferred) await task();
    expect(lookups).toBe(2);
    expect(await latestCodeRow(user.id)).toBeDefined();
    expect(sent.map((m) => m.to)).toEqual([user.email]);
  });

  it('does not accept a used code again', async () => {
    const { user } = await t.current.createUser();
    const code = await requestCode(user.email);
    expect((await reset(user.email, code)).statusCode).toBe(200);
    const again = await reset(user.email, code, 'another-pass-22');
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ code: 'RESET_CODE_INVALID' });
    expect((await login(user.email, 'another-pass-22')).statusCode).toBe(401);
  });

  it('invalidates the previous code when a new one is requested', async () => {
    const { user } = await t.current.createUser();
    const first = await requestCode(user.email);
    let second = await requestCode(user.email);
    // The codes are random; make sure the check below really tests the old one.
    while (second === first) second = await requestCode(user.email);
    expect(json(await reset(user.email, first))).toMatchObject({ code: 'RESET_CODE_INVALID' });
    expect((await reset(user.email, second)).statusCode).toBe(200);
  });

  it('refuses an expired code with RESET_CODE_EXPIRED', async () => {
    const { user } = await t.current.createUser();
    const code = await requestCode(user.email);
    await t.current.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetCodes.userId, user.id));
    const res = await reset(user.email, code);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'RESET_CODE_EXPIRED' });
  });

  it('locks the code after 5 wrong tries, even for the right code', async () => {
    const { user, password } = await t.current.createUser();
    const code = await requestCode(user.email);
    for (let i = 1; i <= 4; i++) {
      expect(json(await reset(user.email, wrong(code)))).toMatchObject({ code: 'RESET_CODE_INVALID' });
    }
    const fifth = await reset(user.email, wrong(code));
    expect(fifth.statusCode).toBe(400);
    expect(json(fifth)).toMatchObject({ code: 'RESET_CODE_LOCKED' });
    const right = await reset(user.email, code);
    expect(right.statusCode).toBe(400);
    expect(json(right)).toMatchObject({ code: 'RESET_CODE_LOCKED' });
    expect((await latestCodeRow(user.id))?.attempts).toBe(5);
    expect((await login(user.email, password)).statusCode).toBe(200);
    // A new code starts a fresh count.
    const fresh = await requestCode(user.email);
    expect((await reset(user.email, fresh)).statusCode).toBe(200);
  });

  it('counts parallel wrong guesses exactly', async () => {
    const { user } = await t.current.createUser();
    const code = await requestCode(user.email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => reset(user.email, wrong(code))));
    const codes = answers.map((r) => json<{ code: string }>(r).code);
    expect(codes.filter((c) => c === 'RESET_CODE_INVALID').length).toBeLessThanOrEqual(4);
    expect((await latestCodeRow(user.id))?.attempts).toBe(5);
    expect(json(await reset(user.email, code))).toMatchObject({ code: 'RESET_CODE_LOCKED' });
  });

  it('limits code requests per e-mail to 5 an hour', async () => {
    const { user } = await t.current.createUser();
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    const blocked = await forgot(user.email);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('limits wrong codes per e-mail to 10 an hour, across codes', async () => {
    const { user } = await t.current.createUser();
    for (let round = 0; round < 2; round++) {
      const code = await requestCode(user.email);
      for (let i = 0; i < 5; i++) expect((await reset(user.email, wrong(code))).statusCode).toBe(400);
    }
    const code = await requestCode(user.email);
    const blocked = await reset(user.email, code);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('limits code requests per address, except for an account that signed in from it', async () => {
    const ip = '198.51.100.44';
    const from = (url: string, payload: Record<string, unknown>, lang?: string) =>
      t.current.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: ip,
        headers: lang ? { 'accept-language': lang } : {},
      });
    const owner = await t.current.createUser();
    expect((await from('/api/auth/login', { email: owner.user.email, password: owner.password })).statusCode).toBe(200);
    const { perAddress } = ATTEMPT_LIMITS.forgot;
    for (let i = 0; i < perAddress; i++) {
      expect((await from('/api/auth/forgot-password', { email: `someone-${i}@test.filaha.dz` })).statusCode).toBe(200);
    }
    const blocked = await from('/api/auth/forgot-password', { email: 'someone-else@test.filaha.dz' }, 'ar');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(json(blocked).message).toBe('محاولات كثيرة جدًا، يرجى المحاولة مجددًا بعد 60 دقيقة.');
    expect((await from('/api/auth/forgot-password', { email: owner.user.email })).statusCode).toBe(200);
  });

  it('answers RESET_CODE_INVALID for an unknown e-mail and validates the payload', async () => {
    expect(json(await reset('ghost@test.filaha.dz', '12345'))).toMatchObject({ code: 'RESET_CODE_INVALID' });
    const bad = await post('/api/auth/reset-password', { email: 'x@test.filaha.dz', code: '12a4', password: 'short' });
    expect(bad.statusCode).toBe(400);
    const paths = json<{ issues: Array<{ path: string }> }>(bad).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['code', 'password']));
  });
});
