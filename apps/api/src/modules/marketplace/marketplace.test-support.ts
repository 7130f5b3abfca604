import { factories } from '@filaha/db/testing';
import sharp from 'sharp';
import { TEST_JWT_SECRET, type TestApp } from '../../../test/helper.ts';
import { createStorage } from '../../lib/storage/plugin.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';

/** Helpers shared by the marketplace tests: multipart bodies, real images, a seller with a subscription. */

import { multipart, type FilePart } from '../../../test/multipart.ts';

export { multipart, type FilePart };

/** A real photo-like image in the given format, with EXIF when asked (to check it is stripped). */
/** POST /api/publications/add as a multipart form (fields and files), with the caller's `headers`. */
export function postPublication(
  t: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
) {
  const body = multipart(fields, files);
  return t.inject({
    method: 'POST',
    url: '/api/publications/add',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export async function makeImage(
  format: 'jpeg' | 'png' | 'webp',
  width = 800,
  height = 600,
  withExif = false,
): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 60 } } });
  if (withExif) image = image.withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'GPS-test' } });
  return image.toFormat(format).toBuffer();
}

export const jpegFile = async (filename = 'photo.jpg'): Promise<FilePart> => ({
  filename,
  contentType: 'image/jpeg',
  bytes: await makeImage('jpeg'),
});

export function publicationFields(
  subscriptionId: number,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    productName: 'Tomates de plein champ',
    quantity: '100',
    price: '80',
    unit: 'kg',
    location: 'Boufarik, Blida',
    phone: '0555123456',
    disponibility: 'DISPO',
    sellerAbonnementUserId: String(subscriptionId),
    ...overrides,
  };
}

/** A seller (or farmer) with a token and an active subscription on a plan with `postLimit` (null = unlimited). */
export async function sellerWithSubscription(
  t: TestApp,
  options: {
    postLimit?: number | null;
    postsUsed?: number;
    role?: 'Seller' | 'User';
    sellerRoleId?: number;
    wilayaId?: number;
  } = {},
) {
  const seller = await t.createUser({
    role: options.role ?? 'Seller',
    ...(options.sellerRoleId !== undefined ? { sellerRoleId: options.sellerRoleId } : {}),
    ...(options.wilayaId !== undefined ? { wilayaId: options.wilayaId } : {}),
  });
  const { sellerSubscription } = await factories.createSellerSubscription(t.database, {
    userId: seller.user.id,
    postLimit: options.postLimit ?? null,
    postsUsed: options.postsUsed ?? 0,
  });
  return { ...seller, subscription: sellerSubscription };
}

/** The store the app uses (same configuration): the storage decorator lives inside /api, not on the root app. */
export function storageOf(t: TestApp): ObjectStorage {
  return createStorage(t.config, TEST_JWT_SECRET);
}
