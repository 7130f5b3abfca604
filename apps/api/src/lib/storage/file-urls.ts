import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertTtl, assertValidKey, isValidKey } from './storage.ts';

/** Where the API serves stored objects (see plugin.ts). */
export const FILES_ROUTE_PREFIX = '/api/files/';

export interface FileUrlQuery {
  exp?: string;
  sig?: string;
  name?: string;
}

/**
 * HMAC-signed, expiring URLs for the local store: `/api/files/<key>?exp=<unix seconds>&sig=<base64url>`
 * (`&name=` for a download name, signed too). The HMAC key is derived from the server secret with a fixed
 * label, so a file signature can never be replayed as, or derived from, a session token.
 */
export function createFileUrlSigner(secret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('filaha:file-urls:v1').digest();

  const mac = (objectKey: string, exp: number, name: string): Buffer =>
    createHmac('sha256', key).update(`${objectKey}\n${exp}\n${name}`, 'utf8').digest();

  return {
    sign(objectKey: string, ttlSeconds: number, downloadName?: string): string {
      assertValidKey(objectKey);
      assertTtl(ttlSeconds);
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      const name = downloadName ?? '';
      const params = new URLSearchParams({ exp: String(exp), sig: mac(objectKey, exp, name).toString('base64url') });
      if (name) params.set('name', name);
      return `${FILES_ROUTE_PREFIX}${objectKey}?${params.toString()}`;
    },

    /**
     * The remaining lifetime in seconds when the signature is genuine and unexpired, else null. Compared in
     * constant time; every failure looks the same to the caller.
     */
    verify(objectKey: string, query: FileUrlQuery): number | null {
      if (!isValidKey(objectKey) || !query.exp || !query.sig || !/^\d{1,12}$/.test(query.exp)) return null;
      const exp = Number(query.exp);
      const remaining = exp - Math.floor(now() / 1000);
      if (remaining <= 0) return null;
      const given = Buffer.from(query.sig, 'base64url');
      const expected = mac(objectKey, exp, query.name ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return remaining;
    },
  };
}

export type FileUrlSigner = ReturnType<typeof createFileUrlSigner>;
