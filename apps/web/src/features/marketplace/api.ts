import type { PublicationSort, PublicationState } from '@filaha/shared';
import type { RouteData, RouteInput } from '@filaha/shared/contracts';
import type { ApiResult } from '../../lib/api.ts';
import { call, request, upload } from '../../lib/client.ts';
import { multipartBody, rangeProgress, type MultipartBody, type MultipartPart } from '../../lib/multipart.ts';

/** GET /api/publications/* answer (apps/api/README.md, marketplace section); field names are the SPEC's. */
export type Publication = RouteData<'GET /publications/one/:id'>;
export type PublicationImage = Publication['images'][number];
export type SellerRoleRef = NonNullable<Publication['seller']['sellerRole']>;
export type PublicationPage = Exclude<RouteData<'GET /publications/all'>, unknown[]>;

/** What the marketplace filter bar controls; '' means "any". */
export interface ListFilters {
  q: string;
  category: string;
  wilaya: string;
  etat: '' | PublicationState;
  sort: PublicationSort;
}

export const EMPTY_FILTERS: ListFilters = { q: '', category: '', wilaya: '', etat: '', sort: 'recent' };
/** Three rows of four cards on a large screen. */
export const PAGE_SIZE = 12;

export const marketKeys = {
  all: ['publications'] as const,
  list: (filters: ListFilters) => ['publications', 'list', filters] as const,
  one: (id: number) => ['publications', 'one', id] as const,
  mine: ['publications', 'mine'] as const,
  sellerRoles: ['sellerRoles'] as const,
};

/** The query of `/publications/all` with only the filters that are set; page and limit always (paged answer). */
export function listQuery(filters: ListFilters, page: number, limit = PAGE_SIZE) {
  return {
    q: filters.q.trim() || undefined,
    category: filters.category || undefined,
    wilaya: filters.wilaya || undefined,
    etat: filters.etat || undefined,
    sort: filters.sort !== 'recent' ? filters.sort : undefined,
    page,
    limit,
  } satisfies RouteInput<'GET /publications/all'>['query'];
}

/** `/publications/all` with `page` (and `limit`) sent: the paged answer, never the SPEC's plain list. */
export async function fetchListPage(query: RouteInput<'GET /publications/all'>['query']): Promise<PublicationPage> {
  const answer = await call('GET /publications/all', { query });
  if (Array.isArray(answer)) throw new Error('GET /publications/all answered a plain list to a paged query');
  return answer;
}

export const fetchPage = (filters: ListFilters, page: number) => fetchListPage(listQuery(filters, page));
export const fetchPublication = (id: number) => call('GET /publications/one/:id', { params: { id } });

/** SPEC §7: 200 with the list, 205 (no body) when the caller has none. */
export async function fetchMine(): Promise<Publication[]> {
  // The 205 carries no body: its data is undefined, whatever the 200's type says.
  const data: Publication[] | undefined = await call('GET /publications/my-publications');
  return Array.isArray(data) ? data : [];
}

export type SellerRoleOption = RouteData<'GET /sellerRoles'>[number];

export const fetchSellerRoles = (): Promise<SellerRoleOption[]> => call('GET /sellerRoles', {}, { token: null });

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

export const deletePublication = (id: number): Promise<ApiResult<{ message: string }>> =>
  request('DELETE /publications/delete/:id', { params: { id } });
