import {
  CONFLICT_REASONS,
  errorStatus,
  type ApiIssue,
  type CodeWithStatus,
  type ConflictReason,
  type ErrorCode,
  type StatusVariant,
} from '@filaha/shared';
import type { Language } from '../i18n/messages.ts';
import { text, type TextKey } from '../i18n/texts.ts';

/**
 * Typed domain errors. Services throw these; the one error handler (plugins/error-handler.ts) is the only place
 * that turns them into HTTP answers. The status comes from the catalogue (`ERROR_STATUS` in
 * packages/shared/src/errors.ts), or from one of the code's named variants there: a throw site never picks a number.
 */
export interface AppErrorOptions<C extends ErrorCode> {
  issues?: ApiIssue[];
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** A named status variant of the catalogue (`ERROR_STATUS_VARIANTS`), for the routes the SPEC treats apart. */
  variant?: StatusVariant<C>;
}

export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  readonly issues?: ApiIssue[];
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: C,
    options: AppErrorOptions<C> = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = errorStatus(code, options.variant);
    this.issues = options.issues;
    this.headers = options.headers;
  }
}

export class ValidationError extends AppError<'VALIDATION_FAILED'> {
  constructor(issues: ApiIssue[]) {
    super('VALIDATION_FAILED', { issues });
  }
  /** One field's problem, named like the zod issues the validator produces. */
  static field(path: string, message: string): ValidationError {
    return new ValidationError([{ path, code: 'custom', message }]);
  }
}

export class UnauthenticatedError extends AppError<CodeWithStatus<401>> {
  constructor(code: CodeWithStatus<401> = 'UNAUTHENTICATED') {
    super(code);
  }
}

export class ForbiddenError extends AppError<'FORBIDDEN'> {
  constructor() {
    super('FORBIDDEN');
  }
}

export class NotFoundError extends AppError<'NOT_FOUND'> {
  constructor() {
    super('NOT_FOUND');
  }
}

export class ConflictError extends AppError<CodeWithStatus<409>> {
  constructor(code: CodeWithStatus<409> = 'CONFLICT') {
    super(code);
  }
}

export class RateLimitedError extends AppError<'RATE_LIMITED'> {
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}

/** The 400 codes other than VALIDATION_FAILED (sign-up duplicate e-mail, reset-code problems). */
export class BadRequestError extends AppError<CodeWithStatus<400>> {
  constructor(code: CodeWithStatus<400>) {
    super(code);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Fills `{name}` placeholders of a catalogue text. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * An API error whose answer carries more than `{ code, message }` (the SPEC's limit-modal payload, the nearest
 * dates of a missing scene, the name of a refused photo…). The error handler answers
 * `{ code, message, ...details(lang) }` — no `issues` unless `details` returns them.
 */
export abstract class DetailedError<C extends ErrorCode = ErrorCode> extends AppError<C> {
  abstract details(lang: Language): Record<string, unknown>;
}

/** A standard code with a more specific message ('Aucune image trouvée.', 'Index non trouvé.'). */
export class WordedError<C extends ErrorCode = ErrorCode> extends DetailedError<C> {
  constructor(
    code: C,
    readonly textKey: TextKey,
  ) {
    super(code);
  }
  details(lang: Language) {
    return { message: text(this.textKey, lang) };
  }
}

/** 409 CONFLICT (IN_USE for the `in_use` reason) whose issue names the field and the reason with its locale key. */
export function conflict(reason: ConflictReason, path: string): AppError {
  const code = reason === 'in_use' ? 'IN_USE' : 'CONFLICT';
  return new AppError(code, { issues: [{ path, code: reason, message: CONFLICT_REASONS[reason] }] });
}

/** 409 IN_USE: a delete refused because other rows depend on the target; `detail` says which. */
export function inUse(detail: string): AppError {
  return new AppError('IN_USE', { issues: [{ path: 'id', code: detail, message: CONFLICT_REASONS.in_use }] });
}

/** 400 for a body field naming a row that does not exist (an id from a stale select, for instance). */
export function unknownReference(path: string): AppError {
  return new ValidationError([{ path, code: 'unknown_reference', message: 'validation.unknownReference' }]);
}
