import type { RouteData } from '@filaha/shared/contracts';
import type { ApiResult } from '../../lib/api.ts';
import { upload } from '../../lib/client.ts';
import { multipartBody, rangeProgress, type MultipartBody, type MultipartPart } from '../../lib/multipart.ts';

// A publication's photos and fields going up (add and update): apart from ./api.ts so that the
// marketplace's list, which never uploads, does not load the multipart encoder with its first screen.

/**
 * The multipart body of add/update: the SPEC's field names, one `images` part per photo (lib/multipart.ts, so
 * each photo's byte range is known for its progress bar).
 */
export function publicationFormData(
  fields: Readonly<Record<string, string | number>>,
  photos: readonly File[],
  extra: { sellerAbonnementUserId?: number; deletedImageIds?: readonly number[] } = {},
): MultipartBody {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value: String(value) }));
  if (extra.sellerAbonnementUserId !== undefined)
    parts.push({ name: 'sellerAbonnementUserId', value: String(extra.sellerAbonnementUserId) });
  for (const id of extra.deletedImageIds ?? []) parts.push({ name: 'deletedImageIds', value: String(id) });
  for (const photo of photos) parts.push({ name: 'images', file: photo, filename: photo.name });
  return multipartBody(parts);
}

/** Progress of each photo of an upload, 0…1, in the order they were given. */
export type PhotoProgress = (perPhoto: number[]) => void;

const progressOf = (body: MultipartBody, onProgress?: PhotoProgress) =>
  onProgress ? (loaded: number) => onProgress(rangeProgress(loaded, body.fileRanges)) : undefined;

export type PublicationAnswer = RouteData<'POST /publications/add'>;

/**
 * POST /publications/add. Its 401 means "no active seller subscription" (SPEC §7), not an expired session, so
 * the client must not sign the user out on it.
 */
export const createPublication = (
  body: MultipartBody,
  onProgress?: PhotoProgress,
): Promise<ApiResult<PublicationAnswer>> =>
  upload('POST /publications/add', {}, body, {
    notifyUnauthenticated: false,
    onProgress: progressOf(body, onProgress),
  });

export const updatePublication = (
  id: number,
  body: MultipartBody,
  onProgress?: PhotoProgress,
): Promise<ApiResult<PublicationAnswer>> =>
  upload('PUT /publications/update/:id', { params: { id } }, body, { onProgress: progressOf(body, onProgress) });
