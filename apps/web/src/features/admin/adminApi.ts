import type { ApiIssue } from '@filaha/shared';
import { api, type ApiResult } from '../../lib/api.ts';

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

export const adminApi = {
  get: async <T>(path: string) => take(await api.get<T>(path)),
  post: async <T>(path: string, body: unknown) => take(await api.post<T>(path, body)),
  put: async <T>(path: string, body: unknown) => take(await api.put<T>(path, body)),
  delete: async <T = { message?: string }>(path: string) => take(await api.delete<T>(path)),
};

/** react-query keys: one root per API collection, so a write invalidates every view of it. */
export const KEYS = {
  users: ['users', 'list'] as const,
  plans: ['admin', 'plans'] as const,
  planDetails: ['admin', 'plans', 'details'] as const,
  subscriptions: ['admin', 'subscriptions'] as const,
  functionalities: ['admin', 'functionalities'] as const,
  indices: ['admin', 'indices'] as const,
  assignments: ['admin', 'assignments'] as const,
  legends: ['admin', 'legends'] as const,
  parcels: ['admin', 'parcels'] as const,
  sellerPlans: ['admin', 'sellerPlans'] as const,
  sellerSubscriptions: ['admin', 'sellerSubscriptions'] as const,
  serviceRequests: ['admin', 'serviceRequests'] as const,
  servicePrices: ['admin', 'servicePrices'] as const,
};
