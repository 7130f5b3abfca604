import { z } from 'zod';
import { ID_MAX } from './limits.ts';
import { nameText, noNul } from './text.ts';

/**
 * Contracts of messaging, stock management and the farmers' network (issue 7), shared by the API routes and
 * the web forms. Issue messages are locale keys (`validation.*`).
 */
export const SOCIAL_LIMITS = {
  messageMaxLength: 2000,
  messagePageDefault: 50,
  messagePageMax: 100,
  /** Messages one user may send per window (all conversations together). */
  messageRate: { max: 30, windowMs: 60_000 },
  streamTicketTtlSeconds: 60,
  /** Open event streams per user (tabs, devices) in one process. */
  streamsPerUser: 5,
  heartbeatMs: 25_000,
  suggestionsDefault: 20,
  suggestionsMax: 50,
  stockNameMaxLength: 80,
  stockNoteMaxLength: 500,
  /** Quantities carry at most 3 decimals, unit prices 2 (numeric(14,3) / numeric(14,2) in the database). */
  quantityMax: 1e9,
  unitPriceMax: 1e9,
} as const;

const required = 'validation.required';

/*
 * Characters removed from a message: C0/C1 controls except line feed and tab (a carriage return is folded into
 * the line feed first), and the bidi embeddings/overrides/isolates (U+202A–U+202E, U+2066–U+2069) that can make
 * a message display in a different order than it reads. LRM/RLM/ALM marks, which Arabic text uses, stay.
 */
// eslint-disable-next-line no-control-regex
const STRIPPED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** The text as it is stored: line endings unified, control characters stripped, trimmed. */
export function sanitizeMessageText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(STRIPPED, '').trim();
}

/** Length as the database counts it (code points), so an emoji counts once on both sides. */
export function messageLength(text: string): number {
  return [...text].length;
}

/** POST /api/conversations/{id}/messages */
export const MessageInput = z.object({
  text: z
    .string({ error: required })
    .transform(sanitizeMessageText)
    .refine((t) => t.length > 0, 'validation.messageEmpty')
    .refine((t) => messageLength(t) <= SOCIAL_LIMITS.messageMaxLength, 'validation.tooLong'),
});
export type MessageInput = z.output<typeof MessageInput>;

/** Query strings and forms send '' for "not set". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const positiveId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: required }).int(required).positive(required).max(ID_MAX, required),
);

/** An optional query/form field where '' also means "not set". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** A page size from a query string: 1…max, `fallback` when absent or blank. */
const pageLimit = (max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'validation.limit' })
      .int('validation.limit')
      .min(1, 'validation.limit')
      .max(max, 'validation.limit'),
  );

/** POST /api/conversations — the other user; `publicationId` when contacting a seller from a product page. */
export const ConversationInput = z.object({
  userId: positiveId,
  publicationId: optional(positiveId),
});
export type ConversationInput = z.output<typeof ConversationInput>;

/** GET /api/conversations/{id}/messages — `before` is a message id (older messages than it). */
export const MessagePageQuery = z.object({
  before: optional(positiveId),
  limit: pageLimit(SOCIAL_LIMITS.messagePageMax, SOCIAL_LIMITS.messagePageDefault),
});
export type MessagePageQuery = z.output<typeof MessagePageQuery>;

// ---------------------------------------------------------------------------------------------------------
// Stock management

export const STOCK_UNITS = ['kg', 'g', 'q', 't', 'L', 'm3', 'unit', 'bag', 'box', 'bale'] as const;
export type StockUnit = (typeof STOCK_UNITS)[number];
export const STOCK_ITEM_KINDS = ['product', 'input'] as const;
export type StockItemKind = (typeof STOCK_ITEM_KINDS)[number];
export const MOVEMENT_DIRECTIONS = ['in', 'out'] as const;
export type MovementDirection = (typeof MOVEMENT_DIRECTIONS)[number];
export const MOVEMENT_KINDS = ['purchase', 'sale', 'production', 'consumption', 'adjustment'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** Which directions each kind allows: a purchase enters, a sale leaves; an adjustment goes either way. */
export const MOVEMENT_KIND_DIRECTIONS: Record<MovementKind, readonly MovementDirection[]> = {
  purchase: ['in'],
  production: ['in'],
  sale: ['out'],
  consumption: ['out'],
  adjustment: ['in', 'out'],
};

/** Calendar date 'YYYY-MM-DD' that exists (no 31 February), years 1900–2100. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
export const isoDateSchema = z.string({ error: 'validation.date' }).trim().refine(isIsoDate, 'validation.date');

/** Decimal text or number → number with at most `decimals` decimals, in [min, max]. */
const decimal = (message: string, decimals: number, min: number, exclusiveMin: boolean, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim().replace(',', '.'))) : v),
    z
      .number({ error: message })
      .finite(message)
      .refine((n) => (exclusiveMin ? n > min : n >= min) && n <= max, message)
      .refine((n) => Math.abs(Math.round(n * 10 ** decimals) - n * 10 ** decimals) < 1e-6, message),
  );

