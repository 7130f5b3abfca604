import type { ApiIssue } from '@filaha/shared';
import type { ApiResult } from './api.ts';

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
