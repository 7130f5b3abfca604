import type { ApiError, ApiIssue, ErrorCode } from '@filaha/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, NotFoundError } from '../errors.ts';
import { isDataException } from '../lib/sql-state.ts';
import { pickLanguage } from '../i18n/language.ts';
import { errorMessage, rateLimitedMessage } from '../i18n/messages.ts';

interface MappedError {
  status: number;
  code: ErrorCode;
  issues?: ApiIssue[];
  headers?: Record<string, string>;
}

/** Status codes Fastify and its plugins raise themselves, mapped to our stable codes. */
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

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const mapped = mapError(error);
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
 * The one place where errors become HTTP answers `{ code, message, issues? }`. Registered with fastify-plugin so
 * it covers every route, including the ones plugins add (static files, docs, rate limiting).
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
