import { CatalogUnavailableError } from '../errors.ts';
import type { BBox, ParcelGeometry } from '@filaha/shared/geometry';
import { requestJson, type JsonRequest, type RetryPolicy } from './http-json.ts';
import { DEFAULT_COLLECTIONS, itemProblem, parseItem, type Acquisition } from './item.ts';

export interface ApiSearch {
  geometry?: ParcelGeometry;
  bbox?: BBox;
  /** ISO instants, inclusive. */
  startIso: string;
  endIso: string;
}

export interface ApiSourceOptions extends RetryPolicy {
  pageLimit: number;
  maxPages: number;
  /** Asked for in one search, the preferred first (default sentinel-2-c1-l2a, sentinel-2-l2a). */
  collections?: ReadonlyArray<string>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The request for the next page, following the STAC API `next` link (POST body + merge, or GET href). */
export function nextRequest(page: Json, previous: JsonRequest): JsonRequest | null {
  const links = Array.isArray(page.links) ? page.links.filter(isObject) : [];
  const next = links.find((link) => link.rel === 'next' && typeof link.href === 'string');
  if (!next) return null;
  const href = next.href as string;
  const method = typeof next.method === 'string' ? next.method.toUpperCase() : isObject(next.body) ? 'POST' : 'GET';
  if (method !== 'POST') return { method: 'GET', url: href };
  const body = isObject(next.body)
    ? next.merge === true && isObject(previous.body)
      ? { ...previous.body, ...next.body }
      : next.body
    : previous.body;
  return { method: 'POST', url: href, body };
}

/**
 * Parses one search answer: a GeoJSON FeatureCollection. Features of other collections are dropped (a
 * STAC API may mix them in when asked for several, or ignore the `collections` filter); items that cannot be
 * used are listed in `malformed` (why, for the error).
 */
export function parseSearchPage(
  page: unknown,
  location: string | null,
  sourceName: string,
  collections: ReadonlyArray<string> = DEFAULT_COLLECTIONS,
): { items: Acquisition[]; page: Json; malformed: string[] } {
  if (!isObject(page) || page.type !== 'FeatureCollection' || !Array.isArray(page.features)) {
    throw new CatalogUnavailableError(sourceName, 'answered something that is not a STAC FeatureCollection');
  }
  const items: Acquisition[] = [];
  const malformed: string[] = [];
  for (const feature of page.features) {
    if (isObject(feature) && typeof feature.collection === 'string' && !collections.includes(feature.collection))
      continue;
    const problem = itemProblem(feature);
    if (problem) {
      malformed.push(problem.reason);
      continue;
    }
    const self =
      isObject(feature) && Array.isArray(feature.links)
        ? feature.links.find(
            (l): l is Json => isObject(l) && l.rel === 'self' && typeof l.href === 'string' && /^https?:/.test(l.href),
          )
        : undefined;
    const item = parseItem(feature, (self?.href as string | undefined) ?? location);
    if (item) items.push(item);
  }
  return { items, page, malformed };
}

/**
 * A search that found no usable item but malformed ones: the catalog is broken, which must not read as "no
 * acquisition in the window" (NO_SCENE) — the farmer would give up on a period that does have data.
 */
export function malformedAnswerError(sourceName: string, malformed: readonly string[]): CatalogUnavailableError {
  const more = malformed.length > 1 ? ` (and ${malformed.length - 1} more)` : '';
  return new CatalogUnavailableError(sourceName, `answered malformed STAC items only: ${malformed[0]}${more}`);
}

/**
 * POST {url}/search for the Sentinel-2 L2A collections (all in one search, in order of preference) over the
 * geometry and window, following `next` links.
 */
export async function searchStacApi(
  apiUrl: string,
  query: ApiSearch,
  options: ApiSourceOptions,
): Promise<Acquisition[]> {
  const sourceName = apiUrl;
  const collections = options.collections ?? DEFAULT_COLLECTIONS;
  const body: Json = {
    collections: [...collections],
    datetime: `${query.startIso}/${query.endIso}`,
    limit: options.pageLimit,
  };
  if (query.geometry) body.intersects = query.geometry;
  else if (query.bbox) body.bbox = query.bbox;
  let request: JsonRequest | null = { method: 'POST', url: `${apiUrl.replace(/\/+$/, '')}/search`, body };
  const items: Acquisition[] = [];
  const malformed: string[] = [];
  for (let pageNumber = 0; request && pageNumber < options.maxPages; pageNumber++) {
    const raw = await requestJson(request, options, sourceName);
    const parsed = parseSearchPage(raw, request.url, sourceName, collections);
    const { items: pageItems, page, malformed: pageMalformed } = parsed;
    items.push(...pageItems);
    malformed.push(...pageMalformed);
    request = pageItems.length === 0 && (page.features as unknown[]).length === 0 ? null : nextRequest(page, request);
  }
  if (items.length === 0 && malformed.length > 0) throw malformedAnswerError(sourceName, malformed);
  return items;
}
