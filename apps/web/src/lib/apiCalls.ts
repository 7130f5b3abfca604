import type { ApiIssue } from '@filaha/shared';
import { api, type ApiResult } from './api.ts';

/**
 * A 4xx answer kept whole for the back office: besides the base `code`, the `issues` say why a 409 or a
 * 400 happened (`already_assigned`, `legend_overlap`, `self_intersection`…), which the screens translate.
 */
export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: readonly ApiIssue[];
  constructor(status: number, code: string, message: string, issues: readonly ApiIssue[] = []) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export function take<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new AdminApiError(result.status, result.error.code, result.error.message, result.error.issues ?? []);
}

/** The API's calls that return the answer's data and throw its 4xx (react-query's queries and mutations). */
export const apiCalls = {
  get: async <T>(path: string) => take(await api.get<T>(path)),
  post: async <T>(path: string, body: unknown) => take(await api.post<T>(path, body)),
  put: async <T>(path: string, body: unknown) => take(await api.put<T>(path, body)),
  delete: async <T = { message?: string }>(path: string) => take(await api.delete<T>(path)),
};
