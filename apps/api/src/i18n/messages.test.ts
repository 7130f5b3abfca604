import { describe, expect, it } from 'vitest';
import { rateLimitedMessage, waitInWords } from './messages.ts';

describe('the wait in a 429 message', () => {
  it('counts seconds, minutes (rounded up) and hours in French', () => {
    expect(waitInWords(1, 'fr')).toBe('1 seconde');
    expect(waitInWords(45, 'fr')).toBe('45 secondes');
    expect(waitInWords(61, 'fr')).toBe('2 minutes');
    expect(waitInWords(900, 'fr')).toBe('15 minutes');
    expect(waitInWords(3600, 'fr')).toBe('60 minutes');
    expect(waitInWords(7200, 'fr')).toBe('2 heures');
  });

  it('uses the Arabic forms for one, two, three to ten, and eleven and more', () => {
    expect(waitInWords(60, 'ar')).toBe('دقيقة واحدة');
    expect(waitInWords(120, 'ar')).toBe('دقيقتين');
    expect(waitInWords(180, 'ar')).toBe('3 دقائق');
    expect(waitInWords(900, 'ar')).toBe('15 دقيقة');
    expect(waitInWords(30, 'ar')).toBe('30 ثانية');
  });

  it('says it in a sentence', () => {
    expect(rateLimitedMessage(900, 'fr')).toBe('Trop de tentatives, veuillez réessayer dans 15 minutes.');
    expect(rateLimitedMessage(3000, 'ar')).toBe('محاولات كثيرة جدًا، يرجى المحاولة مجددًا بعد 50 دقيقة.');
  });
});
