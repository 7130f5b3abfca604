import { TEXT_MESSAGES } from '@filaha/shared';
import { MAX_JSON_DEPTH } from './plugins/input-guard.ts';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '@filaha/db/testing';
import { buildWorld, RECIPES, type Recipe, type World } from '../test/authz-world.ts';
import { json, useTestApp } from '../test/helper.ts';
import { buildApp } from './app.ts';
import { AUTHZ_MATRIX, routeKey, type AuthzRow, type Caller, type SignedCaller } from './authz-matrix.ts';
import { multipart } from './modules/marketplace/marketplace.test-support.ts';

/**
 * Issue 11 §2, acceptance 2: every route of the authorization matrix, as a caller it lets in, gets invalid input
 * in each of its path parameters, query parameters and body fields — U+0000, invisible-only text, a bidi
 * override, 10 kB of text, and values of the wrong type. No answer may be ≥ 500, and every U+0000 must be
 * refused with 400 VALIDATION_FAILED (the request guard, plugins/input-guard.ts). Fields come from the route's
 * zod schemas, the matrix's request recipe (a valid request the probes start from) and, for routes whose body
 * is read by hand, a few plausible names.
 */
const t = useTestApp();

type Where = 'params' | 'query' | 'body' | 'multipart';
interface Probe {
  kind: string;
  value: unknown;
}

const TEN_KB = 'x'.repeat(10 * 1024);
/** Every value is tried in every field; the route's validation decides what each one means. */
const PROBES: Probe[] = [
  { kind: 'nul', value: 'a\u0000b' },
  { kind: 'invisible', value: '\u200B\u200B\u2060' },
  { kind: 'bidi', value: '\u202Egnp.exe' },
  { kind: '10kB', value: TEN_KB },
  { kind: 'number', value: 123456789012 },
  { kind: 'object', value: { a: 'b' } },
  { kind: 'array', value: ['a', 1] },
  { kind: 'text-for-number', value: 'douze' },
  { kind: 'boolean', value: true },
];
/** In a URL everything is text: the values a path segment or a query parameter can carry. */
const TEXT_PROBES: Probe[] = [
  ...PROBES.filter((p) => typeof p.value === 'string'),
  { kind: 'big-integer', value: '99999999999' },
  { kind: 'negative', value: '-1' },
];
/** Bodies read by hand (no introspectable schema) still get these names. */
const PLAUSIBLE_FIELDS = ['name', 'text', 'id'];
/** Routes that also read multipart forms (their text fields are probed as form fields too). */
const MULTIPART_ROUTES = new Set(['POST /api/publications/add', 'PUT /api/publications/update/:id']);

/** The keys an object schema declares, through optional/default/pipe/union wrappers (zod 4 definitions). */
function schemaKeys(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return [...schemaKeys(def.in), ...schemaKeys(def.out)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return schemaKeys(def.innerType);
    case 'union':
      return (def.options as unknown[]).flatMap(schemaKeys);
    case 'intersection':
      return [...schemaKeys(def.left), ...schemaKeys(def.right)];
    default:
      return [];
  }
}

interface RouteSchemas {
  params: string[];
  query: string[];
  body: string[];
}

/** The callers a route lets in: Admin when it does, and the owner's role where ownership matters (or Admin is out). */
function callersOf(row: AuthzRow): SignedCaller[] {
  const allowed = (c: Caller) => row.expect[c]?.allowed === true;
  const callers: SignedCaller[] = allowed('admin') ? ['admin'] : [];
  const owner = (['farmer', 'seller', 'investor', 'manager'] as const).find(allowed);
  if (owner && (callers.length === 0 || row.owned)) callers.push(owner);
  return callers.length > 0 ? callers : ['farmer'];
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The recipe's URL with one path segment (the route's `:name` or `*`) replaced. */
function withParam(routePath: string, url: string, param: string, value: string): string {
  const [path, query] = url.split('?');
  const pattern = routePath.split('/');
  const segments = path!.split('/');
  // A parameter may end a segment with a fixed suffix (`:y.mvt`): the suffix stays.
  const index = pattern.findIndex(
    (segment) => segment === `:${param}` || segment.startsWith(`:${param}.`) || (param === '*' && segment === '*'),
  );
  const suffix = index >= 0 && param !== '*' ? pattern[index]!.slice(param.length + 1) : '';
  const replaced =
    param === '*'
      ? [...segments.slice(0, index), encodeURIComponent(value)]
      : segments.map((segment, i) => (i === index ? `${encodeURIComponent(value)}${suffix}` : segment));
  return `${replaced.join('/')}${query ? `?${query}` : ''}`;
}

function withQuery(url: string, name: string, value: unknown): string {
  const [path, query] = url.split('?');
  const params = new URLSearchParams(query ?? '');
  params.delete(name);
  if (Array.isArray(value)) for (const v of value) params.append(name, textOf(v));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) params.append(`${name}[${k}]`, textOf(v));
  else params.append(name, textOf(value));
  return `${path}?${params.toString()}`;
}

