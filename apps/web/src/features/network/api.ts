import type { NetworkFilter } from '@filaha/shared';
import type { RouteData } from '@filaha/shared/contracts';
import { call } from '../../lib/client.ts';

/** GET /api/network/suggestions (apps/api/README.md, "Network"). */
export type Suggestion = RouteData<'GET /network/suggestions'>[number];

export type HiddenPerson = RouteData<'GET /network/hidden'>[number];

export const networkKeys = {
  all: ['network'] as const,
  suggestions: (filter: string) => ['network', 'suggestions', filter] as const,
  hidden: ['network', 'hidden'] as const,
};

export const SUGGESTION_LIMIT = 24;

export const fetchSuggestions = (filter: NetworkFilter | '') =>
  call('GET /network/suggestions', { query: { limit: SUGGESTION_LIMIT, filter: filter || undefined } });
export const fetchHidden = () => call('GET /network/hidden');
export const hidePerson = (userId: number) => call('POST /network/hidden/:userId', { params: { userId } });
export const showPerson = (userId: number) => call('DELETE /network/hidden/:userId', { params: { userId } });
