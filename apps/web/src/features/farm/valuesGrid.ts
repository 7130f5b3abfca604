import { useQuery } from '@tanstack/react-query';
// Dependency-free decoder of the engine's "FVG1" grid (packages/shared), the same module the server writes it with.
import { decodeValuesGrid, valueAt, type ValuesGrid } from '@filaha/shared/values-grid';

export { valueAt, type ValuesGrid };

async function loadGrid(url: string): Promise<ValuesGrid> {
  // Signed same-origin URL: no Authorization header needed, and `connect-src 'self'` allows it.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`values grid: HTTP ${response.status}`);
  return decodeValuesGrid(await response.arrayBuffer());
}

/**
 * The raw index values of one result, for the value under the cursor. Keyed by the result id: the signed
 * URL changes on every answer while the values never do.
 */
export function useValuesGrid(resultId: number | null, url: string | null) {
  return useQuery({
    queryKey: ['farm', 'values', resultId],
    queryFn: () => loadGrid(url ?? ''),
    enabled: resultId !== null && Boolean(url),
    staleTime: Infinity,
    retry: 1,
  });
}
