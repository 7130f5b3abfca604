import type { Database, PolygonGeometry } from '@filaha/db';
import { CONDITION_RULE } from '@filaha/shared';
import { acquisitionKey, computeTilePass, createCogReader, owningTile, type Acquisition } from '@filaha/imagery';
import type { PgBoss } from 'pg-boss';
import type { Imagery } from '../lib/imagery/imagery.ts';
import { markTerritoriesStale } from '../modules/organisations/public.ts';
import { seriesBasis, seriesRows, storeSeriesRows, type SeriesRow } from '../modules/season/public.ts';
import { createJobsRepository } from './jobs.repository.ts';
import type { AlertHooks } from './parcel-scene.ts';
import { QUEUES } from './queue.ts';

/**
 * A tile pass job (issue 29 §1): one catalog item (one MGRS tile of one acquisition) × a chunk of the watched
 * parcels it overlaps, queued by the catalog poll with the parcel × item claims (catalog-poll.ts). The season
 * points of every parcel of the chunk are computed in one pass along the tile (computeTilePass: each block read
 * once, the curve's own pixel code), stored in bulk (ON CONFLICT DO NOTHING: a retry or a concurrent curve request
 * stores nothing twice), then the alert rules run on each parcel's point and one e-mail job is queued per new alert.
 * Safe to run again after a crash at any step: what is stored is not computed again, alerts are created once.
 */
export interface TilePassData {
  /** acquisitionKey(): platform × UTC day. */
  acquisition: string;
  date: string;
  /** The catalog item (tile) of this pass. */
  itemId: string;
  /** The chunk's parcels, north to south (a band of the tile's rows: catalog-poll.ts). */
  parcelIds: number[];
  /**
   * Of those, the parcels queued for this acquisition by an earlier poll (through another tile): this tile was
   * published after their first job, so their stored skips of the day are computed again over every tile.
   */
  late?: number[];
}

/** The indices an organisation's own parcels are watched for: the one its territory view judges by. */
const ORGANISATION_WATCHED_INDICES: string[] = [CONDITION_RULE.index];

/** Parcels per tile pass job (the poll splits a tile's parcels into chunks of this size). */
export const TILE_PASS_CHUNK = 2_000;
/**
 * Decoded-block budget of a pass's reader: four block rows of the bands a pass reads in a Sentinel-2 tile (B04,
 * B08 at 10 m, B11 and SCL at 20 m, 1024² blocks: about 62 MiB a row; tilePassCacheBytes).
 */
export const TILE_PASS_CACHE_BYTES = 256 * 1024 * 1024;
/**
 * Rows stored per INSERT (each its own transaction): 2,000 stored 200,000 points in 10.5–11.3 s where 500 took 12.6–13.9 s,
 * one commit's flush per statement being much of the cost (bench:season-store, docs/PERFORMANCE.md).
 */
export const STORE_BATCH = 2_000;

export interface TilePassDeps {
  database: Database;
  boss: PgBoss;
  imagery: Pick<Imagery, 'catalog' | 'minValidFraction' | 'cloudBufferM' | 'maskClasses'>;
  alerts?: AlertHooks;
  /** The pass's reader (tests count its reads); by default a new one per job with TILE_PASS_CACHE_BYTES. */
  reader?: ReturnType<typeof createCogReader>;
}

export interface TilePassOutput {
  /** Parcels of the chunk still there and watched. */
  parcels: number;
  /** Parcels whose points this job computed (the others were stored already, or belong to another tile's pass). */
  computed: number;
  /** Rows this job added to series_points (points and skips, every index). */
  inserted: number;
  /** Parcel × index points and skips computed. */
  points: number;
  skips: number;
  alerts: number[];
}

const union = (boxes: Array<[number, number, number, number]>): [number, number, number, number] => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

