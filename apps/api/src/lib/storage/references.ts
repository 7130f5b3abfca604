import { changeResults, indexResults, inArray, or, publicationImages, type Db } from '@filaha/db';

/**
 * Every database column that holds an object-storage key, grouped by the key prefix its files are written
 * under. The orphan sweep lists only these prefixes (a bucket shared with other data is never touched outside
 * them) and never deletes a key found in any of these columns (`referencedKeys` reads them all). A new column
 * that stores a key belongs here: references.test.ts fails on any `*key` column of the schema that is not listed
 * here or explicitly excluded.
 */
export const STORAGE_REFERENCES = [
  // modules/images/result-files.ts: the PNG overlay, the values grid and the GeoTIFF of a delivered image.
  { prefix: 'index-results/', columns: [indexResults.imageKey, indexResults.valuesKey, indexResults.tiffKey] },
  // modules/change/change-files.ts (CHANGE_KEY_PREFIX): the change map's PNG, values grid, GeoTIFF and both dates' PNGs.
  {
    prefix: 'change-results/',
    columns: [
      changeResults.imageKey,
      changeResults.valuesKey,
      changeResults.tiffKey,
      changeResults.earlierImageKey,
      changeResults.laterImageKey,
    ],
  },
  // modules/marketplace (IMAGE_KEY_PREFIX): a publication photo and its thumbnail.
  { prefix: 'publications/', columns: [publicationImages.key, publicationImages.thumbnailKey] },
] as const;

/** `*key` columns that are not storage keys (a service's identifier, a rate-limit counter's name). */
export const NOT_STORAGE_KEYS = new Set([
  'service_requests.service_key',
  'rate_limit_counters.key',
  // An acquisition's identity (platform and day), not a stored file.
  'catalog_acquisitions.key',
  'catalog_parcel_items.acquisition_key',
  // A weather grid cell's identity ("lat,lon" of its centre), not a stored file.
  'weather_cells.key',
  'weather_days.cell_key',
  'weather_climate.cell_key',
]);

/** The subset of `keys` that some row references (any column of STORAGE_REFERENCES). */
export async function referencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const wanted = new Set(keys);
  const found = new Set<string>();
  if (wanted.size === 0) return found;
  const list = [...wanted];
  for (const { columns } of STORAGE_REFERENCES) {
    const rows = await db
      .select(Object.fromEntries(columns.map((column) => [column.name, column])))
      .from(columns[0].table)
      .where(or(...columns.map((column) => inArray(column, list))));
    for (const row of rows) {
      for (const value of Object.values(row)) if (typeof value === 'string' && wanted.has(value)) found.add(value);
    }
  }
  return found;
}