/**
 * Where a probe must not reach the world's shared accounts: Admin may change a user's role (and `role_id: true`
 * reads as 1, Admin), so Admin's probes of a profile go to a fresh account, not farmer A.
 */
const OVERRIDES: Record<string, Recipe> = {
  'PUT /api/users/:id': async (w, caller) =>
    caller === 'admin'
      ? { url: `/api/users/${(await factories.createUser(t.current.database)).user.id}`, payload: { userName: 'Fuzz' } }
      : RECIPES['PUT /api/users/:id']!(w, caller),
};

const CONCURRENCY = 6;

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

interface Failure {
  route: string;
  caller: string;
  where: Where;
  field: string;
  probe: string;
  status: number;
  body: string;
}

let world: World;
let app: FastifyInstance;
const schemas = new Map<string, RouteSchemas>();

beforeAll(async () => {
  world = await buildWorld(t);
  // The same app as the other tests, with an onRoute hook that keeps each route's schemas.
  app = await buildApp(t.current.config, {
    database: t.current.database,
    onRoute: (route: RouteOptions) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const method of [route.method].flat()) {
        schemas.set(routeKey(method, route.url), {
          params: schemaKeys(schema.params),
          query: schemaKeys(schema.querystring ?? schema.query),
          body: schemaKeys(schema.body),
        });
      }
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('invalid input on every route', () => {
  it('reads the fields each route declares from its zod schemas', () => {
    expect(schemas.get('GET /api/publications/all')?.query).toEqual(expect.arrayContaining(['q', 'category', 'page']));
    expect(schemas.get('POST /api/auth/register')?.body).toEqual(expect.arrayContaining(['userName', 'email']));
    expect(schemas.get('PUT /api/abonnementIndice/:abonnementId/:indiceId')?.params).toEqual([
      'abonnementId',
      'indiceId',
    ]);
    expect(schemas.get('POST /api/stock/movements')?.body).toEqual(expect.arrayContaining(['note', 'quantity']));
  });

  it('never answers ≥ 500, and refuses every U+0000 with 400 VALIDATION_FAILED', { timeout: 600_000 }, async () => {
    const serverErrors: Failure[] = [];
    const nulNotRefused: Failure[] = [];
    let tried = 0;
    let nulTried = 0;
    let address = 0;

    for (const row of AUTHZ_MATRIX) {
      const name = routeKey(row.method, row.path);
      const declared = schemas.get(name);
      if (!declared) throw new Error(`fuzz: ${name} is in the matrix but not registered`);
      const recipe = OVERRIDES[name] ?? RECIPES[name];
      if (!recipe) throw new Error(`fuzz: no request recipe for ${name}`);
      const pathParams = [...row.path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

      for (const caller of callersOf(row)) {
        const call = await recipe(world, caller);
        const basePayload =
          call.payload && typeof call.payload === 'object' && !Buffer.isBuffer(call.payload)
            ? (call.payload as Record<string, unknown>)
            : undefined;
        const queryNames = new Set([...declared.query, ...new URLSearchParams(call.url.split('?')[1] ?? '').keys()]);
        const bodyNames = new Set([...declared.body, ...Object.keys(basePayload ?? {})]);
        if ((row.method === 'POST' || row.method === 'PUT') && bodyNames.size === 0) {
          PLAUSIBLE_FIELDS.forEach((f) => bodyNames.add(f));
        }
        // A route without any field still gets an unknown query parameter (the guard covers every query).
        if (pathParams.length === 0 && queryNames.size === 0 && bodyNames.size === 0) queryNames.add('x');

        const attempts: Array<{ where: Where; field: string; probe: Probe; request: InjectOptions }> = [];
        const headers = world.callers[caller].headers;
        const jsonRequest = (url: string, payload: unknown) => ({
          method: row.method,
          url,
          headers,
          ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
        });
        for (const param of pathParams) {
          for (const probe of TEXT_PROBES) {
            const url = withParam(row.path, call.url, param, String(probe.value));
            attempts.push({ where: 'params', field: param, probe, request: jsonRequest(url, basePayload) });
          }
        }
        for (const field of queryNames) {
          for (const probe of [...TEXT_PROBES, ...PROBES.filter((p) => typeof p.value === 'object')]) {
            const url = withQuery(call.url, field, probe.value);
            attempts.push({ where: 'query', field, probe, request: jsonRequest(url, basePayload) });
          }
        }
        if (row.method !== 'GET') {
          for (const field of bodyNames) {
            for (const probe of PROBES) {
              const payload = { ...basePayload, [field]: probe.value };
              attempts.push({ where: 'body', field, probe, request: jsonRequest(call.url, payload) });
            }
          }
        }
        if (MULTIPART_ROUTES.has(name)) {
          const fields = Object.fromEntries(Object.entries(basePayload ?? {}).map(([k, v]) => [k, textOf(v)]));
          for (const field of Object.keys(fields)) {
            for (const probe of [...TEXT_PROBES, { kind: 'array', value: ['a', 'b'] }]) {
              const value = Array.isArray(probe.value) ? probe.value.map(String) : String(probe.value);
              const form = multipart({ ...fields, [field]: value });
              attempts.push({
                where: 'multipart',
                field,
                probe,
                request: {
                  method: row.method,
                  url: call.url,
                  headers: { ...headers, ...form.headers },
                  payload: form.payload,
                },
              });
            }
          }
        }

        // A few requests at a time (the order of a route's probes does not matter; each starts from the recipe).
        const answers = await inBatches(attempts, CONCURRENCY, (attempt) => {
          address += 1;
          return app.inject({
            ...attempt.request,
            // A private address per request: the per-address limits never turn a probe into a 429.
            remoteAddress: `10.${200 + (address >> 16)}.${(address >> 8) & 255}.${address & 255}`,
          });
        });
        for (const [i, { where, field, probe }] of attempts.entries()) {
          const res = answers[i]!;
          tried += 1;
          const failure = { route: name, caller, where, field, probe: probe.kind, status: res.statusCode };
          if (res.statusCode >= 500) serverErrors.push({ ...failure, body: res.body.slice(0, 300) });
          if (probe.kind === 'nul') {
            nulTried += 1;
            const body =
              res.statusCode === 400 ? json<{ code?: string; issues?: Array<{ message: string }> }>(res) : {};
            const refused =
              body.code === 'VALIDATION_FAILED' &&
              (body.issues ?? []).some((issue) => issue.message === TEXT_MESSAGES.nul);
            if (!refused) nulNotRefused.push({ ...failure, body: res.body.slice(0, 300) });
          }
        }
      }
    }

    const routes = AUTHZ_MATRIX.length;
    console.log(
      `fuzz: ${tried} requests over ${routes} routes (${nulTried} with U+0000), ${serverErrors.length} answers ≥ 500, ` +
        `${nulNotRefused.length} U+0000 not refused with 400 VALIDATION_FAILED`,
    );
    expect(routes).toBeGreaterThan(90);
    expect(tried).toBeGreaterThan(2000);
    expect(nulTried).toBeGreaterThan(250);
    expect({ serverErrors, nulNotRefused }).toEqual({ serverErrors: [], nulNotRefused: [] });
  });

  /** JSON text of `depth` arrays (`[[[…]]]`) or objects (`{"a":{"a":…}}`) nested around `1`. */
  const nestedJson = (depth: number, kind: 'array' | 'object') =>
    kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it(
    `refuses a JSON body nested deeper than ${MAX_JSON_DEPTH} levels with 400 BODY_TOO_DEEP on every route that reads one`,
    {
      timeout: 300_000,
    },
    async () => {
      const cases = [
        { depth: 8000, kind: 'array', refused: true },
        { depth: 8000, kind: 'object', refused: true },
        { depth: MAX_JSON_DEPTH + 1, kind: 'array', refused: true },
        { depth: MAX_JSON_DEPTH + 1, kind: 'object', refused: true },
        { depth: MAX_JSON_DEPTH, kind: 'array', refused: false },
        { depth: MAX_JSON_DEPTH, kind: 'object', refused: false },
      ] as const;
      const wrong: Array<{ route: string; depth: number; kind: string; status: number; body: string }> = [];
      let routes = 0;
      let address = 0;
      for (const row of AUTHZ_MATRIX) {
        if (row.method === 'GET') continue;
        const name = routeKey(row.method, row.path);
        const caller = callersOf(row)[0]!;
        const call = await (OVERRIDES[name] ?? RECIPES[name]!)(world, caller);
        routes += 1;
        const answers = await inBatches([...cases], CONCURRENCY, (c) => {
          address += 1;
          return app.inject({
            method: row.method,
            url: call.url,
            headers: { ...world.callers[caller].headers, 'content-type': 'application/json' },
            payload: nestedJson(c.depth, c.kind),
            remoteAddress: `10.${250 + (address >> 16)}.${(address >> 8) & 255}.${address & 255}`,
          });
        });
        for (const [i, c] of cases.entries()) {
          const res = answers[i]!;
          const code = res.statusCode === 400 ? json<{ code?: string }>(res).code : undefined;
          const ok = c.refused ? code === 'BODY_TOO_DEEP' : res.statusCode < 500 && code !== 'BODY_TOO_DEEP';
          if (!ok)
            wrong.push({
              route: name,
              depth: c.depth,
              kind: c.kind,
              status: res.statusCode,
              body: res.body.slice(0, 200),
            });
        }
      }
      expect(routes).toBeGreaterThanOrEqual(34);
      expect(wrong).toEqual([]);
    },
  );
});
