import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createPublicationsRepository } from './publications.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The marketplace's listing pages, kept per value of the listing change counter. */
    listingCache: ListingCache;
  }
}

/**
 * Listing pages of the marketplace, kept in memory per value of the database's listing change counter
 * (`marketplace_listing_version`, bumped by triggers in the transaction of every write the listing reads —
 * migration 0006). A page then costs one primary-key read of a one-row table instead of the page and count
 * queries. Requests that arrive together share one read of the counter, and concurrent misses of one page
 * share one page query. After a successful write answered by this process (`touch`) the counter is read
 * afresh, so a writer always sees its own change on its next request, and a write through another process or
 * straight into the database shows as soon as it commits. Without the counter row, nothing is cached.
 */
export interface ListingCacheOptions {
  readVersion: () => Promise<string | null>;
  /** Memory bound on the cached bodies (UTF-16 length, roughly bytes for this mostly-ASCII JSON). */
  maxChars?: number;
}

export interface ListingCache {
  /** The cached body for `key`, or `compute()`'s, cached when the counter allows. */
  get(key: string, compute: () => Promise<string>): Promise<string>;
  /** Something may have changed: the next `get` re-reads the counter first. */
  touch(): void;
  /** Figures for tests and logs. */
  stats(): { entries: number; chars: number; versionReads: number };
}

interface Entry {
  version: string;
  body: Promise<string>;
  chars: number;
}

export function createListingCache({ readVersion, maxChars = 8 * 1024 * 1024 }: ListingCacheOptions): ListingCache {
  const entries = new Map<string, Entry>();
  let chars = 0;
  let version: string | null = null;
  let checking: Promise<string | null> | null = null;
  let versionReads = 0;

  const clear = () => {
    entries.clear();
    chars = 0;
  };

  /** The counter, read once for all the requests that arrive while a read is in flight. */
  function current(): Promise<string | null> {
    if (checking) return checking;
    versionReads += 1;
    const pending: Promise<string | null> = readVersion()
      .then(
        (value) => {
          if (value !== version) clear();
          version = value;
          return value;
        },
        (error: unknown) => {
          clear();
          version = null;
          throw error;
        },
      )
      .finally(() => {
        if (checking === pending) checking = null;
      });
    checking = pending;
    return pending;
  }

  function store(key: string, entry: Entry): void {
    entries.set(key, entry);
    while (chars > maxChars && entries.size > 0) {
      const [oldestKey, oldest] = entries.entries().next().value as [string, Entry];
      entries.delete(oldestKey);
      chars -= oldest.chars;
    }
  }

  return {
    async get(key, compute) {
      // The counter unreadable (database trouble): answer uncached; the query itself reports the error.
      const v = await current().catch(() => null);
      if (v === null) return compute();
      const hit = entries.get(key);
      if (hit && hit.version === v) {
        // Least recently used goes first: move the hit to the end.
        entries.delete(key);
        entries.set(key, hit);
        return hit.body;
      }
      if (hit) {
        entries.delete(key);
        chars -= hit.chars;
      }
      const entry: Entry = { version: v, body: compute(), chars: 0 };
      store(key, entry);
      entry.body.then(
        (body) => {
          if (entries.get(key) !== entry) return;
          entry.chars = body.length;
          chars += body.length;
          store(key, entry);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.body;
    },
    touch() {
      // A read already in flight may predate the write: later requests start their own.
      checking = null;
    },
    stats: () => ({ entries: entries.size, chars, versionReads }),
  };
}

/**
 * Decorates `listingCache` on the scope it is registered in (/api, before the modules) and, there, touches it
 * after every successful write: any write this process has just done may concern the marketplace listing, so its
 * cache re-reads the change counter before the next page (onSend: before the writer can send its next request).
 */
const listingCache: FastifyPluginAsync = async (app) => {
  const cache = createListingCache({ readVersion: createPublicationsRepository(app.database.db).listingVersion });
  app.decorate('listingCache', cache);
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) cache.touch();
  });
};

export const listingCachePlugin = fp(listingCache, { name: 'listing-cache', dependencies: ['platform'] });
