import { QueryClient } from '@tanstack/react-query';
import type { ApiIssue } from '@filaha/shared';
import { api, type ApiResult } from './api.ts';

/** One client for the signed-in areas; react-query stays out of the public pages' bundle. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // networkMode 'always': offline, a query still asks (the service worker may hold a kept answer) and fails
    // fast otherwise, instead of pausing with a spinner until the connection returns.
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});

/**
 * A 4xx answer turned into a thrown error, for react-query's error state, kept whole: besides the base `code`,
 * the `issues` say why a 409 or a 400 happened (`already_assigned`, `legend_overlap`, `self_intersection`…),
 * which the screens translate, and a 429 keeps its Retry-After in seconds.
 */
export class ApiAnswerError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: readonly ApiIssue[];
  readonly retryAfterSeconds: number | undefined;
  constructor(
    status: number,
    code: string,
    message: string,
    issues: readonly ApiIssue[] = [],
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiAnswerError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The answer's data, or its 4xx thrown as an ApiAnswerError. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  const { code, message, issues, retryAfterSeconds } = result.error;
  throw new ApiAnswerError(result.status, code, message, issues ?? [], retryAfterSeconds);
}

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
