import { useQuery } from '@tanstack/react-query';
import { ApiAnswerError, profileQuery } from '../../lib/queries.ts';
import { getToken } from '../../lib/storage.ts';
import { tokenClaims } from '../../lib/tokenClaims.ts';
import { farmQueries, type IndexConfig, type SubscriptionRow } from './farmApi.ts';

/**
 * The user id the stored token names (its subject), as the inline script of index.html reads it for the screen's
 * early reads; null for a token that is not a readable JWT. Only a path to ask: the server checks every answer.
 */
export function tokenUserId(token = getToken()): number | null {
  return tokenClaims(token)?.userId ?? null;
}

/**
 * The signed-in farmer's id: the token's subject, so the screen's reads need not wait for the profile's answer;
 * from the profile when the token says none.
 */
export function useUserId(): { userId: number | null; isError: boolean } {
  const fromToken = tokenUserId();
  const profile = useQuery({ ...profileQuery, enabled: fromToken === null });
  const id = fromToken ?? profile.data?.id;
  return { userId: typeof id === 'number' ? id : null, isError: fromToken === null && profile.isError };
}

export type FarmAccess =
  | { state: 'loading' }
  | { state: 'error'; retry: () => void }
  | { state: 'none' }
  | { state: 'inactive'; subscription: SubscriptionRow | null }
  | { state: 'ready'; userId: number; config: IndexConfig[] };

const codeOf = (error: unknown) => (error instanceof ApiAnswerError ? error.code : null);

/**
 * SPEC §2/§4 "Index map screen": the subscription status decides the screen. No subscription → restricted
 * access; none `actif` → the pending/inactive screen; otherwise the indices of the active plan load.
 * A 4xx on the status counts as no subscription (the SPEC's 'Erreur Abonnement'); a failure offers a retry.
 */
export function useFarmAccess(): FarmAccess {
  const { userId, isError: profileError } = useUserId();
  const status = useQuery({ ...farmQueries.status(userId ?? 0), enabled: userId !== null });
  const active = status.data?.some((s) => s.etat === 'actif') ?? false;
  const config = useQuery({ ...farmQueries.config(userId ?? 0), enabled: userId !== null && active });

  if (profileError) return { state: 'error', retry: () => window.location.reload() };
  if (userId === null || status.isPending) return { state: 'loading' };
  if (status.isError) {
    if (status.error instanceof ApiAnswerError) return { state: 'none' };
    return { state: 'error', retry: () => void status.refetch() };
  }
  if (status.data.length === 0) return { state: 'none' };
  if (!active) return { state: 'inactive', subscription: status.data[0] ?? null };
  if (config.isPending) return { state: 'loading' };
  if (config.isError) {
    const code = codeOf(config.error);
    if (code === 'SUBSCRIPTION_REQUIRED') return { state: 'none' };
    if (code === 'SUBSCRIPTION_INACTIVE') return { state: 'inactive', subscription: status.data[0] ?? null };
    return { state: 'error', retry: () => void config.refetch() };
  }
  return { state: 'ready', userId, config: config.data };
}
