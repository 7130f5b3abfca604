import type { ApiError } from '@filaha/shared';
import type {
  RouteData,
  RouteError,
  RouteInput,
  RouteKey,
  StreamEventData,
  StreamEventName,
} from '@filaha/shared/contracts';
import { apiRequest, apiUpload, type ApiResult, type RequestOptions, type UploadOptions } from './api.ts';
import { unwrap } from './apiAnswer.ts';

/**
 * The API through its shared contracts (packages/shared/src/contracts): a route is named by its key
 * (`'GET /parcelle/:id'`), its parameters, query and body are typed from the contract's schemas and so is the
 * answer, a 4xx's body included (`RouteFailure`). Only types come from the contracts here; in development and tests
 * every answer is also checked against the contract's schemas (loaded on demand), so the production bundle carries
 * no zod.
 */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** The answer differs from the route's contract (development and tests only): a defect of one side. */
export class ContractMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractMismatch';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Args<K extends RouteKey> =
  object extends RouteInput<K>
    ? [input?: RouteInput<K>, options?: RequestOptions]
    : [input: RouteInput<K>, options?: RequestOptions];

function keyParts(key: RouteKey): { method: Method; pattern: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as Method, pattern: key.slice(space + 1) };
}

/**
 * A route's 4xx answer as `request` returns it: its contract's error body, a union discriminated by `code` whose
 * members for the codes of the contract's `errorBodies` carry their fields (the limit modal's counter, the nearest
 * dates with imagery, a negative stock's day), with what the transport adds (a 429's `retryAfterSeconds`).
 */
export type RouteFailure<K extends RouteKey> = RouteError<K> & ApiError;

/** What `request` answers: the contract's data, or its error body. */
export type RouteResult<K extends RouteKey> = ApiResult<RouteData<K>, RouteFailure<K>>;

/** Routes a form may keep offline and send again (lib/outbox.ts): the writes. */
export type WriteKey = Extract<RouteKey, `POST ${string}` | `PUT ${string}`>;

/** Where a write goes: its method and its path with the parameters filled in (what the outbox keeps). */
export function writeTarget<K extends WriteKey>(
  key: K,
  input: RouteInput<K>,
): { method: 'POST' | 'PUT'; path: string } {
  const { method, pattern } = keyParts(key);
  return { method: method as 'POST' | 'PUT', path: pathOf(pattern, input as { params?: unknown; query?: unknown }) };
}

/** `/parcelle/:id` with `{ id: 3 }` → `/parcelle/3`, then the query's defined fields. */
export function pathOf(pattern: string, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${pattern}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, String(one));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Every mismatch met (development and tests): the web's test setup fails the test that met one. */
export const contractMismatches: ContractMismatch[] = [];

function mismatch(message: string): never {
  const error = new ContractMismatch(message);
  contractMismatches.push(error);
  console.error(error);
  throw error;
}

/**
 * Development and tests: a 2xx answer must have its status's schema; a 4xx whose code the contract declares with
 * extra fields (`errorBodies`) must carry them.
 */
async function checkAnswer(key: RouteKey, result: ApiResult<unknown>): Promise<void> {
  const { contractOf } = await import('@filaha/shared/contracts');
  const contract = contractOf(key);
  if (!result.ok) {
    const schema = contract?.errorBodies?.[result.error.code];
    const checked = schema?.safeParse(result.error);
    if (checked && !checked.success) {
      mismatch(
        `${key} answered ${result.error.code} without the body its contract declares — ${problems(checked.error)}`,
      );
    }
    return;
  }
  const schema = contract?.responses[result.status];
  if (!schema) mismatch(`${key} answered ${result.status}, a status its contract does not list`);
  const checked = schema.safeParse(result.data);
  if (!checked.success) mismatch(`${key} answered what its contract does not allow — ${problems(checked.error)}`);
}

function problems(error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> }): string {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`).join('; ');
}

/** The one place an answer takes its type: from the route's contract, checked in development and tests. */
async function typed<K extends RouteKey>(key: K, result: ApiResult<unknown>): Promise<RouteResult<K>> {
  if (CHECK_ANSWERS) await checkAnswer(key, result);
  return result as RouteResult<K>;
}

/**
 * The answer as a value: 2xx data typed by the contract, 4xx as `{ ok: false, error }` with the error body its
 * contract declares; 5xx and network throw (ApiFailure, lib/api.ts).
 */
export async function request<K extends RouteKey>(key: K, ...[input, options]: Args<K>): Promise<RouteResult<K>> {
  const { method, pattern } = keyParts(key);
  const sent = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  return typed(key, await apiRequest(method, pathOf(pattern, sent), { ...options, body: sent.body }));
}

/** The answer's data, its 4xx thrown as an ApiAnswerError (react-query's queries and mutations). */
export async function call<K extends RouteKey>(key: K, ...args: Args<K>): Promise<RouteData<K>> {
  return unwrap(await request(key, ...args));
}

/** A multipart upload with progress to a contract route (apiUpload), its answer typed and checked as `request`'s. */
export async function upload<K extends RouteKey>(
  key: K,
  input: Omit<RouteInput<K>, 'body'>,
  multipart: { body: Blob; contentType: string },
  options?: UploadOptions,
): Promise<RouteResult<K>> {
  const { method, pattern } = keyParts(key);
  if (method !== 'POST' && method !== 'PUT') throw new Error(`${key}: uploads are POST or PUT`);
  return typed(key, await apiUpload(method, pathOf(pattern, input as { params?: unknown }), multipart, options));
}

/**
 * The data of an event of the messaging stream (GET /conversations/stream, opened by an EventSource), typed by the
 * contract's `StreamEvents`: like `typed`, the one place such an answer takes its type. In development and tests it
 * is checked against the schema too, without holding the event back (a mismatch is recorded and fails the test).
 */
export function streamEventData<E extends StreamEventName>(name: E, text: string): StreamEventData<E> {
  const data: unknown = JSON.parse(text);
  if (CHECK_ANSWERS) void checkStreamEvent(name, data).catch(() => {});
  return data as StreamEventData<E>;
}

async function checkStreamEvent(name: StreamEventName, data: unknown): Promise<void> {
  const { StreamEvents } = await import('@filaha/shared/contracts');
  const checked = StreamEvents[name].safeParse(data);
  if (!checked.success) {
    mismatch(`GET /conversations/stream sent a ${name} event its contract does not allow — ${problems(checked.error)}`);
  }
}
