import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 (header and query-string forms), written against AWS's published description and
 * checked against its example vectors (sigv4.test.ts). Paths are encoded the S3 way: each byte once, `/` kept.
 * Only what an S3-compatible object store needs; no AWS SDK.
 */
export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigV4Scope {
  region: string;
  service: string;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** RFC 3986 percent-encoding of every byte except unreserved characters (and `/` when `keepSlash`). */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if ((byte < 0x80 && UNRESERVED.test(char)) || (keepSlash && char === '/')) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `20130524T000000Z` and `20130524`. */
export function amzDates(now: Date): { amzDate: string; day: string } {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { amzDate, day: amzDate.slice(0, 8) };
}

/** The path as S3 canonicalises it: decoded once, then every byte encoded once. */
export function canonicalPath(pathname: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  return uriEncode(decoded || '/', true);
}

/** Query pairs encoded, sorted by name then value, joined with `&`; a bare `?lifecycle` becomes `lifecycle=`. */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  return [...params]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** Lower-cased names, values trimmed with inner runs of spaces collapsed, sorted by name. */
export function canonicalHeaders(headers: Record<string, string>): { block: string; signed: string } {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase().trim(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    block: entries.map(([n, v]) => `${n}:${v}\n`).join(''),
    signed: entries.map(([n]) => n).join(';'),
  };
}

export interface CanonicalParts {
  method: string;
  /** Already canonical (see canonicalPath). */
  path: string;
  /** Already canonical (see canonicalQuery). */
  query: string;
  /** Exactly the headers to sign, host included. */
  headers: Record<string, string>;
  payloadHash: string;
}

export function canonicalRequest(parts: CanonicalParts): { text: string; signedHeaders: string } {
  const { block, signed } = canonicalHeaders(parts.headers);
  const text = [parts.method.toUpperCase(), parts.path, parts.query, block, signed, parts.payloadHash].join('\n');
  return { text, signedHeaders: signed };
}

export function credentialScope(day: string, scope: SigV4Scope): string {
  return `${day}/${scope.region}/${scope.service}/aws4_request`;
}

/** kSigning = HMAC chain over the day, region, service and "aws4_request". */
export function signingKey(secretAccessKey: string, day: string, scope: SigV4Scope): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, day);
  const kRegion = hmac(kDate, scope.region);
  const kService = hmac(kRegion, scope.service);
  return hmac(kService, 'aws4_request');
}

export function stringToSign(amzDate: string, scopeText: string, canonical: string): string {
  return [ALGORITHM, amzDate, scopeText, sha256Hex(canonical)].join('\n');
}

/** Hex signature of a canonical request. */
export function signCanonical(secretAccessKey: string, amzDate: string, scope: SigV4Scope, canonical: string): string {
  const day = amzDate.slice(0, 8);
  const toSign = stringToSign(amzDate, credentialScope(day, scope), canonical);
  return createHmac('sha256', signingKey(secretAccessKey, day, scope))
    .update(toSign, 'utf8')
    .digest('hex');
}

export interface SignRequestInput {
  method: string;
  url: URL;
  /** Extra headers to send and sign (range, content-type, …). Host is taken from the URL. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body; default the empty body. */
  payloadHash?: string;
  credentials: SigV4Credentials;
  scope: SigV4Scope;
  now: Date;
}

export interface SignedRequest {
  /** Headers to send with the request (everything signed except host, which fetch derives from the URL). */
  headers: Record<string, string>;
  signature: string;
  canonicalRequest: string;
}

/**
 * Header-based signing. S3 also signs `x-amz-content-sha256` (its own requirement); other services do not,
 * which is what AWS's generic test suite expects.
 */
export function signRequest(input: SignRequestInput): SignedRequest {
  const payloadHash = input.payloadHash ?? EMPTY_SHA256;
  const { amzDate, day } = amzDates(input.now);
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) extra[name.toLowerCase()] = value;
  extra['x-amz-date'] = amzDate;
  if (input.scope.service === 's3') extra['x-amz-content-sha256'] = payloadHash;
  if (input.credentials.sessionToken) extra['x-amz-security-token'] = input.credentials.sessionToken;
  const canonical = canonicalRequest({
    method: input.method,
    path: canonicalPath(input.url.pathname),
    query: canonicalQuery(input.url.searchParams),
    headers: { ...extra, host: input.url.host },
    payloadHash,
  });
  const signature = signCanonical(input.credentials.secretAccessKey, amzDate, input.scope, canonical.text);
  const credential = `${input.credentials.accessKeyId}/${credentialScope(day, input.scope)}`;
  return {
    headers: {
      ...extra,
      authorization: `${ALGORITHM} Credential=${credential}, SignedHeaders=${canonical.signedHeaders}, Signature=${signature}`,
    },
    signature,
    canonicalRequest: canonical.text,
  };
}

export interface PresignInput {
  method: string;
  url: URL;
  credentials: SigV4Credentials;
  scope: SigV4Scope;
  now: Date;
  expiresSeconds: number;
}

/** Query-string signing (a presigned URL): only `host` is signed and the payload is UNSIGNED-PAYLOAD. */
export function presignUrl(input: PresignInput): string {
  if (!Number.isInteger(input.expiresSeconds) || input.expiresSeconds < 1 || input.expiresSeconds > 604_800) {
    throw new RangeError('A presigned URL lives between 1 second and 7 days');
  }
  const { amzDate, day } = amzDates(input.now);
  const params: Array<[string, string]> = [...input.url.searchParams];
  params.push(
    ['X-Amz-Algorithm', ALGORITHM],
    ['X-Amz-Credential', `${input.credentials.accessKeyId}/${credentialScope(day, input.scope)}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(input.expiresSeconds)],
    ['X-Amz-SignedHeaders', 'host'],
  );
  if (input.credentials.sessionToken) params.push(['X-Amz-Security-Token', input.credentials.sessionToken]);
  const path = canonicalPath(input.url.pathname);
  const query = canonicalQuery(params);
  const canonical = canonicalRequest({
    method: input.method,
    path,
    query,
    headers: { host: input.url.host },
    payloadHash: UNSIGNED_PAYLOAD,
  });
  const signature = signCanonical(input.credentials.secretAccessKey, amzDate, input.scope, canonical.text);
  return `${input.url.protocol}//${input.url.host}${path}?${query}&X-Amz-Signature=${signature}`;
}
