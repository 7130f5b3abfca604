import type { CatalogPollTrigger, Db } from '@filaha/db';
import { acquisitionKey, groupAcquisitions, type Acquisition, type Catalog } from '@filaha/imagery';
import type { PgBoss } from 'pg-boss';
import { createJobsRepository, type CoveredParcel } from './jobs.repository.ts';
import { QUEUES } from './queue.ts';

/** Sentinel-2A's first acquisitions: a static catalog (a folder of items) is searched from here, it is cheap. */
const SENTINEL2_START = '2015-06-23';
/** A STAC API is searched from this many days before the newest acquisition already seen (late publications). */
export const POLL_LOOKBACK_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ParcelSceneData {
  parcelId: number;
  /** acquisitionKey(): platform × UTC day. */
  acquisition: string;
  date: string;
  sceneIds: string[];
}

export interface PollDeps {
  db: Db;
  boss: PgBoss;
  catalog: Catalog;
  /** A STAC API (searched over a recent window) rather than a static folder (searched whole). */
  remoteCatalog: boolean;
  now?: () => Date;
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

/** The union bbox of a group of tiles (null when one of them publishes none: it may cover anything searched). */
function groupBBox(group: Acquisition[]): [number, number, number, number] | null {
  if (group.some((a) => !a.bbox)) return null;
  return group.reduce<[number, number, number, number]>(
    (box, a) => [
      Math.min(box[0], a.bbox![0]),
      Math.min(box[1], a.bbox![1]),
      Math.max(box[2], a.bbox![2]),
      Math.max(box[3], a.bbox![3]),
    ],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}

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
 * One catalog poll: finds the acquisitions over the covered parcels, and for each never seen before records it
 * and queues one `parcel-scene` job per covered parcel it overlaps — in ONE transaction, so an acquisition is
 * fanned out exactly once however many polls or workers run (the INSERT … ON CONFLICT DO NOTHING decides), and
 * a poll that dies before committing leaves nothing half done for its retry.
 */
export async function pollCatalog(deps: PollDeps, trigger: CatalogPollTrigger): Promise<PollResult> {
  const { boss, catalog } = deps;
  const repo = createJobsRepository(deps.db);
  const now = deps.now?.() ?? new Date();
  const pollId = await repo.startPoll(trigger);
  try {
    const covered = await repo.coveredParcels();
    const end = ymd(now);
    let start = SENTINEL2_START;
    if (deps.remoteCatalog) {
      const newest = await repo.newestAcquisitionDate();
      const from = newest ? Date.parse(`${newest}T00:00:00Z`) : now.getTime();
      start = ymd(new Date(Math.min(from, now.getTime()) - POLL_LOOKBACK_DAYS * DAY_MS));
    }
    // Acquisition key → its tiles and the covered parcels it overlaps.
    const found = new Map<string, { group: Acquisition[]; parcels: Set<number> }>();
    for (const cell of cells(covered)) {
      const bbox: [number, number, number, number] = [
        Math.min(...cell.map((p) => p.bbox[0])),
        Math.min(...cell.map((p) => p.bbox[1])),
        Math.max(...cell.map((p) => p.bbox[2])),
        Math.max(...cell.map((p) => p.bbox[3])),
      ];
      const items = await catalog.search({ bbox, start, end, requiredAssets: ['scl'] });
      for (const group of groupAcquisitions(items)) {
        const key = acquisitionKey(group[0]!);
        const entry = found.get(key) ?? { group: [], parcels: new Set<number>() };
        for (const a of group) if (!entry.group.some((g) => g.id === a.id)) entry.group.push(a);
        const box = groupBBox(group);
        for (const p of cell) if (!box || overlaps(box, p.bbox)) entry.parcels.add(p.id);
        found.set(key, entry);
      }
    }

    let newAcquisitions = 0;
    let jobs = 0;
    await repo.transaction(async (tx, bossTx) => {
      for (const [key, { group, parcels: ids }] of found) {
        const first = group[0]!;
        const recorded = await tx.recordAcquisition({
          key,
          date: first.date,
          datetime: first.datetime,
          sceneIds: group.map((a) => a.id).sort(),
          pollId,
          parcels: ids.size,
        });
        if (!recorded) continue;
        newAcquisitions += 1;
        const sceneIds = group.map((a) => a.id).sort();
        const batch = [...ids]
          .sort((a, b) => a - b)
          .map((parcelId) => ({
            data: { parcelId, acquisition: key, date: first.date, sceneIds } satisfies ParcelSceneData,
            singletonKey: `${parcelId}:${key}`,
          }));
        for (let i = 0; i < batch.length; i += 500) {
          await boss.insert(QUEUES.parcelScene, batch.slice(i, i + 500), { db: bossTx });
        }
        jobs += batch.length;
      }
    });
    const result = { pollId, parcels: covered.length, found: found.size, newAcquisitions, jobs };
    await repo.finishPoll(pollId, {
      windowStart: start,
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
