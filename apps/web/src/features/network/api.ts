import type { NetworkFilter, SuggestionReason } from '@filaha/shared';
import { apiCalls } from '../../lib/apiCalls.ts';

/** GET /api/network/suggestions (apps/api/README.md, "Network"). */
export interface Suggestion {
  id: number;
  userName: string;
  roleName: string;
  sellerRole: { id: number; roleName: string; roleNameAr: string } | null;
  wilaya: { id: number; fr: string; ar: string } | null;
  category: NetworkFilter | null;
  reason: SuggestionReason;
}

export interface HiddenPerson {
  userId: number;
  userName: string;
  roleName: string;
  createdAt: string;
}

export const networkKeys = {
  all: ['network'] as const,
  suggestions: (filter: string) => ['network', 'suggestions', filter] as const,
  hidden: ['network', 'hidden'] as const,
};

export const SUGGESTION_LIMIT = 24;

export const fetchSuggestions = (filter: NetworkFilter | '') =>
  apiCalls.get<Suggestion[]>(
    `/network/suggestions?limit=${SUGGESTION_LIMIT}${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`,
  );
export const fetchHidden = () => apiCalls.get<HiddenPerson[]>('/network/hidden');
export const hidePerson = (userId: number) => apiCalls.post<{ hidden: boolean }>(`/network/hidden/${userId}`, {});
export const showPerson = (userId: number) => apiCalls.delete<{ hidden: boolean }>(`/network/hidden/${userId}`);
