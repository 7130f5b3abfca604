import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@filaha/shared';
import { pickLanguage } from './language.ts';
import { ERROR_MESSAGES } from './messages.ts';

describe('pickLanguage', () => {
  it('defaults to Arabic', () => {
    expect(pickLanguage(undefined)).toBe('ar');
    expect(pickLanguage('')).toBe('ar');
    expect(pickLanguage('en-US,en;q=0.9')).toBe('ar');
  });
  it('chooses French when the caller prefers it', () => {
    expect(pickLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(pickLanguage('en;q=1, fr;q=0.5')).toBe('fr');
    expect(pickLanguage('ar;q=0.4, fr;q=0.8')).toBe('fr');
  });
  it('keeps Arabic when it ranks higher or first', () => {
    expect(pickLanguage('ar, fr')).toBe('ar');
    expect(pickLanguage('fr;q=0.3, ar-DZ;q=0.9')).toBe('ar');
    expect(pickLanguage('fr;q=0')).toBe('ar');
  });
});

describe('ERROR_MESSAGES', () => {
  it('has a non-empty Arabic and French text for every code', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_MESSAGES[code].ar.length, code).toBeGreaterThan(3);
      expect(ERROR_MESSAGES[code].fr.length, code).toBeGreaterThan(3);
      expect(ERROR_MESSAGES[code].ar).not.toBe(ERROR_MESSAGES[code].fr);
    }
  });
});
