import type { CatalogPollTrigger, Db } from '@filaha/db';
import { acquisitionKey, groupAcquisitions, type Acquisition, type Catalog } from '@filaha/imagery';
import type { PgBoss } from 'pg-boss';
import { createJobsRepository, type CoveredParcel } from './jobs.repository.ts';
import { QUEUES } from './queue.ts';
import { TILE_PASS_CHUNK, type TilePassData } from './tile-pass.ts';

/** Sentinel-2A's first acquisitions: a static catalog (a folder of items) is searched from here, it is cheap. */
const SENTINEL2_START = '2015-06-23';
/** A STAC API is searched from this many days before the newest acquisition already seen (late publications). */
export const POLL_LOOKBACK_DAYS = 30;

/**
 * Where a new parcel's back-fill starts with a STAC API: the previous agricultural season's first day (seasons run
 * from 1 September to 31 August), so its curve has the current and the previous season.
 */
export function backfillStart(now: Date): string {
  const year = now.getUTCFullYear() - (now.getUTCMonth() >= 8 ? 1 : 2);
  return `${year}-09-01`;
}
const DAY_MS = 86_400_000;

export interface PollDeps {
  db: Db;
  boss: PgBoss;
  catalog: Catalog;
  /** A STAC API (searched over a recent window) rather than a static folder (searched whole). */
  remoteCatalog: boolean;
  now?: () => Date;
  /** Parcels per tile pass job (TILE_PASS_PARCELS; default TILE_PASS_CHUNK). */
  chunkSize?: number;
}

export interface PollResult {
  pollId: number;
  parcels: number;
  found: number;
  newAcquisitions: number;
  jobs: number;
}

const overlaps = (a: readonly number[], b: readonly number[]) =>
  a[0]! <= b[2]! && b[0]! <= a[2]! && a[1]! <= b[3]! && b[1]! <= a[3]!;

