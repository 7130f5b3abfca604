import { z } from 'zod';
import { emailSchema, phoneSchema } from './auth.ts';
import { ID_MAX, LIMITS, SUBSCRIPTION_STATES } from './limits.ts';
import { nameText, noNul, optionalNameText, requiredText } from './text.ts';

export * from './parcel-input.ts';

/**
 * Contracts of the catalogue, subscription, legend, assignment and service-request routes (SPEC §3, §5, §7),
 * shared by the API routes and the web forms. Field names are the SPEC's (French, sometimes misspelt).
 * Issue messages are locale keys (`validation.*`).
 */

/**
 * Why a 409 happened: the answer is `{ code: 'CONFLICT' | 'IN_USE', issues: [{ path, code, message }] }`
 * with `code` one of these keys and `message` the locale key the screens translate.
 */
export const CONFLICT_REASONS = {
  duplicate: 'conflict.duplicate',
  /** SPEC §8: 'Fonctionality déjà assignée.' */
  already_assigned: 'conflict.functionalityAssigned',
  /** SPEC §8: 'Assignment already exists or another error occurred.' */
  assignment_exists: 'conflict.assignmentExists',
  legend_overlap: 'conflict.legendOverlap',
  /** The farmer already has an active subscription or one awaiting activation. */
  subscription_open: 'conflict.subscriptionOpen',
  /** Activating would give the farmer two active subscriptions. */
  other_active: 'conflict.otherActiveSubscription',
  /** An organisation keeps at least one admin (issue 30 §1). */
  last_admin: 'conflict.lastAdmin',
  /** Delete refused: plan with subscriptions, index assigned to a plan or with usage/history. */
  in_use: 'conflict.inUse',
} as const;
export type ConflictReason = keyof typeof CONFLICT_REASONS;

const required = 'validation.required';
const text = requiredText;

/** Numbers from JSON or from form inputs (strings); empty means missing. */
const numeric = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).finite(message),
  );
export const idSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: required }).int(required).positive(required).max(ID_MAX, required),
);

/** Bilingual text as stored: Arabic and French. */
export interface Bilingual {
  ar: string;
  fr: string;
}
const BilingualObject = z.object({ ar: noNul(z.string().trim().max(4000)), fr: noNul(z.string().trim().max(4000)) });

/**
 * Bilingual text input: an object {ar, fr}, a JSON string of one (SPEC: index descriptions are JSON text
 * with ar and fr keys), or plain text used for both languages.
 */
export function toBilingual(value: string | Bilingual): Bilingual {
  if (typeof value !== 'string') return value;
  try {
    const parsed = BilingualObject.safeParse(JSON.parse(value));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: plain text.
  }
  return { ar: value.trim(), fr: value.trim() };
}
export const bilingualInput = z.union([noNul(z.string().trim().max(8000)), BilingualObject]);

/** 'rgb(r, g, b)' with each channel 0–255 (SPEC: legend colours are sent as rgb strings). */
export const RGB_PATTERN = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/;
export const rgbColorSchema = z
  .string({ error: 'validation.color' })
  .trim()
  .refine((v) => {
    const m = RGB_PATTERN.exec(v);
    return m !== null && m.slice(1).every((c) => Number(c) <= 255);
  }, 'validation.color')
  // One spelling in the database, whatever spacing the client used.
  .transform((v) =>
    v.replace(RGB_PATTERN, (_all, r: string, g: string, b: string) => `rgb(${Number(r)}, ${Number(g)}, ${Number(b)})`),
  );

// ---- Plans (Abonnement) and functionalities -------------------------------------------------------------

/** POST /api/abonnement — the SPEC requires nameAbonnement, nameClient, prices. */
export const PlanInput = z.object({
  /** French (required) and Arabic ('' or absent = not translated: the French is shown). */
  nameAbonnement: nameText(120),
  nameAbonnementAr: optionalNameText(120),
  nameClient: nameText(200),
  nameClientAr: optionalNameText(200),
  prices: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), text(200)),
  description: bilingualInput.optional(),
  descriptionFr: noNul(z.string().trim().max(4000)).optional(),
  descriptionAr: noNul(z.string().trim().max(4000)).optional(),
});
export type PlanInput = z.output<typeof PlanInput>;

