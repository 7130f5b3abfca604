import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
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