/** Covered parcels in 1° cells: one catalog search per cell keeps every search's footprint small. */
function cells(covered: CoveredParcel[]): CoveredParcel[][] {
  const byCell = new Map<string, CoveredParcel[]>();
  for (const p of covered) {
    const key = `${Math.floor(p.bbox[0])}|${Math.floor(p.bbox[1])}`;
    byCell.set(key, [...(byCell.get(key) ?? []), p]);
  }
  return [...byCell.values()];
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * One catalog poll: finds the items (tiles) of the acquisitions over the covered parcels and, for every covered
 * parcel that overlaps an item never queued for it (a new acquisition, a tile of a pass published after the first
 * ones, a parcel created since), queues the `tile-pass` jobs of that item: one per chunk of its new parcels
 * (tile-pass.ts: the whole chunk's points in one pass along the tile) — in ONE transaction with the acquisition's record and the parcel × item rows (catalog_parcel_items), so an item reaches each parcel
 * exactly once however many polls or workers run (the INSERT … ON CONFLICT DO NOTHING decides), and a poll that
 * dies before committing leaves nothing half done for its retry. With a STAC API, a cell holding a parcel never
 * queued is searched from the previous season's start (backfillStart), not only the recent window.
 */
export async function pollCatalog(deps: PollDeps, trigger: CatalogPollTrigger): Promise<PollResult> {
  const { boss, catalog } = deps;
  const repo = createJobsRepository(deps.db);
  const now = deps.now?.() ?? new Date();
  const chunk = Math.max(1, deps.chunkSize ?? TILE_PASS_CHUNK);
  const pollId = await repo.startPoll(trigger);
  try {
    const covered = await repo.coveredParcels();
    const boxOf = new Map(covered.map((p) => [p.id, p.bbox]));
    const end = ymd(now);
    let start = SENTINEL2_START;
    let backfill = SENTINEL2_START;
    const fresh = deps.remoteCatalog ? await repo.parcelsNeverQueued(covered.map((p) => p.id)) : new Set<number>();
    if (deps.remoteCatalog) {
      const newest = await repo.newestAcquisitionDate();
      const from = newest ? Date.parse(`${newest}T00:00:00Z`) : now.getTime();
      start = ymd(new Date(Math.min(from, now.getTime()) - POLL_LOOKBACK_DAYS * DAY_MS));
      backfill = backfillStart(now) < start ? backfillStart(now) : start;
    }
    // Acquisition key → its tiles, and per tile the covered parcels it overlaps.
    const found = new Map<string, { group: Acquisition[]; parcelsOf: Map<string, Set<number>> }>();
    for (const cell of cells(covered)) {
      const bbox: [number, number, number, number] = [
        Math.min(...cell.map((p) => p.bbox[0])),
        Math.min(...cell.map((p) => p.bbox[1])),
        Math.max(...cell.map((p) => p.bbox[2])),
        Math.max(...cell.map((p) => p.bbox[3])),
      ];
      const from = cell.some((p) => fresh.has(p.id)) ? backfill : start;
      const items = await catalog.search({ bbox, start: from, end, requiredAssets: ['scl'] });
      for (const group of groupAcquisitions(items)) {
        const key = acquisitionKey(group[0]!);
        const entry = found.get(key) ?? { group: [], parcelsOf: new Map<string, Set<number>>() };
        for (const a of group) {
          if (!entry.group.some((g) => g.id === a.id)) entry.group.push(a);
          const parcelsOf = entry.parcelsOf.get(a.id) ?? new Set<number>();
          // An item without a bbox may cover anything searched.
          for (const p of cell) if (!a.bbox || overlaps(a.bbox, p.bbox)) parcelsOf.add(p.id);
          entry.parcelsOf.set(a.id, parcelsOf);
        }
        found.set(key, entry);
      }
    }

    let newAcquisitions = 0;
    let jobs = 0;
    await repo.transaction(async (tx, bossTx) => {
      for (const [key, { group, parcelsOf }] of found) {
        const first = group[0]!;
        const sceneIds = group.map((a) => a.id).sort();
        const allParcels = new Set([...parcelsOf.values()].flatMap((ids) => [...ids]));
        const recorded = await tx.recordAcquisition({
          key,
          date: first.date,
          datetime: first.datetime,
          sceneIds,
          pollId,
          parcels: allParcels.size,
        });
        if (recorded) newAcquisitions += 1;
        const pairs = [...parcelsOf].flatMap(([itemId, ids]) => [...ids].map((parcelId) => ({ parcelId, itemId })));
        if (pairs.length === 0) continue;
        const claimed = await tx.claimParcelItems(key, pollId, pairs);
        if (claimed.length === 0) continue;
        const ids = [...new Set(claimed.map((c) => c.parcelId))].sort((a, b) => a - b);
        // Parcels queued for this acquisition by an earlier poll: what comes now is a tile published after it.
        const before = recorded ? new Set<number>() : await tx.parcelsQueuedBefore(key, ids, pollId);
        // One tile pass per item × chunk of its parcels (tile-pass.ts).
        const byItem = new Map<string, number[]>();
        for (const { parcelId, itemId } of claimed) byItem.set(itemId, [...(byItem.get(itemId) ?? []), parcelId]);
        const batch: Array<{ data: TilePassData; singletonKey: string }> = [];
        for (const [itemId, parcelIds] of [...byItem].sort(([a], [b]) => a.localeCompare(b))) {
          // North to south (then west to east), as the pass reads the tile: each chunk holds a band of the tile's
          // rows, so the chunks of one tile read its blocks once, but for the rows two neighbouring chunks share.
          parcelIds.sort((a, b) => {
            const p = boxOf.get(a)!;
            const q = boxOf.get(b)!;
            return q[3] - p[3] || p[0] - q[0] || a - b;
          });
          for (let c = 0; c * chunk < parcelIds.length; c++) {
            const part = parcelIds.slice(c * chunk, (c + 1) * chunk);
            const late = part.filter((id) => before.has(id));
            batch.push({
              data: { acquisition: key, date: first.date, itemId, parcelIds: part, ...(late.length ? { late } : {}) },
              singletonKey: `${itemId}:${pollId}:${c}`,
            });
          }
        }
        for (let i = 0; i < batch.length; i += 500) {
          await boss.insert(QUEUES.tilePass, batch.slice(i, i + 500), { db: bossTx });
        }
        jobs += batch.length;
      }
    });
    const result = { pollId, parcels: covered.length, found: found.size, newAcquisitions, jobs };
    await repo.finishPoll(pollId, {
      windowStart: fresh.size > 0 ? backfill : start,
      windowEnd: end,
      parcels: result.parcels,
      found: result.found,
      newAcquisitions,
      jobs,
    });
    return result;
  } catch (error) {
    await repo.failPoll(pollId, (error as Error).message.slice(0, 500)).catch(() => undefined);
    throw error;
  }
}