/** The seller plan form (SPEC §5: nameAbonnement, nameClient, price, priority required; nbPost optional). */
export const SellerPlanInput = z.object({
  nameAbonnement: nameText(120),
  nameAbonnementAr: optionalNameText(120),
  nameClient: nameText(200),
  nameClientAr: optionalNameText(200),
  price: numeric('validation.price').pipe(z.number().min(0, 'validation.price')),
  priority: numeric('validation.priority').pipe(z.number().int('validation.priority').min(1, 'validation.priority')),
  nbPost: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: 'validation.nbPost' }).int('validation.nbPost').min(0, 'validation.nbPost').nullable(),
  ),
  description: noNul(z.string().trim().max(4000)).optional(),
  descriptionAr: noNul(z.string().trim().max(4000)).optional(),
});
export type SellerPlanInput = z.output<typeof SellerPlanInput>;

export const FunctionalityInput = z.object({ name: nameText(120), nameAr: optionalNameText(120), psudo: text(120) });
export type FunctionalityInput = z.output<typeof FunctionalityInput>;

export const ABONNEMENT_TYPES = ['agriculteur', 'vendeur'] as const;

/** POST /api/abonnementFonctionnality. */
export const AssignFunctionalityInput = z.object({
  fonctionnalityId: idSchema,
  abonnementId: idSchema,
  abonnementType: z.literal('agriculteur', { error: 'validation.abonnementType' }).default('agriculteur'),
});
export type AssignFunctionalityInput = z.output<typeof AssignFunctionalityInput>;

/** POST /api/sellerAbonnementFonctionality. */
export const AssignSellerFunctionalityInput = z.object({
  fonctionnalityId: idSchema,
  sellerabonnementid: idSchema,
  abonnementType: z.literal('vendeur', { error: 'validation.abonnementType' }).default('vendeur'),
});
export type AssignSellerFunctionalityInput = z.output<typeof AssignSellerFunctionalityInput>;

// ---- Indices, legends, plan ↔ index assignments ---------------------------------------------------------

export const RecommendationInput = z.object({
  range: BilingualObject,
  ar: noNul(z.string().trim().max(2000)),
  fr: noNul(z.string().trim().max(2000)),
});
export type RecommendationInput = z.output<typeof RecommendationInput>;

/** Recommendations: the structured list, a JSON string of it, or plain text (one entry for both languages). */
export function toRecommendations(value: string | RecommendationInput[]): RecommendationInput[] {
  if (typeof value !== 'string') return value;
  try {
    const parsed = z.array(RecommendationInput).safeParse(JSON.parse(value));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: plain text.
  }
  const trimmed = value.trim();
  return trimmed ? [{ range: { ar: '', fr: '' }, ar: trimmed, fr: trimmed }] : [];
}

const indexFields = {
  indiceName: nameText(80),
  /** Engine code ('NDVI'…); derived from indiceName when absent. */
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{2,16}$/, 'validation.indexCode')
    .optional(),
  recomndation: z.union([text(8000), z.array(RecommendationInput).max(20)]),
  description: z.union([text(8000), BilingualObject]),
};
/** POST /api/indice — SPEC §5: indiceName, recomndation, description required. */
export const IndexInput = z.object(indexFields);
export type IndexInput = z.output<typeof IndexInput>;
export const IndexUpdateInput = z.object(indexFields).partial();
export type IndexUpdateInput = z.output<typeof IndexUpdateInput>;

const legendFields = {
  intervalDeb: numeric('validation.number'),
  intervalFin: numeric('validation.number'),
  color: rgbColorSchema,
  descriptionLeg: z.union([text(400), BilingualObject]),
  descriptionLegFr: noNul(z.string().trim().max(400)).optional(),
  descriptionLegAr: noNul(z.string().trim().max(400)).optional(),
  indiceId: idSchema,
};
const intervalOrder = (v: { intervalDeb?: number; intervalFin?: number }, ctx: z.RefinementCtx) => {
  if (v.intervalDeb !== undefined && v.intervalFin !== undefined && v.intervalDeb >= v.intervalFin) {
    ctx.addIssue({ code: 'custom', path: ['intervalFin'], message: 'validation.intervalOrder' });
  }
};
/** POST /api/legende — every field required; interval start < end. Overlaps are checked by the server. */
export const LegendInput = z.object(legendFields).superRefine(intervalOrder);
export type LegendInput = z.output<typeof LegendInput>;
/** PUT /api/legende/{id} — any subset; the merged legend must still satisfy the rules. */
export const LegendUpdateInput = z.object(legendFields).partial().superRefine(intervalOrder);
export type LegendUpdateInput = z.output<typeof LegendUpdateInput>;

