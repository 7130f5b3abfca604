// Its own small module without zod or the registry: the web's farm screens read it on their first path.

/**
 * 'Indice NDVI', ' ndvi ', 'indice  nd re' → 'NDVI', 'NDRE' (SPEC §3: an index is matched by its name without the
 * 'Indice' prefix, spaces and case). The one normalisation of index names: the API, the engine and the web use it.
 */
export function indexCodeFromName(name: string): string {
  return name
    .replace(/^\s*indice\s*/i, '')
    .replace(/\s+/g, '')
    .toUpperCase();
}
