import type { PublicationSort, PublicationState } from '@filaha/shared';
import type { RouteData, RouteInput } from '@filaha/shared/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiResult } from '../../lib/api.ts';
import { call, request } from '../../lib/client.ts';

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

/** The marketplace's list for these filters, page after page ("show more"). */
export const listPagesQuery = (filters: ListFilters) =>
  infiniteQueryOptions({
    queryKey: marketKeys.list(filters),
    queryFn: ({ pageParam }) => fetchPage(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: PublicationPage) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
export const fetchPublication = (id: number) => call('GET /publications/one/:id', { params: { id } });

/** SPEC §7: 200 with the list, 205 (no body) when the caller has none. */
export async function fetchMine(): Promise<Publication[]> {
  // The 205 carries no body: its data is undefined, whatever the 200's type says.
  const data: Publication[] | undefined = await call('GET /publications/my-publications');
  return Array.isArray(data) ? data : [];
}

export type SellerRoleOption = RouteData<'GET /sellerRoles'>[number];

export const fetchSellerRoles = (): Promise<SellerRoleOption[]> => call('GET /sellerRoles', {}, { token: null });

/** The seller sub-types, the filter bar's categories (they change rarely). */
export const sellerRolesQuery = { queryKey: marketKeys.sellerRoles, queryFn: fetchSellerRoles, staleTime: 3_600_000 };

export const deletePublication = (id: number): Promise<ApiResult<{ message: string }>> =>
  request('DELETE /publications/delete/:id', { params: { id } });
