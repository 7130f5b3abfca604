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

/** A step of a path, linked to its parent: a deep walk shares prefixes instead of copying them. */
interface PathStep {
  key: string;
  parent: PathStep | null;
}

const pathOf = (step: PathStep | null): string => {
  const keys: string[] = [];
  for (let s = step; s !== null; s = s.parent) keys.push(s.key);
  return keys.reverse().join('.');
};

/**
 * The first place of `value` (a parsed query, params or JSON body) where a string — a value or an object
 * key — contains U+0000, as a dotted path (`items.0.name`, '' for the value itself); null when there is none.
 * Walks with its own stack, not by recursion: a value nested a million levels deep cannot overflow the call
 * stack (issue 28 — `[` × 8000 answered 500). Order is document order, an object key before the value under it.
 */
export function findNul(value: unknown): string | null {
  const seen = new Set<object>();
  // `key` is set when the entry is an object member whose key is still to be checked.
  const stack: Array<{ value: unknown; at: PathStep | null; key?: string }> = [{ value, at: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (entry.key !== undefined && hasNul(entry.key)) {
      return pathOf({ key: entry.key.replaceAll('\u0000', '\\0'), parent: entry.at!.parent });
    }
    const item = entry.value;
    if (typeof item === 'string') {
      if (hasNul(item)) return pathOf(entry.at);
      continue;
    }
    if (typeof item !== 'object' || item === null || seen.has(item)) continue;
    seen.add(item);
    const members = Object.entries(item);
    const isArray = Array.isArray(item);
    for (let i = members.length - 1; i >= 0; i -= 1) {
      const [key, child] = members[i]!;
      const at = { key, parent: entry.at };
      stack.push(isArray ? { value: child, at } : { value: child, at, key });
    }
  }
  return null;
}

/**
 * Whether the JSON text `text` opens more than `max` arrays or objects at once, read on the raw text before any
 * parsing (brackets inside strings do not count). Linear and without recursion, so the API's JSON parser refuses
 * `[` × 8000 before `JSON.parse` builds it and before any other code walks it.
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
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
