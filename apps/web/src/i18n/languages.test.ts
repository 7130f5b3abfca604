import { afterEach, describe, expect, it } from 'vitest';
import { applyLangToDocument, storedLang } from './languages.ts';

const clearCookie = () => {
  document.cookie = 'lang=; path=/; max-age=0';
};

describe('storedLang / applyLangToDocument', () => {
  afterEach(() => {
    localStorage.removeItem('lang');
    clearCookie();
  });

  it('prefers localStorage, then the lang cookie, then Arabic', () => {
    expect(storedLang()).toBe('ar');
    document.cookie = 'lang=fr; path=/';
    expect(storedLang()).toBe('fr');
    localStorage.setItem('lang', 'ar');
    expect(storedLang()).toBe('ar');
    localStorage.setItem('lang', 'xx');
    expect(storedLang()).toBe('fr');
  });

  it('mirrors the language on <html> and in the cookie the server pre-renders "/" by', () => {
    applyLangToDocument('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.cookie).toMatch(/(^|;\s*)lang=fr(;|$)/);
    applyLangToDocument('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.cookie).toMatch(/(^|;\s*)lang=ar(;|$)/);
  });
});
