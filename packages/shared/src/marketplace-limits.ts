// The marketplace's constants, without zod: filters, cards and the photo preparation read them on screens that
// validate nothing (marketplace.ts holds the schemas).

export const MARKETPLACE_LIMITS = {
  maxImagesPerPublication: 10,
  maxImageBytes: 8 * 1024 * 1024,
  /** Longest side of the stored photo and of its thumbnail (pixels). */
  imageLargePx: 1600,
  imageThumbPx: 400,
  pageSizeDefault: 24,
  pageSizeMax: 100,
  productNameMaxLength: 120,
  addressMaxLength: 200,
  searchMaxLength: 100,
} as const;

export const PUBLICATION_SORTS = ['recent', 'price_asc', 'price_desc'] as const;
export type PublicationSort = (typeof PUBLICATION_SORTS)[number];
