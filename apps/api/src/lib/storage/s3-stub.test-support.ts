import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ALGORITHM,
  canonicalPath,
  canonicalQuery,
  canonicalRequest,
  sha256Hex,
  signCanonical,
  UNSIGNED_PAYLOAD,
} from './sigv4.ts';

/**
 * A tiny S3 look-alike on loopback for tests: path-style `/<bucket>/<key>`, PUT/GET/HEAD/DELETE and
 * ListObjectsV2 (`GET /<bucket>?list-type=2`, with prefix, max-keys and continuation tokens), header and
 * presigned (query) SigV4 authentication re-computed from the request exactly as received (method, raw path,
 * raw query, the headers the client listed), payload hash checked against the body. Anything that does not
 * verify gets 403 with an S3-style XML error, like the real service.
 */
export interface S3Stub {
  url: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** `lastModified` (set on PUT) can be moved back by a test to age an object. */
  objects: Map<string, StubObject>;
  requests: Array<{ method: string; path: string; status: number }>;
  close(): Promise<void>;
}

export interface StubObject {
  body: Buffer;
  contentType: string;
  lastModified?: Date;
}

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A ListObjectsV2 answer: keys in order after the continuation token (the last key of the previous page). */
function listXml(objects: Map<string, StubObject>, bucket: string, query: URLSearchParams): string {
  const prefix = query.get('prefix') ?? '';
  const after = query.get('continuation-token') ?? '';
  const max = Math.min(1000, Number(query.get('max-keys') ?? 1000) || 1000);
  const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
  const page = keys.slice(0, max);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = objects.get(key)!;
      const modified = (object.lastModified ?? new Date()).toISOString();
      return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${modified}</LastModified><Size>${object.body.length}</Size></Contents>`;
    })
    .join('');
  const next = truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`;
}

function errorXml(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Stub(options: { bucket?: string; region?: string } = {}): Promise<S3Stub> {
  const bucket = options.bucket ?? 'filaha-test';
  const region = options.region ?? 'eu-west-3';
  const accessKey = 'AKIDSTUBEXAMPLE0001';
  const secretKey = 'stub/secret/key+for/tests0123456789abcdef';
  const objects = new Map<string, StubObject>();
  const requests: S3Stub['requests'] = [];
  const scope = { region, service: 's3' };

  function authorised(request: IncomingMessage, rawPath: string, rawQuery: string, body: Buffer): string | null {
    const params = [...new URLSearchParams(rawQuery)];
    const presigned = params.find(([k]) => k === 'X-Amz-Signature');
    const path = canonicalPath(rawPath);
    if (presigned) {
      const get = (name: string) => params.find(([k]) => k === name)?.[1] ?? '';
      const [key, day, reg, service] = get('X-Amz-Credential').split('/');
      if (key !== accessKey || reg !== region || service !== 's3' || get('X-Amz-Algorithm') !== ALGORITHM)
        return 'InvalidAccessKeyId';
      const date = get('X-Amz-Date');
      const issued = Date.UTC(
        +date.slice(0, 4),
        +date.slice(4, 6) - 1,
        +date.slice(6, 8),
        +date.slice(9, 11),
        +date.slice(11, 13),
        +date.slice(13, 15),
      );
      if (!date.startsWith(day ?? '?') || Date.now() > issued + Number(get('X-Amz-Expires')) * 1000)
        return 'AccessDenied';
      const canonical = canonicalRequest({
        method: request.method ?? 'GET',
        path,
        query: canonicalQuery(params.filter(([k]) => k !== 'X-Amz-Signature')),
        headers: { host: request.headers.host ?? '' },
        payloadHash: UNSIGNED_PAYLOAD,
      });
      return signCanonical(secretKey, date, scope, canonical.text) === presigned[1] ? null : 'SignatureDoesNotMatch';
    }
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        request.headers.authorization ?? '',
      );
    if (!match || match[1] !== accessKey || match[3] !== region) return 'InvalidAccessKeyId';
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== sha256Hex(body)) return 'XAmzContentSHA256Mismatch';
    const signedNames = match[4]!.split(';');
    if (!signedNames.includes('host') || !signedNames.includes('x-amz-date')) return 'AccessDenied';
    const headers: Record<string, string> = {};
    for (const name of signedNames) headers[name] = String(request.headers[name] ?? '');
    const canonical = canonicalRequest({
      method: request.method ?? 'GET',
      path,
      query: canonicalQuery(params),
      headers,
      payloadHash,
    });
    return signCanonical(secretKey, headers['x-amz-date']!, scope, canonical.text) === match[5]
      ? null
      : 'SignatureDoesNotMatch';
  }

  const server = createServer((request, response) => {
    void (async () => {
      const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?');
      const body = await readBody(request);
      const reply = (status: number, headers: Record<string, string>, content: Buffer | string = '') => {
        requests.push({ method: request.method ?? '', path: rawPath, status });
        response.writeHead(status, headers);
        response.end(content);
      };
      const problem = authorised(request, rawPath, rawQuery, body);
      if (problem) return reply(403, { 'content-type': 'application/xml' }, errorXml(problem));
      const query = new URLSearchParams(rawQuery);
      if ((rawPath === `/${bucket}` || rawPath === `/${bucket}/`) && request.method === 'GET') {
        if (query.get('list-type') !== '2')
          return reply(400, { 'content-type': 'application/xml' }, errorXml('NotImplemented'));
        return reply(200, { 'content-type': 'application/xml' }, listXml(objects, bucket, query));
      }
      const prefix = `/${bucket}/`;
      if (!rawPath.startsWith(prefix))
        return reply(404, { 'content-type': 'application/xml' }, errorXml('NoSuchBucket'));
      const key = decodeURIComponent(rawPath.slice(prefix.length));
      if (request.method === 'PUT') {
        objects.set(key, {
          body,
          contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
          lastModified: new Date(),
        });
        return reply(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        return reply(204, {});
      }
      const object = objects.get(key);
      if (!object) return reply(404, { 'content-type': 'application/xml' }, errorXml('NoSuchKey'));
      const disposition = query.get('response-content-disposition');
      return reply(
        200,
        {
          'content-type': object.contentType,
          'content-length': String(object.body.length),
          ...(disposition ? { 'content-disposition': disposition } : {}),
        },
        object.body,
      );
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bucket,
    accessKey,
    secretKey,
    region,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
