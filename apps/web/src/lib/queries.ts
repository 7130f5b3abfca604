import { QueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { unwrap } from './apiAnswer.ts';

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

export async function getJson<T>(path: string): Promise<T> {
  return unwrap(await api.get<T>(path));
}

/** GET /api/users/profile (SPEC §3 "User profile"). */
export interface Profile {
  id?: number;
  user_id?: number;
  userName?: string;
  email?: string;
  phoneNumber?: string;
  wilaya?: number | string;
  roleName?: string;
  role_id?: number;
}

export const profileQuery = {
  queryKey: ['users', 'profile'] as const,
  queryFn: () => getJson<Profile>('/users/profile'),
};
