import type { RouteData } from '@filaha/shared/contracts';
import { QueryClient } from '@tanstack/react-query';
import { call } from './client.ts';

/** One client for the signed-in areas; react-query stays out of the public pages' bundle. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // networkMode 'always': offline, a query still asks (the service worker may hold a kept answer) and fails
    // fast otherwise, instead of pausing with a spinner until the connection returns.
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});

export { ApiAnswerError, unwrap } from './apiAnswer.ts';

/** GET /api/users/profile (SPEC §3 "User profile"). */
export type Profile = RouteData<'GET /users/profile'>;

export const profileQuery = {
  queryKey: ['users', 'profile'] as const,
  queryFn: () => call('GET /users/profile'),
};
