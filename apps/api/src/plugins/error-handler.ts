import { ERROR_STATUS, type ApiError, type ApiIssue, type ErrorCode } from '@filaha/shared';
import { routeErrors } from '@filaha/shared/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, DetailedError, NotFoundError } from '../core/errors.ts';
import { isStorageFull } from '../lib/disk.ts';
import { isDataException } from '../lib/sql-state.ts';
import { pickLanguage } from '../i18n/language.ts';
import { errorMessage, rateLimitedMessage } from '../i18n/messages.ts';

interface MappedError {
  status: number;
  code: ErrorCode;
  issues?: ApiIssue[];
  headers?: Record<string, string>;
}

/**
 * Status codes Fastify and its plugins raise themselves, mapped to our stable codes. These answers keep the
 * framework's status (a 405 is NOT_FOUND with 405, another 4xx is VALIDATION_FAILED with that status); every
 * AppError's status comes from the catalogue (`ERROR_STATUS` in packages/shared/src/errors.ts).
 */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  429: 'RATE_LIMITED',
};

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const status = (error as { statusCode: unknown }).statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** `/email` → `email`, `/items/0/name` → `items.0.name`; a body that is not an object gets the empty path. */
function issuePath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, issues: error.issues, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: issuePath(v.instancePath),
      code: v.keyword,
      message: v.message ?? 'validation.invalid',
    }));
    return { status: 400, code: 'VALIDATION_FAILED', issues };
  }
  if (isResponseSerializationError(error)) return { status: 500, code: 'INTERNAL' };
  // A write that met a full disk (files, data folder, database): the client learns it, not a bare INTERNAL.
  if (isStorageFull(error)) return { status: ERROR_STATUS.STORAGE_FULL, code: 'STORAGE_FULL' };
  if (isDataException(error)) {
    return {
      status: 400,
      code: 'VALIDATION_FAILED',
      issues: [{ path: '', code: 'data', message: 'validation.invalid' }],
    };
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, code: STATUS_CODES[status] ?? 'VALIDATION_FAILED' };
  }
  return { status: 500, code: 'INTERNAL' };
}

/** `{ code, message, ...details }`: the extra fields of a DetailedError (limit modal, nearest dates, photo name). */
function sendDetailed(request: FastifyRequest, reply: FastifyReply, error: DetailedError): FastifyReply {
  const language = pickLanguage(request.headers['accept-language']);
  const body: ApiError & Record<string, unknown> = {
    code: error.code,
    message: errorMessage(error.code, language),
    ...error.details(language),
  };
  if (error.headers) void reply.headers(error.headers);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * With CONTRACT_CHECKS on (tests, development), a code the route's contract does not declare is a defect of the
 * contract or of the route: it answers 500 and is logged, so the test that met it fails and names it.
 */
function undeclared(request: FastifyRequest, code: ErrorCode): boolean {
  const contract = request.routeOptions.config.contract;
  if (!contract || !request.server.config.contractChecks || routeErrors(contract).has(code)) return false;
  request.log.error({ code, route: `${contract.method} ${contract.path}` }, 'error code not in the route contract');
  return true;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  let mapped = mapError(error);
  if (mapped.status < 500 && undeclared(request, mapped.code)) mapped = { status: 500, code: 'INTERNAL' };
  else if (error instanceof DetailedError) return sendDetailed(request, reply, error);
  // /api/health probes again at its next call instead of answering from its cache.
  if (mapped.code === 'STORAGE_FULL' && request.server.hasDecorator('storageStatus')) {
    request.server.storageStatus.invalidate();
  }
  if (mapped.status >= 500) {
    // The client gets only the stable code; the details stay in the log.
    request.log.error({ err: error }, 'request failed');
  }
  const language = pickLanguage(request.headers['accept-language']);
  const retryAfter = Number(mapped.headers?.['retry-after']);
  const body: ApiError = {
    code: mapped.code,
    message:
      mapped.code === 'RATE_LIMITED' && retryAfter > 0
        ? rateLimitedMessage(retryAfter, language)
        : errorMessage(mapped.code, language),
  };
  if (mapped.issues && mapped.issues.length > 0) body.issues = mapped.issues;
  if (mapped.headers) void reply.headers(mapped.headers);
  return reply.code(mapped.status).type('application/json; charset=utf-8').send(body);
}

/**
 * The one place where errors become HTTP answers `{ code, message, issues? }` (plus a DetailedError's fields).
 * Registered with fastify-plugin so it covers every route, including the ones plugins add (static files, docs, rate
 * limiting). No module registers its own (core/error-catalogue.test.ts checks the sources).
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  },
  { name: 'error-handler' },
);

/** For not-found handlers: unknown API routes answer in the same shape as every other error. */
export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(request, reply, new NotFoundError());
}
