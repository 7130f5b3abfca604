import { z } from 'zod';
import { phoneSchema, wilayaSchema } from './auth.ts';
import { ID_MAX, PUBLICATION_STATES, PUBLICATION_UNITS } from './limits.ts';
import { nameText, noNul, requiredText } from './text.ts';
import { MARKETPLACE_LIMITS, PUBLICATION_SORTS } from './marketplace-limits.ts';

/**
 * Contracts of the marketplace routes (SPEC §3 SellerAbonnementUser and Publication, §7 `publications/*`),
 * shared by the API and the web forms. Form field names are the SPEC's; issue messages are locale keys.
 */
const required = 'validation.required';
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** Numbers arrive as text from multipart forms and query strings. */
const amount = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim().replace(',', '.'))) : v),
    z.number({ error: message }).finite(message).min(0, message).max(1e10, message),
  );
const positiveId = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z.number({ error: required }).int(required).positive(required).max(ID_MAX, required),
);

/** Blank text reads as no unit. */
const unitText = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);
/** A unit the web form requires (features/marketplace/productForm.ts): one of PUBLICATION_UNITS. */
export const RequiredPublicationUnit = z.preprocess(unitText, z.enum(PUBLICATION_UNITS, { error: 'validation.unit' }));

/** POST /api/publications/add — the form fields (the images travel as files next to them). */
export const PublicationInput = z.object({
  productName: nameText(MARKETPLACE_LIMITS.productNameMaxLength),
  quantity: amount('validation.quantity'),
  price: amount('validation.price'),
  /**
   * What the price and the quantity count in, one of PUBLICATION_UNITS. Optional for the API (absent, blank or
   * null: no unit — issue 28, older clients send none); the web form requires it (RequiredPublicationUnit).
   */
  unit: z.preprocess(unitText, z.enum(PUBLICATION_UNITS, { error: 'validation.unit' }).nullish()),
  location: requiredText(MARKETPLACE_LIMITS.addressMaxLength),
  phone: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), phoneSchema),
  disponibility: z.preprocess(
    blankToUndefined,
    z.enum(PUBLICATION_STATES, { error: 'validation.disponibility' }).default('DISPO'),
  ),
  sellerAbonnementUserId: positiveId,
});
export type PublicationInput = z.output<typeof PublicationInput>;

/** `deletedImageIds` as repeated fields, a JSON array or "1,2,3". */
export const imageIdList = z.preprocess(
  (v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((item): unknown[] => {
      if (typeof item !== 'string') return [item];
      const trimmed = item.trim();
      if (trimmed === '') return [];
      if (trimmed.startsWith('[')) {
        try {
          const parsed: unknown = JSON.parse(trimmed);
          return Array.isArray(parsed) ? parsed : [parsed];
        } catch {
          return [trimmed];
        }
      }
      return trimmed.split(',').map((s) => s.trim());
    });
    return parts
      .filter((p) => p !== undefined && p !== null && p !== '')
      .map((p) => (typeof p === 'string' ? Number(p) : p));
  },
  z.array(z.number({ error: 'validation.imageId' }).int('validation.imageId').positive('validation.imageId')).max(100),
);

/** PUT /api/publications/update/{id} — every field optional; images are added, `deletedImageIds` removed. */
export const PublicationUpdateInput = PublicationInput.omit({ sellerAbonnementUserId: true })
  .partial()
  .extend({ deletedImageIds: imageIdList.optional() });
export type PublicationUpdateInput = z.output<typeof PublicationUpdateInput>;

/** GET /api/publications/all query. Any of page/limit turns the answer into `{ items, total, page, limit }`. */
export const PublicationListQuery = z.object({
  q: z.preprocess(blankToUndefined, noNul(z.string().trim().max(MARKETPLACE_LIMITS.searchMaxLength)).optional()),
  /** Seller role id, or a name (Agriculteur, Fournisseur — matches both supplier roles —, Entreprise, …). */
  category: z.preprocess(blankToUndefined, noNul(z.string().trim().max(80)).optional()),
  wilaya: z.preprocess(blankToUndefined, wilayaSchema.optional()),
  etat: z.preprocess(blankToUndefined, z.enum(PUBLICATION_STATES, { error: 'validation.disponibility' }).optional()),
  minPrice: amount('validation.price').optional(),
  maxPrice: amount('validation.price').optional(),
  sort: z.preprocess(blankToUndefined, z.enum(PUBLICATION_SORTS, { error: 'validation.sort' }).optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int('validation.page').min(1, 'validation.page').max(100000).optional(),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int('validation.limit')
      .min(1, 'validation.limit')
      .max(MARKETPLACE_LIMITS.pageSizeMax, 'validation.limit')
      .optional(),
  ),
});
export type PublicationListQuery = z.output<typeof PublicationListQuery>;

/**
 * POST /api/sellerAbonnementUser — the SPEC's payload. Only sellerAbonnementId is used: the server decides
 * the seller (the caller), the dates (today → one year later) and the state ('actif').
 */
export const SellerSubscriptionInput = z.object({
  sellerAbonnementId: positiveId,
  dateDebut: z.unknown().optional(),
  dateFin: z.unknown().optional(),
  etat: z.unknown().optional(),
});
export type SellerSubscriptionInput = z.output<typeof SellerSubscriptionInput>;
