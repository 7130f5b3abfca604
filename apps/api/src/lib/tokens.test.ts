import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors.ts';
import { tokenStillValid } from '../plugins/auth.ts';
import { createTokenService, signTokenWithExpiry } from './tokens.ts';

const secret = 'k'.repeat(48);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return 'no error';
}

describe('token service', () => {
  it('round-trips the user id', async () => {
    const tokens = createTokenService(secret, 3600);
    const claims = await tokens.verify(await tokens.sign(42));
    expect(claims.userId).toBe(42);
    expect(Math.abs(claims.issuedAt - Date.now() / 1000)).toBeLessThan(5);
  });

  it('carries the role at sign-in for the app to read offline (never read by the server)', async () => {
    const tokens = createTokenService(secret, 3600);
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as object;
    expect(claims(await tokens.sign(42, 0, 'User'))).toMatchObject({ sub: '42', role: 'User' });
    expect(claims(await tokens.sign(42))).not.toHaveProperty('role');
    expect((await tokens.verify(await tokens.sign(42, 3, 'Admin'))).userId).toBe(42);
  });

  it('carries the user token version, and refuses a malformed one', async () => {
    const tokens = createTokenService(secret, 3600);
    expect((await tokens.verify(await tokens.sign(42))).version).toBe(0);
    expect((await tokens.verify(await tokens.sign(42, 7))).version).toBe(7);
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    // Tokens from before versions existed carry none.
    expect((await tokens.verify(await signTokenWithExpiry(secret, 42, inAnHour))).version).toBeUndefined();
    const bad = await signTokenWithExpiry(secret, 42, inAnHour, { ver: -1 });
    expect(await codeOf(tokens.verify(bad))).toBe('UNAUTHENTICATED');
  });

  it('judges a token by version, and one without a version by the last password change', () => {
    const changedAt = new Date('2026-01-01T10:00:00.600Z');
    const second = Math.floor(changedAt.getTime() / 1000);
    expect(tokenStillValid({ tokenVersion: 3 }, 3, 0)).toBe(true);
    expect(tokenStillValid({ tokenVersion: 3 }, 2, second + 10)).toBe(false);
    expect(tokenStillValid({ tokenVersion: 0, tokensValidAfter: null }, undefined, 0)).toBe(true);
    expect(tokenStillValid({ tokenVersion: 0, tokensValidAfter: changedAt }, undefined, second - 1)).toBe(false);
    expect(tokenStillValid({ tokenVersion: 0, tokensValidAfter: changedAt }, undefined, second)).toBe(true);
    // Once the password changed after versions existed, a token without one is refused whatever its date.
    expect(tokenStillValid({ tokenVersion: 1, tokensValidAfter: changedAt }, undefined, second + 100)).toBe(false);
  });

  it('tells an expired token from an invalid one', async () => {
    const tokens = createTokenService(secret, 3600);
    const expired = await signTokenWithExpiry(secret, 42, Math.floor(Date.now() / 1000) - 5);
    expect(await codeOf(tokens.verify(expired))).toBe('TOKEN_EXPIRED');
    expect(await codeOf(createTokenService('z'.repeat(48), 3600).verify(await tokens.sign(42)))).toBe(
      'UNAUTHENTICATED',
    );
    expect(await codeOf(tokens.verify('a.b.c'))).toBe('UNAUTHENTICATED');
  });
});
