import type { z } from 'zod';
import type { ApiIssue, ErrorCode } from '../errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API route as server and web both see it: the API registers its route from this object (apps/api
 * core/contract-route.ts), OpenAPI is generated from its schemas, and the web's client (apps/web lib/client.ts)
 * takes its types from it and, in development and tests, checks every answer against `responses`.
 */
export interface RouteContract {
  readonly method: HttpMethod;
  /** The SPEC's path under `/api`, parameters as `:name`. */
  readonly path: string;
  /** OpenAPI group. */
  readonly tags: readonly string[];
  /** Needs `Authorization: Bearer` (documented as the `bearer` scheme). */
  readonly auth: boolean;
  /**
   * Also open to an organisation's API key with this scope (`Authorization: ApiKey <key>`, issue 30 §4; documented
   * as the `apiKey` scheme).
   */
  readonly apiKeyScope?: 'parcels:read' | 'parcels:write' | 'points:read';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** Content types other than JSON (multipart forms read part by part, without a body schema). */
  readonly consumes?: readonly string[];
  readonly description?: string;
  /** Left out of the OpenAPI document. */
  readonly hide?: boolean;
  /** The answer's body by status, for every success status the route answers. */
  readonly responses: { readonly [status: number]: z.ZodType };
  /**
   * The error codes the route may answer besides the ones every route of its kind may (see `implicitErrors`):
   * the API refuses, in development and tests, to answer a code its route does not declare.
   */
  readonly errors: readonly ErrorCode[];
  /**
   * The error answers of this route that carry more than `{ code, message, issues? }`: the schema of their extra
   * fields by code (`error-bodies.ts`). Each code must be one the route may answer (`routeErrors`); the web's client
   * types a failure's body from it (`RouteError`) and checks it in development and tests.
   */
  readonly errorBodies?: { readonly [C in ErrorCode]?: z.ZodType<object> };
}

/** Declares a route; `const` keeps its method and path as literal types (they key the web's client). */
export function route<const C extends RouteContract>(contract: C): C {
  return contract;
}

/**
 * Codes any route may answer by its shape: authentication, limits, failures, and input refused before any schema
 * (the API's input guard refuses U+0000 in any path, query or body with VALIDATION_FAILED, and a JSON body nested
 * too deep with BODY_TOO_DEEP, on every route).
 */
export function implicitErrors(contract: RouteContract): readonly ErrorCode[] {
  const codes: ErrorCode[] = [
    'INTERNAL',
    'RATE_LIMITED',
    'PAYLOAD_TOO_LARGE',
    'BODY_TOO_DEEP',
    'UNSUPPORTED_MEDIA',
    'VALIDATION_FAILED',
  ];
  if (contract.auth) codes.push('UNAUTHENTICATED', 'TOKEN_EXPIRED', 'BLOCKED');
  if (contract.method !== 'GET') codes.push('IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_IN_PROGRESS');
  // A write may meet a full disk (stored files, the data folder, the database): 507 STORAGE_FULL.
  if (contract.method !== 'GET') codes.push('STORAGE_FULL');
  return codes;
}

/** Every code the route may answer: its own and the implicit ones. */
export function routeErrors(contract: RouteContract): ReadonlySet<ErrorCode> {
  return new Set([...contract.errors, ...implicitErrors(contract)]);
}

/** `GET /parcelle/:id`: how the web names a route. */
export type RouteKeyOf<C> = C extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never;

export const routeKey = (contract: RouteContract): string => `${contract.method} ${contract.path}`;

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The body of a route's success answers (the union of its 2xx statuses). */
export type ResponseOf<C extends RouteContract> = {
  [S in keyof C['responses']]: S extends 200 | 201 | 202 | 204 ? Out<C['responses'][S]> : never;
}[keyof C['responses']];

/** An error answer as the API sends it: `{ code, message, issues? }` (plugins/error-handler.ts). */
export interface ErrorBody<C extends ErrorCode = ErrorCode> {
  code: C;
  message: string;
  issues?: ApiIssue[];
}

/** The codes whose answer the route declares with extra fields (`errorBodies`). */
export type DetailedCodesOf<C extends RouteContract> = C extends { errorBodies: infer B }
  ? Extract<keyof B, ErrorCode>
  : never;

type Flat<T> = { [P in keyof T]: T[P] } & {};
type Detailed<Code extends ErrorCode, D> = Flat<Omit<ErrorBody<Code>, keyof D> & D>;

/**
 * A route's error answer, a union discriminated by `code`: for each code of its `errorBodies` the body with those
 * fields (NO_SCENE's nearest dates…), for any other code the plain `{ code, message, issues? }`.
 */
export type ErrorBodyOf<C extends RouteContract> =
  | {
      [Code in DetailedCodesOf<C>]: C extends { errorBodies: { [K in Code]: infer S } }
        ? Detailed<Code, Out<S>>
        : never;
    }[DetailedCodesOf<C>]
  | ErrorBody<Exclude<ErrorCode, DetailedCodesOf<C>>>;

type Part<K extends string, S> = [S] extends [z.ZodType]
  ? object extends In<S>
    ? { [P in K]?: In<S> }
    : { [P in K]: In<S> }
  : { [P in K]?: undefined };

/** What the web sends: path parameters, query and body, each required when the route has a schema for it. */
export type InputOf<C extends RouteContract> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  Part<'body', C['body']>;
