import type { PublicationSort, PublicationState, PublicationUnit } from '@filaha/shared';
import type { RouteData } from '@filaha/shared/contracts';
import { api, apiUpload, type ApiResult } from '../../lib/api.ts';
import { call } from '../../lib/client.ts';
import { multipartBody, rangeProgress, type MultipartBody, type MultipartPart } from '../../lib/multipart.ts';
import { getJson, unwrap } from '../../lib/queries.ts';

/** GET /api/publications/* answer (apps/api/README.md, marketplace section); field names are the SPEC's. */
export interface PublicationImage {
  id: number;
  imagePath: string;
  thumbPath: string;
}

export interface SellerRoleRef {
  id: number;
  roleName: string;
  roleNameAr: string;
}

export interface Publication {
  id: number;
  nomProduit: string;
  prixUnitaire: number;
  addresse: string;
  phoneNumber: string;
  quantité: number;
  /** What prixUnitaire and quantité count in. */
  unit: PublicationUnit;
  etat: PublicationState;
  images: PublicationImage[];
  seller: { id: number; userName: string; sellerRole: SellerRoleRef | null; wilaya: number | null };
  userId: number;
  sellerAbonnementUserId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface PublicationPage {
  items: Publication[];
  total: number;
  page: number;
  limit: number;
}

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

/** `/publications/all?…` with only the filters that are set; page and limit always (paged answer). */
export function listPath(filters: ListFilters, page: number, limit = PAGE_SIZE): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.category) params.set('category', filters.category);
  if (filters.wilaya) params.set('wilaya', filters.wilaya);
  if (filters.etat) params.set('etat', filters.etat);
  if (filters.sort !== 'recent') params.set('sort', filters.sort);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return `/publications/all?${params.toString()}`;
}

export const fetchPage = (filters: ListFilters, page: number) => getJson<PublicationPage>(listPath(filters, page));
export const fetchPublication = (id: number) => getJson<Publication>(`/publications/one/${id}`);

/** SPEC §7: 200 with the list, 205 (no body) when the caller has none. */
export async function fetchMine(): Promise<Publication[]> {
  const data = unwrap(await api.get<Publication[] | undefined>('/publications/my-publications'));
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

export interface PublicationAnswer {
  message: string;
  publication: Publication;
}

/**
 * POST /publications/add. Its 401 means "no active seller subscription" (SPEC §7), not an expired session, so
 * the client must not sign the user out on it.
 */
export const createPublication = (
  body: MultipartBody,
  onProgress?: PhotoProgress,
): Promise<ApiResult<PublicationAnswer>> =>
  apiUpload<PublicationAnswer>('POST', '/publications/add', body, {
    notifyUnauthenticated: false,
    onProgress: progressOf(body, onProgress),
  });

export const updatePublication = (
  id: number,
  body: MultipartBody,
  onProgress?: PhotoProgress,
): Promise<ApiResult<PublicationAnswer>> =>
  apiUpload<PublicationAnswer>('PUT', `/publications/update/${id}`, body, { onProgress: progressOf(body, onProgress) });

export const deletePublication = (id: number): Promise<ApiResult<{ message: string }>> =>
  api.delete<{ message: string }>(`/publications/delete/${id}`);
