import { baselineNumber } from './offset.ts';
import type { Acquisition } from './item.ts';

/**
 * Earth Search publishes one acquisition of one MGRS tile several times: in `sentinel-2-c1-l2a` and in
 * `sentinel-2-l2a` (different ids: `S2B_T24MWV_20250731T130245_L2A` and `S2B_24MWV_20250731_0_L2A`), and
 * reprocessed in place (`…_1_L2A` next to `…_0_L2A`). Counting them as several scenes would double the
 * candidates and pick one by accident; this keeps one item per (tile, sensing time).
 */

/** Two items of one tile sensed this close are the same acquisition (orbits revisit a tile ≥ 100 min apart). */
const SAME_ACQUISITION_MS = 60_000;

/** The MGRS tile of an item: `grid:code` (MGRS-24MWV), else from the id (S2B_24MWV_…, S2B_T24MWV_…). */
export function tileOf(item: Acquisition): string | null {
  const fromGrid = item.gridCode?.match(/^MGRS-(\d{1,2}[A-Z]{3})$/i)?.[1];
  if (fromGrid) return fromGrid.toUpperCase().padStart(5, '0');
  const fromId = item.id.match(/^S2[A-Z]_(?:MSIL2A_\d{8}T\d{6}_N\d{4}_R\d{3}_)?T?(\d{1,2}[A-Z]{3})_/i)?.[1];
  return fromId ? fromId.toUpperCase().padStart(5, '0') : null;
}

/**
 * Order of preference between copies of one acquisition: the collection listed first in `collections`
 * (Collection 1 by default), then the reprocessed copy (higher sequence, newer baseline, later generation).
 * Negative when `a` is preferred.
 */
export function comparePreference(a: Acquisition, b: Acquisition, collections: ReadonlyArray<string>): number {
  const rank = (item: Acquisition) => {
    const index = item.collection === null ? -1 : collections.indexOf(item.collection);
    return index === -1 ? collections.length : index;
  };
  return (
    rank(a) - rank(b) ||
    b.sequence - a.sequence ||
    (baselineNumber(b.processingBaseline) ?? 0) - (baselineNumber(a.processingBaseline) ?? 0) ||
    (b.generatedAt ? Date.parse(b.generatedAt) : 0) - (a.generatedAt ? Date.parse(a.generatedAt) : 0) ||
    a.id.localeCompare(b.id)
  );
}

/**
 * One item per acquisition of a tile (same tile, same platform when both say, sensing times within a
 * minute), the preferred copy kept; items whose tile is unknown are kept as they are. Order: by time.
 */
export function dedupeCollections(
  items: ReadonlyArray<Acquisition>,
  collections: ReadonlyArray<string>,
): Acquisition[] {
  const kept: Acquisition[] = [];
  const byTile = new Map<string, Acquisition[]>();
  for (const item of items) {
    const tile = tileOf(item);
    if (tile === null) kept.push(item);
    else byTile.set(tile, [...(byTile.get(tile) ?? []), item]);
  }
  for (const tileItems of byTile.values()) {
    const sorted = [...tileItems].sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime));
    const clusters: Acquisition[][] = [];
    for (const item of sorted) {
      const cluster = clusters.find(
        (c) =>
          Math.abs(Date.parse(c[0]!.datetime) - Date.parse(item.datetime)) <= SAME_ACQUISITION_MS &&
          (c[0]!.platform === null || item.platform === null || c[0]!.platform === item.platform),
      );
      if (cluster) cluster.push(item);
      else clusters.push([item]);
    }
    for (const cluster of clusters) kept.push(cluster.sort((a, b) => comparePreference(a, b, collections))[0]!);
  }
  return kept.sort((a, b) => a.datetime.localeCompare(b.datetime) || a.id.localeCompare(b.id));
}
