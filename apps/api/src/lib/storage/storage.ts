/**
 * Object storage for files the API produces or receives (index maps, GeoTIFFs, later marketplace photos).
 * Two implementations behind one interface: a folder under `<DATA_DIR>/files/` (default) and an
 * S3-compatible bucket (`S3_*`). Objects are private; clients reach them only through short-lived signed URLs.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

export interface SignedUrlOptions {
  /** Offered as the download file name (Content-Disposition: attachment). */
  downloadName?: string;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when the object does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing an absent object is not an error. */
  delete(key: string): Promise<void>;
  /** Whether a readable object is stored under `key` (without reading its bytes). */
  exists(key: string): Promise<boolean>;
  /** Every object whose key starts with `prefix`, with its last write time (for the orphan sweep). */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Removes leftovers of interrupted writes last touched before `olderThan` (the local store's `.tmp-*` files
   * and metadata sidecars without their object); the number removed. Nothing to do on S3 (a PUT is atomic).
   */
  removeStaleLeftovers(olderThan: Date): Promise<number>;
  /** A URL that works without any Authorization header (e.g. in an `<img>` tag) for `ttlSeconds`. */
  signedUrl(key: string, ttlSeconds: number, options?: SignedUrlOptions): string;
  /**
   * A signed URL served by this API (`/api/files/…`), whatever the backend: same origin as the web app, so
   * `fetch()` works under the app's `connect-src 'self'` CSP without any bucket CORS setup.
   */
  sameOriginUrl(key: string, ttlSeconds: number, options?: SignedUrlOptions): string;
}

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`Invalid object key ${JSON.stringify(key)}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/**
 * Keys are `/`-separated segments of letters, digits, `.`, `_` and `-`, each starting with a letter or
 * digit: no `..`, no absolute paths, no hidden names — a key can never escape the storage folder, and the
 * local store's hidden metadata files cannot collide with a key.
 */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
const KEY_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,15}$`);
export const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidObjectKeyError(key);
}

/** Signed URLs never live longer than a week (S3's own limit for presigned URLs). */
export const MAX_SIGNED_URL_TTL_SECONDS = 7 * 24 * 3600;

export function assertTtl(ttlSeconds: number): void {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_SIGNED_URL_TTL_SECONDS) {
    throw new RangeError(`A signed URL lives between 1 second and ${MAX_SIGNED_URL_TTL_SECONDS} seconds`);
  }
}

/** `attachment; filename="…"` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
