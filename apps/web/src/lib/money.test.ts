import { describe, expect, it } from 'vitest';
import { firstPrice, formatAmount } from './money.ts';

describe('amounts in the reader’s locale', () => {
  it('groups thousands with a narrow no-break space in both languages, with Latin digits and a decimal comma', () => {
    expect(formatAmount(40000, 'ar')).toBe('40\u202f000');
    expect(formatAmount(40000, 'fr')).toBe('40\u202f000');
    expect(formatAmount(2500.5, 'ar')).toBe('2\u202f500,5');
    expect(formatAmount(1234567.891, 'fr')).toBe('1\u202f234\u202f567,89');
    expect(formatAmount(999, 'ar')).toBe('999');
    expect(formatAmount(12000.4, 'ar', 0)).toBe('12\u202f000');
  });

  it('reads the first price of a plan and its period in either language', () => {
    expect(firstPrice('40000 DA/an')).toEqual({ amount: 40000, period: 'year', raw: '40000 DA/an' });
    expect(firstPrice('40 000 دج / سنة')).toMatchObject({ amount: 40000, period: 'year' });
    expect(firstPrice('1 500 DA / mois')).toMatchObject({ amount: 1500, period: 'month' });
    expect(firstPrice('Sur devis')).toEqual({ amount: null, period: null, raw: 'Sur devis' });
  });
});
