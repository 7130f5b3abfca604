import type { Catalog, ParcelGeometry } from '@filaha/imagery';
import { catalogCoverage, intersectsCoverage, type Coverage } from '@filaha/imagery/coverage';

/** How long a computed coverage is reused (a static catalog hardly changes; a STAC extent changes slowly). */
const TTL_MS = 10 * 60_000;

export interface CatalogCoverage {
  get(): Promise<Coverage>;
  /** Whether the geometry meets the coverage; null when the coverage cannot be read (then nothing is claimed). */
  covers(geometry: ParcelGeometry): Promise<boolean | null>;
}

/** The coverage of the catalog the engine searches (its static folder and/or its STAC API), cached. */
export function createCatalogCoverage(catalog: Pick<Catalog, 'sources' | 'collections'>): CatalogCoverage {
  const stacApiUrl = catalog.sources.find((s) => /^https?:\/\//i.test(s));
  const catalogPath = catalog.sources.find((s) => !/^https?:\/\//i.test(s));
  let cached: { at: number; value: Promise<Coverage> } | null = null;
  const get = () => {
    if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
    const value = catalogCoverage({ stacApiUrl, catalogPath, collections: catalog.collections });
    const entry = { at: Date.now(), value };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = null;
    });
    return value;
  };
  return {
    get,
    async covers(geometry) {
      try {
        return intersectsCoverage(geometry, await get());
      } catch {
        return null;
      }
    },
  };
}
