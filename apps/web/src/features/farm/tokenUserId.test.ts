import { describe, expect, it } from 'vitest';
import { tokenUserId } from './useFarmAccess.ts';

const jwt = (payload: unknown) =>
  `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

describe('tokenUserId', () => {
  it('reads the user id the token names (the API signs it as a string subject)', () => {
    expect(tokenUserId(jwt({ sub: '3', ver: 0 }))).toBe(3);
    expect(tokenUserId(jwt({ sub: 42 }))).toBe(42);
    // base64url characters ('-', '_') in the payload.
    expect(tokenUserId(jwt({ sub: '7', name: '\u00ff\u00fe\u00fd?>' }))).toBe(7);
  });

  it('answers null for anything else, so the screen falls back to the profile', () => {
    for (const token of [
      null,
      '',
      'good.jwt',
      'a.b.c',
      jwt({}),
      jwt({ sub: '0' }),
      jwt({ sub: '-4' }),
      jwt({ sub: '3x' }),
    ]) {
      expect(tokenUserId(token), String(token)).toBeNull();
    }
  });
});
