import { PUBLICATION_STATES, PUBLICATION_UNITS } from '@filaha/shared';
import { z } from 'zod';

/** Answer shapes of `/publications/*`, with the SPEC's field names (§3 Publication). */

export const IdParams = z.object({ id: z.coerce.number().int().positive() });
/** `<uuid>.webp` or `<uuid>.thumb.webp`: the only names the image route serves. */
export const ImageParams = z.object({ name: z.string().regex(/^[0-9a-f-]{36}(\.thumb)?\.webp$/) });

export const PublicationImage = z.object({
  id: z.number().int(),
  /** Stable public URL of the large WebP (≤1600 px). */
  imagePath: z.string(),
  /** Stable public URL of the thumbnail (≤400 px). */
  thumbPath: z.string(),
});

export const Publication = z.object({
  id: z.number().int(),
  nomProduit: z.string(),
  /** DA. */
  prixUnitaire: z.number(),
  addresse: z.string(),
  phoneNumber: z.string(),
  quantité: z.number(),
  /** What prixUnitaire and quantité count in (PUBLICATION_UNITS). */
  unit: z.enum(PUBLICATION_UNITS),
  etat: z.enum(PUBLICATION_STATES),
  images: z.array(PublicationImage),
  seller: z.object({
    id: z.number().int(),
    userName: z.string(),
    sellerRole: z.object({ id: z.number().int(), roleName: z.string(), roleNameAr: z.string() }).nullable(),
    wilaya: z.number().int().nullable(),
  }),
  userId: z.number().int(),
  sellerAbonnementUserId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Publication = z.infer<typeof Publication>;

export const PublicationPage = z.object({
  items: z.array(Publication),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PublicationPage = z.infer<typeof PublicationPage>;

export const PublicationAnswer = z.object({ message: z.string(), publication: Publication });
export const MessageAnswer = z.object({ message: z.string() });
