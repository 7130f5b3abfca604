/**
 * Stable error codes of the API. Every error answer is `{ code, message, issues? }`;
 * the web app turns `code` into Arabic or French text (locale key `errors.<code>`).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'RESET_CODE_INVALID',
  'RESET_CODE_EXPIRED',
  'RESET_CODE_LOCKED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'QUOTA_EXHAUSTED',
  'SUBSCRIPTION_REQUIRED',
  'SUBSCRIPTION_INACTIVE',
  'INDEX_NOT_IN_PLAN',
  'NO_SCENE',
  'ALL_CLOUDY',
  'OUTSIDE_COVERAGE',
  'CATALOG_UNAVAILABLE',
  'INVALID_GEOMETRY',
  'IN_USE',
  'SELF_DELETE',
  'INTERNAL',
  'BLOCKED',
  'STOCK_NEGATIVE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiIssue {
  path: string;
  code: string;
  message: string;
}

export interface ApiError {
  code: ErrorCode;
  message: string;
  issues?: ApiIssue[];
  /** From the `Retry-After` header of a 429: how long the caller must wait, in seconds. */
  retryAfterSeconds?: number;
}
