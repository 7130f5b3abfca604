import type { S3Config } from '../../config.ts';
import type { FileUrlSigner } from './file-urls.ts';
import { presignUrl, sha256Hex, signRequest, uriEncode, type SigV4Credentials, type SigV4Scope } from './sigv4.ts';
import {
  assertTtl,
  assertValidKey,
  contentDisposition,
  type ListedObject,
  type ObjectStorage,
  type StoredObject,
} from './storage.ts';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface S3StorageOptions {
  fetch?: FetchFn;
  now?: () => Date;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** Keys per ListObjectsV2 page (default 1000, S3's maximum); tests lower it to exercise continuation. */
  listPageSize?: number;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);

/** The `<Contents>` of one ListObjectsV2 page, and the token of the next page when the listing is truncated. */
export function parseListPage(xml: string): { objects: ListedObject[]; next: string | null } {
  const objects: ListedObject[] = [];
  for (const [, contents = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = /<Key>([^<]*)<\/Key>/.exec(contents)?.[1];
    const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(contents)?.[1];
    if (key === undefined || modified === undefined) continue;
    const modifiedAt = new Date(modified);
    if (!Number.isNaN(modifiedAt.getTime())) objects.push({ key: xmlText(key), modifiedAt });
  }
  const truncated = /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml);
  const next = /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { objects, next: truncated && next ? xmlText(next) : null };
}

export class S3RequestError extends Error {
  constructor(
    readonly method: string,
    readonly key: string,
    readonly status: number,
    detail: string,
  ) {
    super(`S3 ${method} ${key} failed: ${status} ${detail}`.trim());
    this.name = 'S3RequestError';
  }
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Garage, Ceph RGW, R2…) addressed path-style
 * (`<endpoint>/<bucket>/<key>`), which every S3-compatible server accepts. Requests are signed with our own
 * SigV4 signer; clients get presigned GET URLs.
 */
export function createS3Storage(
  config: S3Config,
  signer: FileUrlSigner,
  options: S3StorageOptions = {},
): ObjectStorage {
  const fetchImpl: FetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 15_000;
  const credentials: SigV4Credentials = { accessKeyId: config.accessKey, secretAccessKey: config.secretKey };
  const scope: SigV4Scope = { region: config.region, service: 's3' };
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');

  const objectUrl = (key: string): URL => {
    assertValidKey(key);
    const url = new URL(endpoint.origin);
    url.pathname = `${basePath}/${uriEncode(config.bucket, false)}/${uriEncode(key, true)}`;
    return url;
  };

  async function send(method: string, key: string, body?: Uint8Array, headers: Record<string, string> = {}) {
    return sendTo(objectUrl(key), method, body, headers);
  }

  async function sendTo(url: URL, method: string, body?: Uint8Array, headers: Record<string, string> = {}) {
    const signed = signRequest({
      method,
      url,
      headers,
      payloadHash: body ? sha256Hex(body) : undefined,
      credentials,
      scope,
      now: now(),
    });
    return fetchImpl(url.toString(), {
      method,
      headers: signed.headers,
      body: body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  async function failure(method: string, key: string, response: Response): Promise<S3RequestError> {
    const text = await response.text().catch(() => '');
    // S3 error bodies are XML with a <Code>; keep only that, never the request details.
    const code = /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1] ?? '';
    return new S3RequestError(method, key, response.status, code);
  }

  return {
    kind: 's3',

    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, { 'content-type': contentType });
      if (!response.ok) throw await failure('PUT', key, response);
      await response.arrayBuffer();
    },

    async get(key): Promise<StoredObject | null> {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await failure('GET', key, response);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },

    async exists(key) {
      const response = await send('HEAD', key);
      await response.arrayBuffer();
      if (response.status === 404) return false;
      if (!response.ok) throw new S3RequestError('HEAD', key, response.status, '');
      return true;
    },

    async *list(prefix) {
      let token: string | null = null;
      do {
        const url = new URL(endpoint.origin);
        url.pathname = `${basePath}/${uriEncode(config.bucket, false)}`;
        url.searchParams.set('list-type', '2');
        url.searchParams.set('max-keys', String(options.listPageSize ?? 1000));
        if (prefix) url.searchParams.set('prefix', prefix);
        if (token) url.searchParams.set('continuation-token', token);
        const response = await sendTo(url, 'GET');
        if (!response.ok) throw await failure('LIST', prefix, response);
        const page = parseListPage(await response.text());
        yield* page.objects;
        token = page.next;
      } while (token);
    },

    async removeStaleLeftovers() {
      // A PUT is atomic on S3 and multipart uploads are not used: an interrupted write leaves nothing.
      return 0;
    },

    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure('DELETE', key, response);
      await response.arrayBuffer();
    },

    signedUrl(key, ttlSeconds, signedOptions) {
      assertTtl(ttlSeconds);
      const url = objectUrl(key);
      if (signedOptions?.downloadName) {
        url.searchParams.set('response-content-disposition', contentDisposition(signedOptions.downloadName));
      }
      return presignUrl({ method: 'GET', url, credentials, scope, now: now(), expiresSeconds: ttlSeconds });
    },

    sameOriginUrl(key, ttlSeconds, signedOptions) {
      return signer.sign(key, ttlSeconds, signedOptions?.downloadName);
    },
  };
}
