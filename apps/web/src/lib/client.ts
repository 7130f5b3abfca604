import type { RouteData, RouteInput, RouteKey } from '@filaha/shared/contracts';
import { apiRequest, apiUpload, type ApiResult, type RequestOptions, type UploadOptions } from './api.ts';
import { unwrap } from './apiAnswer.ts';

/**
 * The API through its shared contracts (packages/shared/src/contracts): a route is named by its key
 * (`'GET /parcelle/:id'`), its parameters, query and body are typed from the contract's schemas and so is the
 * answer. Only types come from the contracts here; in development and tests every answer is also checked against
 * the contract's response schema (loaded on demand), so the production bundle carries no zod.
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

async function checkAnswer(key: RouteKey, status: number, data: unknown): Promise<void> {
  const { contractOf } = await import('@filaha/shared/contracts');
  const schema = contractOf(key)?.responses[status];
  if (!schema) mismatch(`${key} answered ${status}, a status its contract does not list`);
  const checked = schema.safeParse(data);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    mismatch(`${key} answered what its contract does not allow — ${problems.join('; ')}`);
  }
}

/**
 * Checks a 2xx answer read without `request` (a route whose error answers carry more than `{ code, message }`)
 * against its contract, in development and tests; nothing in production.
 */
export async function checkContractAnswer(key: RouteKey, status: number, data: unknown): Promise<void> {
  if (CHECK_ANSWERS) await checkAnswer(key, status, data);
}

/** The answer as a value: 2xx data typed by the contract, 4xx as `{ ok: false, error }`; 5xx and network throw. */
export async function request<K extends RouteKey>(
  key: K,
  ...[input, options]: Args<K>
): Promise<ApiResult<RouteData<K>>> {
  const { method, pattern } = keyParts(key);
  const sent = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  const result = await apiRequest(method, pathOf(pattern, sent), { ...options, body: sent.body });
  if (CHECK_ANSWERS && result.ok) await checkAnswer(key, result.status, result.data);
  // The one place an answer takes its type: from the route's contract, checked above in development and tests.
  return result as ApiResult<RouteData<K>>;
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
): Promise<ApiResult<RouteData<K>>> {
  const { method, pattern } = keyParts(key);
  if (method !== 'POST' && method !== 'PUT') throw new Error(`${key}: uploads are POST or PUT`);
  const result = await apiUpload(method, pathOf(pattern, input as { params?: unknown }), multipart, options);
  if (CHECK_ANSWERS && result.ok) await checkAnswer(key, result.status, result.data);
  return result as ApiResult<RouteData<K>>;
}
