import type { ApiError, ApiIssue, ErrorCode } from '@filaha/shared';
import { ERROR_STATUS, LIMITS } from '@filaha/shared';
import { currentLang } from '../i18n/languages.ts';
import { SAVED_AT_HEADER } from '../sw/routes.ts';
import { takeEarly } from './early.ts';
import { isOnline, noteAnswer } from './offline.ts';
import { trackRead } from './readsUnderway.ts';
import { getToken, UNAUTHENTICATED_EVENT } from './storage.ts';

export const API_BASE = '/api';

/**
 * A 2xx answer, or a 4xx answer returned as a value (SPEC §7: client errors are normal responses). `E`, the error's
 * body: lib/client.ts types it from the route's contract (`RouteFailure`, discriminated by `code`).
 */
export type ApiResult<T, E extends ApiError = ApiError> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: E };

export type ApiFailureKind = 'timeout' | 'network' | 'server';

/** Thrown for what a form cannot handle: 5xx, timeouts, lost connection, unreadable answers. */
export class ApiFailure extends Error {
  readonly kind: ApiFailureKind;
  readonly status: number | undefined;
  readonly code: ErrorCode | undefined;

  constructor(kind: ApiFailureKind, message: string, status?: number, code?: ErrorCode) {
    super(message);
    this.name = 'ApiFailure';
    this.kind = kind;
    this.status = status;
    this.code = code;
  }
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Defaults to the stored token; pass null to send none. */
  token?: string | null;
  /** Set false where a 401 is expected and handled (the start-up session check). */
  notifyUnauthenticated?: boolean;
  /** Sent as `Idempotency-Key`: the same key on every retry of one submission (lib/outbox.ts). */
  idempotencyKey?: string;
  /** The time limit of this request; LIMITS.httpTimeoutMs unless said (a change map's two dates take longer). */
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The transport: headers, time limit, offline and the early first read. Its answer is `unknown`: screens call the API
 * through lib/client.ts, which types each answer from the route's contract.
 */
export function apiRequest(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResult<unknown>> {
  // A read is noted as under way until its answer is read (the first visit's hand-over to the worker waits for it).
  return method === 'GET' ? trackRead(send(method, path, options)) : send(method, path, options);
}

async function send(method: Method, path: string, options: RequestOptions): Promise<ApiResult<unknown>> {
  // Offline, a write fails at once (forms keep it in the outbox, lib/outbox.ts); a read still asks, since the
  // service worker may hold a kept answer.
  if (method !== 'GET' && !isOnline()) throw new ApiFailure('network', 'Offline');
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLang() };
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.timeoutMs ?? LIMITS.httpTimeoutMs,
  );
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  let response: Response;
  try {
    const ask = () => fetch(`${API_BASE}${path}`, { method, headers, body, signal: controller.signal });
    // A first read the inline script of index.html started with the page (lib/early.ts); asked again if it failed.
    const early = method === 'GET' ? takeEarly(path, token ?? null, headers['Accept-Language']!) : null;
    response = early ? await untilAborted(early, controller.signal).catch(ask) : await ask();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (controller.signal.aborted) throw new ApiFailure('timeout', 'Request timed out');
    throw new ApiFailure('network', error instanceof Error ? error.message : 'Network error');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }

  // A kept answer of the service worker (offline, or no answer in time) says when it was saved.
  if (method === 'GET') noteAnswer(path, response.headers.get(SAVED_AT_HEADER));
  return settle(response, token, options);
}

/** The answer as apiRequest returns it: 2xx and 4xx as values, 401 signalled, the rest thrown. */
async function settle(response: Response, token: string | null, options: RequestOptions): Promise<ApiResult<unknown>> {
  const payload = await readJson(response);
  if (response.ok) return { ok: true, status: response.status, data: payload };
  const error = withRetryAfter(toApiError(payload, response.status), response);
  if (response.status === 401 && token && options.notifyUnauthenticated !== false) {
    window.dispatchEvent(new Event(UNAUTHENTICATED_EVENT));
  }
  if (response.status >= 400 && response.status < 500) return { ok: false, status: response.status, error };
  throw new ApiFailure('server', error.message, response.status, error.code);
}

