import { describe, expect, it } from 'vitest';
import { RegisterInput, UpdateUserInput } from './auth.ts';
import {
  FunctionalityInput,
  IndexInput,
  ParcelInput,
  PlanInput,
  SellerPlanInput,
  ServiceRequestInput,
} from './admin.ts';
import { PublicationInput, PublicationListQuery } from './marketplace.ts';
import { MessageInput, StockItemInput, StockMovementInput } from './social.ts';
import { findNul, jsonNestingExceeds, nameText, requiredText, TEXT_MESSAGES } from './text.ts';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

const ZWSP = '\u200B';
const RLO = '\u202E';

describe('names and titles', () => {
  const name = nameText(80);

  it('accepts names in any script, with marks and inner spaces', () => {
    for (const ok of ['Karim', 'كريم بن علي', 'Ferme 12', '7', 'Zoé\u200F', 'ⴰⵎⴰⵣⵉⵖ']) {
      expect(name.safeParse(ok).success, ok).toBe(true);
    }
  });

  it('refuses a name made only of invisible characters', () => {
    for (const invisible of [ZWSP, `${ZWSP}${ZWSP}\u2060`, '\u200E\u200F', '\u00AD', '---', '\u3164', '\u115F\uFFA0']) {
      expect(messagesOf(name.safeParse(invisible)), JSON.stringify(invisible)).toContain(TEXT_MESSAGES.invisible);
    }
  });

  it('refuses bidi embeddings, overrides and isolates anywhere in a name', () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', RLO, '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(messagesOf(name.safeParse(`${control}Karim`))).toEqual([TEXT_MESSAGES.bidi]);
      expect(messagesOf(name.safeParse(`Karim${control}gpj.exe`))).toEqual([TEXT_MESSAGES.bidi]);
    }
  });

  it('refuses U+0000, and keeps the required and length messages', () => {
    expect(messagesOf(name.safeParse('Ka\u0000rim'))).toEqual([TEXT_MESSAGES.nul]);
    expect(messagesOf(name.safeParse('   '))).toEqual([TEXT_MESSAGES.required]);
    expect(messagesOf(name.safeParse('a'.repeat(81)))).toEqual([TEXT_MESSAGES.tooLong]);
    expect(messagesOf(requiredText(10).safeParse('\u0000'))).toEqual([TEXT_MESSAGES.nul]);
  });
});

describe('the contracts use the rules', () => {
  const user = {
    email: 'a@b.dz',
    password: 'password-123',
    phone_number: '0550',
    wilaya: 16,
    role_id: 2,
  };
  const cases: Array<[string, { safeParse(v: unknown): { success: boolean } }, object]> = [
    ['RegisterInput.userName', RegisterInput, { ...user, userName: RLO }],
    ['UpdateUserInput.userName', UpdateUserInput, { userName: ZWSP }],
    ['PlanInput.nameAbonnement', PlanInput, { nameAbonnement: ZWSP, nameClient: 'x', prices: '1' }],
    [
      'SellerPlanInput.nameClient',
      SellerPlanInput,
      { nameAbonnement: 'Or', nameClient: `${RLO}x`, price: 1, priority: 1, nbPost: 1 },
    ],
    ['FunctionalityInput.name', FunctionalityInput, { name: ZWSP, psudo: 'p' }],
    ['IndexInput.indiceName', IndexInput, { indiceName: `${RLO}NDVI`, recomndation: 'r', description: 'd' }],
    [
      'ServiceRequestInput.name',
      ServiceRequestInput,
      { serviceKey: 'soil', name: ZWSP, email: 'a@b.dz', phone: '05', message: 'm' },
    ],
    [
      'PublicationInput.productName',
      PublicationInput,
      {
        productName: `${RLO}Tomates`,
        quantity: 1,
        price: 1,
        location: 'Blida',
        phone: '05',
        sellerAbonnementUserId: 1,
      },
    ],
    ['StockItemInput.name', StockItemInput, { name: ZWSP, unit: 'kg', kind: 'product' }],
    ['ParcelInput.identifiantU', ParcelInput, { identifiantU: RLO, userId: 1, bWS: 3, bWN: 3.01, bES: 36, bEN: 36.01 }],
    ['PublicationListQuery.q', PublicationListQuery, { q: 'tom\u0000ate' }],
    ['PublicationListQuery.category', PublicationListQuery, { category: '\u0000' }],
    [
      'StockMovementInput.note',
      StockMovementInput,
      { itemId: 1, direction: 'in', kind: 'purchase', quantity: 1, date: '2025-03-01', note: 'a\u0000' },
    ],
  ];
  it.each(cases)('%s refuses a bad value', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it('keeps bidi controls legitimate inside message text (they are stripped, the message stays)', () => {
    const parsed = MessageInput.safeParse({ text: `${RLO}مرحبا Karim` });
    expect(parsed.success).toBe(true);
  });
});

describe('findNul', () => {
  it('names the first path holding U+0000, in values and keys', () => {
    expect(findNul({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findNul({ 'k\u0000': 1 })).toBe('k\\0');
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ a: ['fine', 2, null, true], b: { c: 'ok' } })).toBeNull();
  });

  it('stops on cycles', () => {
    const cyclic: Record<string, unknown> = { a: 'ok' };
    cyclic.self = cyclic;
    expect(findNul(cyclic)).toBeNull();
  });

  /** A value nested `depth` levels: arrays, or objects `{ a: … }`, around `leaf`. */
  function nested(depth: number, leaf: unknown, kind: 'array' | 'object' = 'array'): unknown {
    let value = leaf;
    for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
    return value;
  }

  it('walks without recursion: a value nested 100,000 levels does not overflow the stack', () => {
    expect(findNul(nested(100_000, 'fine'))).toBeNull();
    expect(findNul(nested(100_000, 'x\u0000', 'object'))).toBe(Array(100_000).fill('a').join('.'));
    expect(findNul(nested(3, ['ok', 'x\u0000']))).toBe('0.0.0.1');
  });

  it('keeps the first U+0000 in document order, a key before the value under it', () => {
    expect(findNul({ a: { b: 'x\u0000' }, 'c\u0000': 1 })).toBe('a.b');
    expect(findNul({ 'a\u0000': { b: 'x\u0000' } })).toBe('a\\0');
    expect(findNul([['ok', ['x\u0000']], 'y\u0000'])).toBe('0.1.0');
  });
});

describe('jsonNestingExceeds', () => {
  it('counts the arrays and objects open at once, outside strings', () => {
    expect(jsonNestingExceeds('['.repeat(64) + ']'.repeat(64), 64)).toBe(false);
    expect(jsonNestingExceeds('['.repeat(65) + ']'.repeat(65), 64)).toBe(true);
    expect(jsonNestingExceeds('{"a":'.repeat(65) + '1' + '}'.repeat(65), 64)).toBe(true);
    expect(jsonNestingExceeds('['.repeat(8000), 64)).toBe(true);
    expect(jsonNestingExceeds('[1,[2],{"a":[3]},[[4]]]', 2)).toBe(true);
    expect(jsonNestingExceeds('[1,[2],{"a":3},[4]]', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingExceeds(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ a: 'say "[[[[" \\', b: ['x'] }), 2)).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ a: 'q\\', b: [['x']] }), 2)).toBe(true);
  });
});