/** POST /api/stock/items and PUT /api/stock/items/{id} */
export const StockItemInput = z.object({
  name: nameText(SOCIAL_LIMITS.stockNameMaxLength),
  unit: z.enum(STOCK_UNITS, { error: 'validation.stockUnit' }),
  kind: z.enum(STOCK_ITEM_KINDS, { error: 'validation.stockItemKind' }),
});
export type StockItemInput = z.output<typeof StockItemInput>;

/** POST /api/stock/movements — `quantity` > 0 (≤ 3 decimals), `unitPrice` ≥ 0 DA (≤ 2 decimals). */
export const StockMovementInput = z
  .object({
    itemId: positiveId,
    direction: z.enum(MOVEMENT_DIRECTIONS, { error: 'validation.movementDirection' }),
    kind: z.enum(MOVEMENT_KINDS, { error: 'validation.movementKind' }),
    quantity: decimal('validation.quantity', 3, 0, true, SOCIAL_LIMITS.quantityMax),
    unitPrice: decimal('validation.price', 2, 0, false, SOCIAL_LIMITS.unitPriceMax).default(0),
    date: isoDateSchema,
    note: noNul(z.string().trim().max(SOCIAL_LIMITS.stockNoteMaxLength, 'validation.tooLong')).default(''),
  })
  .superRefine((m, ctx) => {
    if (!MOVEMENT_KIND_DIRECTIONS[m.kind].includes(m.direction)) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'validation.movementKindDirection' });
    }
  });
export type StockMovementInput = z.output<typeof StockMovementInput>;

const periodFields = { from: optional(isoDateSchema), to: optional(isoDateSchema) };
const periodOrder = (p: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (p.from && p.to && p.from > p.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateOrder' });
};

/** GET /api/stock/summary and GET /api/stock/export.csv — an inclusive period, both ends optional. */
export const StockPeriodQuery = z.object(periodFields).superRefine(periodOrder);
export type StockPeriodQuery = z.output<typeof StockPeriodQuery>;

/** GET /api/stock/export.csv — the period, and `lang` for the headers (else Accept-Language decides). */
export const StockExportQuery = z
  .object({ ...periodFields, lang: optional(z.enum(['ar', 'fr'], { error: 'validation.language' })) })
  .superRefine(periodOrder);
export type StockExportQuery = z.output<typeof StockExportQuery>;

/** GET /api/stock/movements — filters, all optional. */
export const StockMovementListQuery = z
  .object({
    ...periodFields,
    itemId: optional(positiveId),
    direction: optional(z.enum(MOVEMENT_DIRECTIONS, { error: 'validation.movementDirection' })),
    kind: optional(z.enum(MOVEMENT_KINDS, { error: 'validation.movementKind' })),
  })
  .superRefine(periodOrder);
export type StockMovementListQuery = z.output<typeof StockMovementListQuery>;

// ---------------------------------------------------------------------------------------------------------
// Network

/** SPEC §6 suggestion filter; see the API README for which users each one covers. */
export const NETWORK_FILTERS = ['Agriculteur', 'Fournisseur', 'Entreprise'] as const;
export type NetworkFilter = (typeof NETWORK_FILTERS)[number];

/** Why a user is suggested (the first that applies); the screens translate `network.reason.<code>`. */
export const SUGGESTION_REASONS = ['same_wilaya', 'neighbouring_wilaya', 'complementary_role', 'other'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

/** GET /api/network/suggestions */
export const SuggestionQuery = z.object({
  filter: optional(z.enum(NETWORK_FILTERS, { error: 'validation.networkFilter' })),
  limit: pageLimit(SOCIAL_LIMITS.suggestionsMax, SOCIAL_LIMITS.suggestionsDefault),
});
export type SuggestionQuery = z.output<typeof SuggestionQuery>;
