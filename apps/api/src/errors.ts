import type { ApiIssue, ErrorCode } from '@filaha/shared';

/**
 * Typed domain errors. Services throw these; the single error handler (plugins/error-handler.ts) is the only
 * place that turns them into HTTP answers, so a status code is never chosen inside a service.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly issues?: ApiIssue[],
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(issues: ApiIssue[]) {
    super('VALIDATION_FAILED', 400, issues);
  }
  /** One field's problem, named like the zod issues the validator produces. */
  static field(path: string, message: string): ValidationError {
    return new ValidationError([{ path, code: 'custom', message }]);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(code: 'UNAUTHENTICATED' | 'TOKEN_EXPIRED' | 'INVALID_CREDENTIALS' = 'UNAUTHENTICATED') {
    super(code, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor() {
    super('FORBIDDEN', 403);
  }
}

export class NotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 404);
  }
}

export class ConflictError extends AppError {
  constructor(code: ErrorCode = 'CONFLICT') {
    super(code, 409);
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** 4xx answers whose status the SPEC fixes at 400 (sign-up duplicate e-mail, reset-code problems). */
export class BadRequestError extends AppError {
  constructor(code: ErrorCode) {
    super(code, 400);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
