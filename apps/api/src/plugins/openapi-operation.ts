import { allowedStatuses, type ErrorCode } from '@filaha/shared';
import { API_CONTRACTS, routeErrors, type RouteContract } from '@filaha/shared/contracts';
import { z } from 'zod';

/**
 * What the OpenAPI document says of one operation besides its schemas, all derived from the route's contract
 * (plugins/docs.ts applies it): a stable operationId and a summary from the contract's name, the security its
 * `auth` implies, one answer per error status with the codes of the catalogue it may give, and a request body example.
 */

/** Contract → `domain.name` in API_CONTRACTS (`parcels.get`). */
const NAMES = new Map<RouteContract, { domain: string; name: string }>(
  Object.entries(API_CONTRACTS).flatMap(([domain, routes]) =>
    Object.entries(routes as Record<string, RouteContract>).map(([name, contract]) => [contract, { domain, name }]),
  ),
);

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const words = (camel: string) => camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function nameOf(contract: RouteContract): { domain: string; name: string } {
  const found = NAMES.get(contract);
  if (!found) throw new Error(`${contract.method} ${contract.path} is not in API_CONTRACTS`);
  return found;
}

/** `parcelsGet` for `API_CONTRACTS.parcels.get`: unique (one name per key), and unchanged while the name is. */
export function operationId(contract: RouteContract): string {
  const { domain, name } = nameOf(contract);
  return domain + capitalize(name);
}

/** The contract's description up to its first full stop, else its name in words ("Create item (stock)"). */
export function operationSummary(contract: RouteContract): string {
  const first = contract.description?.split(/(?<=\.)\s/)[0]?.replace(/[.:;]$/, '');
  if (first) return first;
  const { domain, name } = nameOf(contract);
  return `${capitalize(words(name))} (${words(domain)})`;
}

export const BEARER_SCHEME = 'bearer';
export const API_KEY_SCHEME = 'apiKey';

/**
 * A signed-in route takes the bearer JWT — or, where its contract says so, an organisation's API key (either one);
 * any other says so with an empty list (no global default applies).
 */
export function operationSecurity(contract: RouteContract): Record<string, string[]>[] {
  if (!contract.auth) return [];
  return contract.apiKeyScope ? [{ [BEARER_SCHEME]: [] }, { [API_KEY_SCHEME]: [] }] : [{ [BEARER_SCHEME]: [] }];
}

/** An issue of the answer; some say more (STOCK_NEGATIVE's day and shortfall, contracts/error-bodies.ts). */
const Issue = z.looseObject({ path: z.string(), code: z.string(), message: z.string() });

/**
 * The error answers a route may give, by status: every code of `routeErrors` (its own and those of its kind) under
 * each status the catalogue allows it (ERROR_STATUS and its named variants). The body is the API's one error shape;
 * the few codes that carry more fields (contracts/error-bodies.ts) add them, so the object stays open.
 */
export function errorResponses(
  contract: RouteContract,
): Record<number, { description: string; content: { 'application/json': { schema: z.ZodType } } }> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrors(contract)) {
    for (const status of new Set(allowedStatuses(code))) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      status,
      {
        description: `Refused or failed: ${codes.join(', ')}. \`message\` follows Accept-Language (ar, fr).`,
        content: {
          'application/json': {
            schema: z.looseObject({
              code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
              message: z.string(),
              issues: z.array(Issue).optional(),
            }),
          },
        },
      },
    ]),
  );
}

/** A JSON schema as the zod transform emits it for OpenAPI 3.0 (the subset the example generator reads). */
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  examples?: unknown[];
  example?: unknown;
}

/** Plausible strings, tried in order against a pattern and the length bounds; the property's name picks first. */
const STRING_SAMPLES: readonly [RegExp, string][] = [
  [/e-?mail/i, 'farmer@example.dz'],
  [/phone/i, '0550123456'],
  [/(end|fin)(date)?$/i, '2025-03-15'],
  [/date|debut/i, '2025-03-01'],
  [/colou?r/i, '#1a9850'],
  [/password/i, 'secret-pass-1'],
  [/code$/i, 'NDVI'],
];
const FALLBACK_STRINGS = ['Example', '12345', '0550123456', 'NDVI', '2025-03-01'];

function sampleString(schema: JsonSchema, property: string): string {
  if (schema.format === 'email') return 'farmer@example.dz';
  if (schema.format === 'date-time') return '2025-03-01T08:00:00.000Z';
  if (schema.format === 'date') return '2025-03-01';
  const named = STRING_SAMPLES.filter(([name]) => name.test(property)).map(([, sample]) => sample);
  const fits = (s: string) =>
    s.length >= (schema.minLength ?? 0) &&
    s.length <= (schema.maxLength ?? Infinity) &&
    (schema.pattern === undefined || new RegExp(schema.pattern).test(s));
  return [...named, ...FALLBACK_STRINGS].find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

function sampleNumber(schema: JsonSchema): number {
  const low = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
  const strict = schema.exclusiveMinimum !== undefined && schema.exclusiveMinimum !== false;
  let value = low === undefined ? 1 : strict ? low + 1 : low;
  // 1 reads better than a bound such as 0.01 or -2^53 when the range holds it.
  if (value < 1 && (schema.maximum ?? 1) >= 1) value = 1;
  return Math.min(value, schema.maximum ?? value);
}

/**
 * A value valid against `schema` built from its keywords: a given example or default first, else the first enum
 * value, the first alternative of a union, every property of an object (required or not, so a route whose fields
 * depend on each other still gets a complete body), and samples for strings chosen by format, pattern and property
 * name. `undefined` for a schema that says nothing (`{}`): such an optional property is left out.
 */
export function exampleOf(schema: JsonSchema, property = ''): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return exampleOf(alternative, property);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, property)));
  switch (schema.type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, key)]);
      return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => exampleOf(schema.items ?? {}, property));
    case 'string':
      return sampleString(schema, property);
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

/**
 * The document with repeated alternatives merged: zod writes a tuple for OpenAPI 3.0 as `items: { anyOf: [...] }`
 * with one entry per position, so `[number, number]` repeats `{ type: number }` (Redocly:
 * no-illogical-composition-keywords). Identical entries collapse; a single one left replaces the list.
 */
export function mergeRepeatedAlternatives<T>(node: T): T {
  if (Array.isArray(node)) return node.map(mergeRepeatedAlternatives) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, mergeRepeatedAlternatives(value)]),
  );
  for (const key of ['anyOf', 'oneOf']) {
    const list = out[key];
    if (!Array.isArray(list)) continue;
    const unique = [...new Map(list.map((entry) => [JSON.stringify(entry), entry as object])).values()];
    const [only] = unique;
    if (unique.length === 1 && only && Object.keys(only).every((k) => !(k in out))) {
      delete out[key];
      Object.assign(out, only);
    } else out[key] = unique;
  }
  return out as T;
}