export interface UploadOptions extends Omit<RequestOptions, 'body'> {
  /** Bytes of the body sent so far, as the upload goes (XMLHttpRequest `upload.onprogress`). */
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * A multipart upload with progress (fetch reports none for a request body): XMLHttpRequest, with the same
 * headers, answers and failures as apiRequest. Its time limit counts from the last bytes sent or received, not
 * from the start: a photo takes a minute on a weak connection and is still progressing.
 */
export function apiUpload(
  method: 'POST' | 'PUT',
  path: string,
  multipart: { body: Blob; contentType: string },
  options: UploadOptions = {},
): Promise<ApiResult<unknown>> {
  if (!isOnline()) return Promise.reject(new ApiFailure('network', 'Offline'));
  const token = options.token === undefined ? getToken() : options.token;
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLang());
    xhr.setRequestHeader('Content-Type', multipart.contentType);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failure: ApiFailure | null = null;
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        failure = new ApiFailure('timeout', 'Request timed out');
        xhr.abort();
      }, options.timeoutMs ?? LIMITS.httpTimeoutMs);
    };
    const onOuterAbort = () => xhr.abort();
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    };
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    xhr.upload.onprogress = (e) => {
      idle();
      if (e.lengthComputable) options.onProgress?.(e.loaded, e.total);
    };
    xhr.onprogress = idle;
    xhr.onload = () => {
      done();
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 205;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiFailure('network', 'Network error'));
    };
    xhr.onabort = () => {
      done();
      reject(failure ?? options.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    };
    idle();
    xhr.send(multipart.body);
  }).then((response) => settle(response, token, options));
}

export const api = {
  get: (path: string, options?: RequestOptions) => apiRequest('GET', path, options),
  post: (path: string, body?: unknown, options?: RequestOptions) => apiRequest('POST', path, { ...options, body }),
  put: (path: string, body?: unknown, options?: RequestOptions) => apiRequest('PUT', path, { ...options, body }),
  delete: (path: string, options?: RequestOptions) => apiRequest('DELETE', path, options),
};

/** The early answer, or a rejection as soon as the request is aborted (time limit or the caller). */
function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return text;
  }
}

/** A 429's `Retry-After` (seconds) travels with the error, so the message can say how long to wait. */
function withRetryAfter(error: ApiError, response: Response): ApiError {
  if (response.status !== 429) return error;
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? { ...error, retryAfterSeconds: Math.ceil(seconds) } : error;
}

/**
 * An error answer's body as the API sent it: `code` (one of the catalogue, else the status's usual one), `message`,
 * the `issues` it has, and every other field kept (a route's contract may declare them: lib/client.ts types and, in
 * development and tests, checks them).
 */
export function toApiError(payload: unknown, status: number): ApiError {
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const code = 'code' in payload && isErrorCode(payload.code) ? payload.code : fallbackCode(status);
    const message = 'message' in payload && typeof payload.message === 'string' ? payload.message : `HTTP ${status}`;
    const error: ApiError = { ...payload, code, message };
    const issues = 'issues' in payload && Array.isArray(payload.issues) ? issuesOf(payload.issues) : [];
    if (issues.length > 0) error.issues = issues;
    else delete error.issues;
    return error;
  }
  return { code: fallbackCode(status), message: typeof payload === 'string' && payload ? payload : `HTTP ${status}` };
}

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}

/** The issues that say something (a string `code`), each with its other fields (STOCK_NEGATIVE's day…). */
function issuesOf(items: unknown[]): ApiIssue[] {
  const issues: ApiIssue[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object' || !('code' in item) || typeof item.code !== 'string') continue;
    const path = 'path' in item ? item.path : '';
    const message = 'message' in item && typeof item.message === 'string' ? item.message : '';
    issues.push({
      ...item,
      code: item.code,
      message,
      path: typeof path === 'string' ? path : Array.isArray(path) ? path.join('.') : '',
    });
  }
  return issues;
}

function fallbackCode(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED';
  return 'INTERNAL';
}
