import { z } from 'zod';

/**
 * Rules every piece of text obeys, shared by the API (routes and the request guard) and the web forms.
 * Issue messages are locale keys (`validation.*`).
 */
export const TEXT_MESSAGES = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  /** U+0000 anywhere: PostgreSQL cannot store it in text, and no form can type it. */
  nul: 'validation.nulCharacter',
  /** A name or title made only of spaces, zero-width or other invisible characters. */
  invisible: 'validation.noVisibleCharacter',
  /** A bidirectional embedding, override or isolate in a name or title. */
  bidi: 'validation.bidiControl',
} as const;

/** Whether a string contains U+0000. */
export const hasNul = (value: string): boolean => value.includes('\u0000');

/**
 * The first place of `value` (a parsed query, params or JSON body) where a string — a value or an object
 * key — contains U+0000, as a dotted path (`items.0.name`, '' for the value itself); null when there is none.
 */
export function findNul(value: unknown, path: string[] = [], seen = new Set<object>()): string | null {
  if (typeof value === 'string') return hasNul(value) ? path.join('.') : null;
  if (typeof value !== 'object' || value === null || seen.has(value)) return null;
  seen.add(value);
  for (const [key, item] of Object.entries(value)) {
    if (hasNul(key)) return [...path, key.replaceAll('\u0000', '\\0')].join('.');
    const found = findNul(item, [...path, key], seen);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Bidi embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI): they reorder what follows, so
 * a name could display as something else than it reads (and flip the text around it). The marks LRM, RLM and
 * ALM only steer neutral characters and appear in pasted Arabic text; they are allowed but are not "visible".
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * A letter or a digit of any script — what makes a name readable —, leaving out the letters that display
 * nothing (Default_Ignorable_Code_Point: the Hangul fillers U+3164, U+115F, U+1160, U+FFA0).
 */
const VISIBLE = /(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}]/u;
export const hasVisibleCharacter = (value: string): boolean => VISIBLE.test(value);

/** Any free text (descriptions, notes, search words): everything but U+0000. */
export const noNul = <T extends z.ZodType<string>>(schema: T) => schema.refine((v) => !hasNul(v), TEXT_MESSAGES.nul);

/** An optional name-like text (a crop…): no U+0000 and no bidi control character. */
export const noBidi = <T extends z.ZodType<string>>(schema: T) =>
  noNul(schema).refine((v) => !BIDI_CONTROLS.test(v), TEXT_MESSAGES.bidi);

/** Required free text, trimmed, at most `max` characters, without U+0000. */
export const requiredText = (max: number, required: string = TEXT_MESSAGES.required) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, TEXT_MESSAGES.tooLong)
    .refine((v) => !hasNul(v), TEXT_MESSAGES.nul);

/**
 * A name or a title (people, plans, products, parcels, stock items…): required free text that also has a
 * visible letter or digit and no bidi control character.
 */
export const nameText = (max: number, required: string = TEXT_MESSAGES.required) =>
  requiredText(max, required)
    .refine((v) => v === '' || hasVisibleCharacter(v), TEXT_MESSAGES.invisible)
    .refine((v) => !BIDI_CONTROLS.test(v), TEXT_MESSAGES.bidi);

/**
 * The other-language version of a name (a plan's Arabic name…): '' when not translated yet, otherwise the same
 * rules as `nameText` (trimmed, visible, no bidi control). Absent stays absent, so an edit can leave it as it is.
 */
export const optionalNameText = (max: number) =>
  z
    .string({ error: TEXT_MESSAGES.required })
    .trim()
    .max(max, TEXT_MESSAGES.tooLong)
    .refine((v) => !hasNul(v), TEXT_MESSAGES.nul)
    .refine((v) => v === '' || hasVisibleCharacter(v), TEXT_MESSAGES.invisible)
    .refine((v) => !BIDI_CONTROLS.test(v), TEXT_MESSAGES.bidi)
    .optional();
