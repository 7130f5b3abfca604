import { describe, expect, it, vi } from 'vitest';
import { dateFormat, numberFormat, prepareDateFormat } from './intl.ts';

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

describe('prepareDateFormat', () => {
  it('builds the formatter when the thread is idle, the one later uses get', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const options = { dateStyle: 'full', timeZone: 'Africa/Algiers' } as const;
    prepareDateFormat('fr-FR', options);
    expect(idle).toHaveLength(1);
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    idle[0]!();
    expect(built).toHaveBeenCalledTimes(1);
    dateFormat('fr-FR', { ...options });
    expect(built).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
