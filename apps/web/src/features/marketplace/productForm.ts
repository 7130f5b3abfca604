import { MARKETPLACE_LIMITS, PublicationInput, RequiredPublicationUnit } from '@filaha/shared';
import type { z } from 'zod';

/**
 * The publication form of SPEC §3 without the subscription id (the page adds it): the API's own schema, except
 * that the form requires a unit (the API accepts a publication without one, for older clients).
 */
export const ProductForm = PublicationInput.omit({ sellerAbonnementUserId: true }).extend({
  unit: RequiredPublicationUnit,
});
export type ProductFormInput = z.input<typeof ProductForm>;
export type ProductFormValues = z.output<typeof ProductForm>;

/** `unit` starts unchosen: the seller picks it (the form requires one; the API accepts none). */
export const EMPTY_PRODUCT: ProductFormInput = {
  productName: '',
  quantity: '',
  price: '',
  unit: '',
  location: '',
  phone: '',
  disponibility: 'DISPO',
};

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PHOTOS = MARKETPLACE_LIMITS.maxImagesPerPublication;
export const MAX_PHOTO_BYTES = MARKETPLACE_LIMITS.maxImageBytes;

export type PhotoRejection = { name: string; reason: 'type' | 'size' | 'count' | 'decode' };

/**
 * Sorts newly chosen files into the ones kept and the ones refused, in order: a wrong type or an oversized
 * file is refused on its own; once the publication holds MAX_PHOTOS photos the rest are refused for count.
 * `checkSize: false` when the browser will prepare the photos (photoPrep.ts checks the size of the prepared
 * file: a heavy camera photo is made small rather than refused). The server checks again from the bytes; this
 * only spares a useless upload.
 */
export function screenPhotos(alreadyHeld: number, incoming: readonly File[], { checkSize = true } = {}) {
  const accepted: File[] = [];
  const rejected: PhotoRejection[] = [];
  for (const file of incoming) {
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) rejected.push({ name: file.name, reason: 'type' });
    else if (checkSize && file.size > MAX_PHOTO_BYTES) rejected.push({ name: file.name, reason: 'size' });
    else if (alreadyHeld + accepted.length >= MAX_PHOTOS) rejected.push({ name: file.name, reason: 'count' });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** Form values → the multipart text fields (numbers as plain decimal text, as the API parses them). */
export function toFields(values: ProductFormValues): Record<string, string> {
  return {
    productName: values.productName,
    quantity: String(values.quantity),
    price: String(values.price),
    unit: values.unit,
    location: values.location,
    phone: values.phone,
    disponibility: values.disponibility,
  };
}
