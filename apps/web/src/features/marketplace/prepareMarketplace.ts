import { queryClient } from '../../lib/queries.ts';
import { listPagesQuery, sellerRolesQuery } from './api.ts';
import { readFilters } from './filters.ts';

/**
 * The reads the marketplace's first render shows, into the query cache before that render (app/prepareRoute.ts):
 * the first page of the list for the address's filters and the filter bar's categories, with the keys the screen
 * asks with; opened directly, each takes the answer the inline script of index.html already asked for
 * (lib/early.ts). The screen then renders once, with its cards, instead of once with skeletons and again when the
 * answers arrive. Failures are left to the screen (not retried here: the first render would wait). Never rejects.
 */
export async function prepareMarketplace(search: string): Promise<void> {
  const filters = readFilters(new URLSearchParams(search));
  await Promise.allSettled([
    queryClient.prefetchInfiniteQuery({ ...listPagesQuery(filters), retry: false }),
    queryClient.prefetchQuery({ ...sellerRolesQuery, retry: false }),
  ]);
}
