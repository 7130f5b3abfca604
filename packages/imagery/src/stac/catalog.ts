import type { FetchLike } from '../cog/byte-source.ts';
import { createCogReader, type CogReader } from '../cog/reader.ts';
import { ImageryError } from '../errors.ts';
import type { BBox, ParcelGeometry } from '@filaha/shared/geometry';
import { searchStacApi } from './api-source.ts';
import { dedupeCollections } from './dedupe.ts';
import { DEFAULT_COLLECTIONS, type Acquisition } from './item.ts';
import { StaticCatalogSource } from './static-source.ts';

export interface CatalogOptions {
  /** A STAC API root, e.g. https://earth-search.aws.element84.com/v1 */
  stacApiUrl?: string;
  /** A static catalog folder (the bundled demo catalog, or your own). */
  catalogPath?: string;
  /**
   * STAC collections to search, the preferred first: the same acquisition found in several is answered
   * once, from the earliest listed (default sentinel-2-c1-l2a, then sentinel-2-l2a).
   */
  collections?: ReadonlyArray<string>;
  fetch?: FetchLike;
  /** Per HTTP attempt, for the catalog and the COG reads (default 8000 ms). */
  timeoutMs?: number;
  /** Extra attempts after a network error, timeout, 429 or 5xx (default 2). */
  retries?: number;
  pageLimit?: number;
  maxPages?: number;
  /** Share one reader (and its tile cache) between catalogs; by default each catalog gets its own. */
  reader?: CogReader;
  cacheBytes?: number;
}

export interface SearchQuery {
  geometry?: ParcelGeometry;
  bbox?: BBox;
  /** YYYY-MM-DD (whole UTC day) or an ISO instant. */
  start: string;
  end: string;
  /**
   * Only items holding all these assets (common names: red, nir, scl…) count, so that a defective copy of
   * an acquisition gives way to a complete one; the others are reported to `onIncomplete`.
   */
  requiredAssets?: ReadonlyArray<string>;
  onIncomplete?: (item: Acquisition, missing: string[]) => void;
}

export interface Catalog {
  search(query: SearchQuery): Promise<Acquisition[]>;
  /** The COG reader bound to the same fetch, timeouts and retries. */
  readonly reader: CogReader;
  readonly sources: ReadonlyArray<string>;
  /** The collections searched, the preferred first. */
  readonly collections: ReadonlyArray<string>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Turns YYYY-MM-DD bounds into inclusive ISO instants (the end day counts entirely). */
export function windowToIso(start: string, end: string): { startIso: string; endIso: string } {
  const startIso = DAY.test(start) ? `${start}T00:00:00.000Z` : start;
  const endIso = DAY.test(end) ? `${end}T23:59:59.999Z` : end;
  const a = Date.parse(startIso);
  const b = Date.parse(endIso);
  if (Number.isNaN(a) || Number.isNaN(b)) throw new ImageryError('INVALID_INPUT', `Bad date window ${start} … ${end}`);
  if (a > b) throw new ImageryError('INVALID_INPUT', `The window starts after it ends (${start} > ${end})`);
  return { startIso: new Date(a).toISOString(), endIso: new Date(b).toISOString() };
}

/**
 * One search interface over a STAC API and/or a static folder; results are merged (same id once, the
 * API's copy first; the same acquisition once, from the preferred collection) and sorted by time. If any configured source fails the search fails: silently
 * answering from the other one would turn an outage into a wrong "no scene".
 */
export function createCatalog(options: CatalogOptions): Catalog {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 8_000;
  const retries = options.retries ?? 2;
  const collections = [...(options.collections ?? DEFAULT_COLLECTIONS)];
  if (collections.length === 0 || collections.some((c) => typeof c !== 'string' || c.trim() === ''))
    throw new ImageryError('INVALID_INPUT', 'A catalog needs at least one STAC collection name');
  const staticSource = options.catalogPath ? new StaticCatalogSource(options.catalogPath, collections) : null;
  const apiUrl = options.stacApiUrl?.replace(/\/+$/, '') ?? null;
  if (!staticSource && !apiUrl)
    throw new ImageryError('INVALID_INPUT', 'A catalog needs stacApiUrl and/or catalogPath');
  const reader =
    options.reader ?? createCogReader({ fetch: fetchImpl, timeoutMs, retries, cacheBytes: options.cacheBytes });

  async function search(query: SearchQuery): Promise<Acquisition[]> {
    const window = windowToIso(query.start, query.end);
    const request = { geometry: query.geometry, bbox: query.bbox, ...window };
    const results = await Promise.all([
      apiUrl
        ? searchStacApi(apiUrl, request, {
            fetch: fetchImpl,
            timeoutMs,
            retries,
            pageLimit: options.pageLimit ?? 100,
            maxPages: options.maxPages ?? 10,
            collections,
          })
        : [],
      staticSource ? staticSource.search(request) : [],
    ]);
    const byId = new Map<string, Acquisition>();
    for (const item of results.flat()) if (!byId.has(item.id)) byId.set(item.id, item);
    const required = query.requiredAssets ?? [];
    const complete = [...byId.values()].filter((item) => {
      const missing = required.filter((key) => item.assets[key] === undefined);
      if (missing.length > 0) query.onIncomplete?.(item, missing);
      return missing.length === 0;
    });
    return dedupeCollections(complete, collections);
  }

  return {
    search,
    reader,
    sources: [apiUrl, staticSource?.root].filter((s): s is string => typeof s === 'string'),
    collections,
  };
}
