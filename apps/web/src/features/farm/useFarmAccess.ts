import { useQuery } from '@tanstack/react-query';
import { ApiAnswerError, profileQuery } from '../../lib/queries.ts';
import { farmQueries, type IndexConfig, type SubscriptionRow } from './farmApi.ts';

/** The signed-in farmer's id, read from the profile the sidebar already loads. */
export function useUserId(): { userId: number | null; isError: boolean } {
  const profile = useQuery(profileQuery);
  const id = profile.data?.id;
  return { userId: typeof id === 'number' ? id : null, isError: profile.isError };
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
