import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from './intl.ts';

describe('shared Intl formatters', () => {
  it('builds one formatter per locale and options, and reuses it', () => {
    const a = dateFormat('ar-DZ', { dateStyle: 'long', timeZone: 'UTC' });
    expect(dateFormat('ar-DZ', { dateStyle: 'long', timeZone: 'UTC' })).toBe(a);
    expect(dateFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' })).not.toBe(a);
    expect(dateFormat('ar-DZ', { day: 'numeric', month: 'short', timeZone: 'UTC' })).not.toBe(a);
    const n = numberFormat('fr-FR', { maximumFractionDigits: 2 });
    expect(numberFormat('fr-FR', { maximumFractionDigits: 2 })).toBe(n);
    expect(numberFormat('fr-FR', { maximumFractionDigits: 3 })).not.toBe(n);
  });

  it('formats as a new formatter would: Algerian month names in Arabic, French dates', () => {
    const day = Date.UTC(2025, 7, 14);
    expect(dateFormat('ar-DZ', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toContain('أوت');
    expect(dateFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe('14 août 2025');
    expect(numberFormat('fr-FR', { maximumFractionDigits: 2 }).format(0.756)).toBe('0,76');
  });
});
