import { describe, expect, it } from 'vitest';
import { langFromCookie } from './lang-cookie.ts';

describe('langFromCookie', () => {
  it('reads ar or fr wherever the cookie stands in the header', () => {
    expect(langFromCookie('lang=fr')).toBe('fr');
    expect(langFromCookie('a=1; lang=ar; b=2')).toBe('ar');
    expect(langFromCookie('a=1;lang=fr')).toBe('fr');
  });

  it('answers null without the cookie, for another language, or for a cookie that merely ends in lang', () => {
    expect(langFromCookie(undefined)).toBeNull();
    expect(langFromCookie('')).toBeNull();
    expect(langFromCookie('lang=en')).toBeNull();
    expect(langFromCookie('lang=french')).toBeNull();
    expect(langFromCookie('xlang=fr')).toBeNull();
  });
});