export async function runTilePass(deps: TilePassDeps, data: TilePassData): Promise<TilePassOutput> {
  const { database, imagery } = deps;
  const repo = createJobsRepository(database.db);
  const output: TilePassOutput = { parcels: 0, computed: 0, inserted: 0, points: 0, skips: 0, alerts: [] };
  const parcels = await repo.parcelsForPass(data.parcelIds);
  const planIndices = await repo.planIndexCodesOf([
    ...new Set(parcels.flatMap((p) => (p.userId === null ? [] : [p.userId]))),
  ]);
  // A farmer's parcel: the indices of the farmer's plan; an organisation's own parcel: the index its territory view
  // judges conditions by (CONDITION_RULE).
  const indicesOf = (p: { userId: number | null }): string[] =>
    p.userId === null ? ORGANISATION_WATCHED_INDICES : (planIndices.get(p.userId) ?? []);
  const watched = parcels.filter((p) => indicesOf(p).length > 0);
  output.parcels = watched.length;
  if (watched.length === 0) return output;

  // The tiles of the acquisition known now (a tile published after the poll that queued this job counts too).
  const found = await imagery.catalog.search({
    bbox: union(watched.map((p) => p.bbox)),
    start: data.date,
    end: data.date,
    requiredAssets: ['scl'],
  });
  const group: Acquisition[] = found.filter((a) => acquisitionKey(a) === data.acquisition);
  if (!group.some((a) => a.id === data.itemId))
    throw new Error(`catalog item ${data.itemId} (${data.acquisition}) is no longer in the catalog`);

  const late = new Set(data.late ?? []);
  if (late.size > 0) await repo.dropSkipsOf([...late], data.date);
  const stored = await repo.storedSeries(
    watched.map((p) => p.id),
    data.date,
  );
  const basisOf = new Map(watched.map((p) => [p.id, seriesBasis(p.geom, imagery)]));
  // Per parcel, the indices it is watched for (its owner's plan) not stored for that day; computed here when this tile's pass owns
  // the parcel (owningTile), or when the parcel is late (its owner's pass ran before this tile existed).
  const byIndices = new Map<string, Array<{ id: number; geometry: PolygonGeometry }>>();
  for (const parcel of watched) {
    const basis = basisOf.get(parcel.id)!;
    const needed = indicesOf(parcel).filter((code) => !stored.has(`${parcel.id}|${code}|${basis}`));
    if (needed.length === 0) continue;
    if (!late.has(parcel.id) && owningTile(group, parcel.geom)?.id !== data.itemId) continue;
    const key = needed.join(',');
    byIndices.set(key, [...(byIndices.get(key) ?? []), { id: parcel.id, geometry: parcel.geom }]);
  }

  const reader = deps.reader ?? createCogReader({ cacheBytes: TILE_PASS_CACHE_BYTES });
  let pending: SeriesRow[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const rows = pending;
    pending = [];
    output.inserted += await storeSeriesRows(database.db, rows);
  };
  // One pass per set of indices (the plans of a chunk's owners hold one or two sets).
  for (const [key, chunk] of byIndices) {
    const pass = await computeTilePass({
      reader,
      group,
      tileId: data.itemId,
      parcels: chunk,
      indices: key.split(','),
      minValidFraction: imagery.minValidFraction,
      cloudBufferM: imagery.cloudBufferM,
      maskClasses: imagery.maskClasses,
      onParcel: async (parcelId, entries) => {
        for (const { index, result } of entries)
          pending.push(...seriesRows({ parcelId, indexCode: index, basis: basisOf.get(parcelId)! }, [result]));
        if (pending.length >= STORE_BATCH) await flush();
      },
    });
    output.computed += pass.parcels;
    output.points += pass.points;
    output.skips += pass.skips;
  }
  await flush();
  if (output.inserted > 0) {
    // The organisations following these parcels see their new points once their territory table is recomputed.
    const stale = await markTerritoriesStale(
      database.db,
      watched.map((p) => p.id),
    );
    if (stale.length > 0)
      await deps.boss.insert(
        QUEUES.territoryRefresh,
        stale.map((organisationId) => ({ data: { organisationId }, singletonKey: `territory:${organisationId}` })),
      );
  }

  if (deps.alerts) {
    // Every parcel of the chunk with a point that day, computed now or by an attempt that died before its alerts:
    // the rules store each alert once, and an e-mail left pending by a dead attempt is queued again.
    const toSend: number[] = [];
    const points = await repo.pointScenes(
      watched.map((p) => p.id),
      data.date,
    );
    const seen = new Set<number>();
    // Alerts are a farmer's (an organisation's own parcels have none: its territory view shows their conditions).
    const farmers = new Set(watched.filter((p) => p.userId !== null).map((p) => p.id));
    for (const { parcelId, sceneId, basis } of points) {
      if (basis !== basisOf.get(parcelId) || seen.has(parcelId) || !farmers.has(parcelId)) continue;
      seen.add(parcelId);
      const created = await deps.alerts.evaluate(parcelId, sceneId);
      output.alerts.push(...created);
      toSend.push(...created, ...(await deps.alerts.pendingEmails(parcelId, sceneId)));
    }
    const unique = [...new Set(toSend)].sort((a, b) => a - b);
    for (let i = 0; i < unique.length; i += 500) {
      await deps.boss.insert(
        QUEUES.alertEmail,
        unique.slice(i, i + 500).map((alertId) => ({ data: { alertId }, singletonKey: `alert:${alertId}` })),
      );
    }
  }
  return output;
}