const MAX_REQUESTS = 100_000;
export const requestCountSchema = numeric('validation.requestCount').pipe(
  z
    .number()
    .int('validation.requestCount')
    .min(1, 'validation.requestCount')
    .max(MAX_REQUESTS, 'validation.requestCount'),
);
/** POST /api/abonnementIndice — the form defaults to LIMITS.defaultRequestsPerIndex (6). */
export const PlanIndexInput = z.object({
  IndiceId: idSchema,
  AbonnementId: idSchema,
  nombre_de_requete: requestCountSchema,
});
export type PlanIndexInput = z.output<typeof PlanIndexInput>;
/** PUT /api/abonnementIndice/{abonnementId}/{indiceId} — ids in the body, when sent, must match the path. */
export const PlanIndexUpdateInput = z.object({
  nombre_de_requete: requestCountSchema,
  AbonnementId: idSchema.optional(),
  IndiceId: idSchema.optional(),
});
export type PlanIndexUpdateInput = z.output<typeof PlanIndexUpdateInput>;
export const DEFAULT_REQUESTS_PER_INDEX = LIMITS.defaultRequestsPerIndex;

// ---- Farmer subscriptions ------------------------------------------------------------------------------

/**
 * POST /api/abonnementUser — the SPEC's payload. Only abn_id is used: the server decides the user (the caller),
 * the date (today), the duration (12) and the state ('désactivé'); a user_id naming someone else is refused.
 */
export const FarmerSubscriptionInput = z.object({
  abn_id: idSchema,
  user_id: idSchema.optional(),
  date_abonnement: z.unknown().optional(),
  durée: z.unknown().optional(),
  etat: z.unknown().optional(),
});
export type FarmerSubscriptionInput = z.output<typeof FarmerSubscriptionInput>;

export const SubscriptionStateInput = z.object({ etat: z.enum(SUBSCRIPTION_STATES, { error: 'validation.etat' }) });
export type SubscriptionStateInput = z.output<typeof SubscriptionStateInput>;

export const UsageRowsInput = z.object({ abonnementuser_id: idSchema });
export type UsageRowsInput = z.output<typeof UsageRowsInput>;

// ---- Service requests ----------------------------------------------------------------------------------

/** The four services of the services page (same ids as the home carousel). */
export const SERVICE_KEYS = ['marketplace', 'precision', 'drilling', 'soil'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

/** POST /api/service-requests — SPEC §5: name, email, phone, message required. */
export const ServiceRequestInput = z.object({
  serviceKey: z.enum(SERVICE_KEYS, { error: 'validation.serviceKey' }),
  name: nameText(120),
  email: emailSchema,
  phone: phoneSchema,
  message: text(4000),
});
export type ServiceRequestInput = z.output<typeof ServiceRequestInput>;

/** Highest starting price of a field service, in DA (a typing slip beyond it is refused, not shown to farmers). */
export const SERVICE_PRICE_MAX_DA = 100_000_000;

/**
 * One starting price of a field service (issue 13 §5, back office): a whole amount in DA from 1 to
 * SERVICE_PRICE_MAX_DA — a number, or text as typed ("12000", "12 000") — or empty / null for "on quotation".
 */
export const servicePriceSchema = z.preprocess(
  (v) => {
    if (v === null) return null;
    if (typeof v !== 'string') return v;
    const t = v.replace(/[\s\u00a0\u202f]/g, '');
    return t === '' ? null : /^\d+$/.test(t) ? Number(t) : Number.NaN;
  },
  z
    .number({ error: 'validation.servicePrice' })
    .int('validation.servicePrice')
    .min(1, 'validation.servicePrice')
    .max(SERVICE_PRICE_MAX_DA, 'validation.servicePrice')
    .nullable(),
);

/** PUT /api/settings/service-prices: the soil analysis and the other field services (null = on quotation). */
export const ServicePricesInput = z.object({ soil: servicePriceSchema, other: servicePriceSchema });
export type ServicePricesInput = z.output<typeof ServicePricesInput>;
