import { describe, expect, it } from 'vitest';
import {
  isIsoDate,
  MessageInput,
  messageLength,
  sanitizeMessageText,
  StockMovementInput,
  StockPeriodQuery,
  SuggestionQuery,
} from './social.ts';

describe('message text', () => {
  it('strips control and bidi-override characters, unifies line ends, trims; keeps Arabic marks', () => {
    expect(sanitizeMessageText(' \u0000a\u0007b\r\nc\rd\u202Ee\u2067f\u200Fg\t ')).toBe('ab\nc\ndef\u200Fg');
    expect(sanitizeMessageText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(messageLength('😀é')).toBe(2);
  });

  it('accepts 1–2000 code points after sanitising', () => {
    expect(MessageInput.safeParse({ text: ' \u0001 ' }).success).toBe(false);
    expect(MessageInput.safeParse({ text: '😀'.repeat(2000) }).success).toBe(true);
    const tooLong = MessageInput.safeParse({ text: 'a'.repeat(2001) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('validation.tooLong');
    expect(MessageInput.parse({ text: '  مرحبا  ' }).text).toBe('مرحبا');
  });
});

describe('stock contracts', () => {
  const base = { itemId: 1, direction: 'in', kind: 'purchase', quantity: 2, date: '2025-03-01' };

  it('checks calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-3-1')).toBe(false);
    expect(isIsoDate('1899-12-31')).toBe(false);
  });

  it('defaults the price and note, and reads decimal commas', () => {
    expect(StockMovementInput.parse({ ...base, quantity: '1,25' })).toMatchObject({
      quantity: 1.25,
      unitPrice: 0,
      note: '',
    });
  });

  it('ties the kind to the direction', () => {
    for (const [direction, kind, ok] of [
      ['in', 'purchase', true],
      ['in', 'production', true],
      ['in', 'adjustment', true],
      ['out', 'adjustment', true],
      ['out', 'sale', true],
      ['out', 'consumption', true],
      ['in', 'sale', false],
      ['out', 'production', false],
    ] as const) {
      expect(StockMovementInput.safeParse({ ...base, direction, kind }).success, `${direction}/${kind}`).toBe(ok);
    }
  });

  it('orders the period and treats blanks as absent', () => {
    expect(StockPeriodQuery.safeParse({ from: '2025-02-01', to: '2025-01-01' }).success).toBe(false);
    expect(StockPeriodQuery.parse({ from: '', to: '2025-01-01' })).toEqual({ to: '2025-01-01' });
    expect(SuggestionQuery.parse({ filter: '', limit: '' })).toEqual({ limit: 20 });
    expect(SuggestionQuery.safeParse({ limit: '51' }).success).toBe(false);
  });
});
