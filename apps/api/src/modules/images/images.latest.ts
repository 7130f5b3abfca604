import {
  assessAcquisition,
  CatalogUnavailableError,
  CogUnavailableError,
  // Below the engine's minimum valid fraction an acquisition is not "clear" (when the engine given has none).
  DEFAULT_MIN_VALID_FRACTION,
  groupAcquisitions,
  findIndex,
  type Acquisition,
  type Catalog,
  type ParcelGeometry,
} from '@filaha/imagery';
import { LIMITS } from '@filaha/shared';
import type { LatestAcquisitionAnswer, LatestClearAnswer, LatestImageQuery } from '@filaha/shared/contracts';
import type { AuthedCtx } from '../../context.ts';
import { AppError, NotFoundError } from '../../core/errors.ts';
import type { Imagery } from '../../lib/imagery/imagery.ts';
import type { ImagesRepository } from './images.repository.ts';

/**
 * GET /images/latest-acquisition and GET /images/latest-clear: where the farm map's default window and its
 * "latest clear image" button come from. Both only search the catalog (the clear one also reads the 20 m SCL
 * band of a few acquisitions): nothing is rendered, stored or charged. Farmers only, on their own parcel —
 * someone else's parcel answers 404 like a missing one, as POST /images/{index} does.
 */

const DAY_MS = 86_400_000;
/** How far back "latest clear image" looks from the latest acquisition. */
export const CLEAR_LOOKBACK_DAYS = 60;
/** The latest acquisition is looked for in the last 60 days, then (an old or offline catalog) the last 3 years. */
const LATEST_LOOKBACKS = [60, 1_095] as const;
/** Acquisitions whose SCL is read at once, newest first, until a clear one is found. */
const PROBE_BATCH = 4;

const day = (time: number) => new Date(time).toISOString().slice(0, 10);
const shift = (ymd: string, days: number) => day(Date.parse(`${ymd}T00:00:00Z`) + days * DAY_MS);

/**
 * The 6-day window the farm map opens on: ending today when the latest acquisition is in the last 6 days,
 * else ending on the latest acquisition day (so the window always holds it).
 */
export function windowFor(latest: string, today: string): { start: string; end: string } {
  const end = shift(today, -LIMITS.maxPeriodDays) <= latest && latest <= today ? today : latest;
  return { start: shift(end, -LIMITS.maxPeriodDays), end };
}

export interface LatestImageOptions {
  repo: Pick<ImagesRepository, 'findParcel'>;
  /** The app's engine; its `minValidFraction` (MIN_VALID_FRACTION), when it has one, says what "clear" means. */
  imagery: Pick<Imagery, 'catalog' | 'deadlineMs' | 'cloudBufferM'> & { readonly minValidFraction?: number };
  minValidFraction?: number;
  /** Today as YYYY-MM-DD (tests); the UTC day by default. */
  today?: () => string;
}

/** Engine failures become 503 CATALOG_UNAVAILABLE, as for a generate request; the work is bounded by the deadline. */
async function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CatalogUnavailableError('imagery', `no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (error instanceof CatalogUnavailableError || error instanceof CogUnavailableError)
      throw Object.assign(new AppError('CATALOG_UNAVAILABLE'), { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}

/**
 * Acquisitions over the parcel in [start, end] holding SCL (and the index's bands), oldest first: each one as
 * its tiles (overlapping MGRS tiles publish one acquisition several times; a parcel on a seam needs several).
 */
async function acquisitions(
  catalog: Catalog,
  geometry: ParcelGeometry,
  start: string,
  end: string,
  bands: readonly string[],
): Promise<Acquisition[][]> {
  const required = ['scl', ...bands.filter((b) => b !== 'scl')];
  const found = await catalog.search({ geometry, start, end, requiredAssets: required });
  return groupAcquisitions(found.filter((a) => required.every((b) => a.assets[b] !== undefined)));
}

export interface SearchOptions {
  catalog: Catalog;
  geometry: ParcelGeometry;
  /** YYYY-MM-DD. */
  today: string;
  /** Bands the index needs besides SCL (an acquisition without them cannot be used). */
  bands?: readonly string[];
}

/** The latest acquisition over the parcel up to today (last 60 days, then the last 3 years), or null. */
export async function findLatestAcquisition({ catalog, geometry, today, bands = [] }: SearchOptions) {
  for (const days of LATEST_LOOKBACKS) {
    const latest = (await acquisitions(catalog, geometry, shift(today, -days), today, bands)).at(-1)?.[0];
    if (latest) return latest;
  }
  return null;
}

export interface ClearAcquisition {
  date: string | null;
  validFraction: number | null;
  sceneId: string | null;
  searched: { start: string; end: string } | null;
}

/**
 * The most recent acquisition in the 60 days up to the latest one whose valid (unmasked SCL) share of the
 * parcel reaches `minValidFraction`. Reads the SCL band only, newest first, a few acquisitions at a time.
 */
export async function findLatestClear(
  options: SearchOptions & { minValidFraction: number; cloudBufferM?: number },
): Promise<ClearAcquisition> {
  const { catalog, geometry, bands = [], minValidFraction, cloudBufferM } = options;
  const latest = await findLatestAcquisition(options);
  if (!latest) return { date: null, validFraction: null, sceneId: null, searched: null };
  const searched = { start: shift(latest.date, -CLEAR_LOOKBACK_DAYS), end: latest.date };
  const newestFirst = (await acquisitions(catalog, geometry, searched.start, searched.end, bands)).reverse();
  for (let i = 0; i < newestFirst.length; i += PROBE_BATCH) {
    const batch = newestFirst.slice(i, i + PROBE_BATCH);
    const assessed = await Promise.all(
      batch.map((group) => assessAcquisition(catalog.reader, group, geometry, { cloudBufferM })),
    );
    // The batch is newest first: the first clear one is the most recent.
    const clear = assessed.find((c) => c.coveredFraction > 0 && c.validFraction >= minValidFraction);
    if (clear)
      return {
        date: clear.acquisition.date,
        validFraction: clear.validFraction,
        sceneId: clear.acquisition.id,
        searched,
      };
  }
  return { date: null, validFraction: null, sceneId: null, searched };
}

/** The two searches as the routes call them, on the caller's own parcel. */
export function createLatestImages(options: LatestImageOptions) {
  const { repo, imagery } = options;
  const catalog = imagery.catalog;
  const today = options.today ?? (() => day(Date.now()));
  const minValidFraction = options.minValidFraction ?? imagery.minValidFraction ?? DEFAULT_MIN_VALID_FRACTION;

  async function ownParcel(userId: number, parcelId: number) {
    const parcel = await repo.findParcel(parcelId);
    if (!parcel || parcel.userId !== userId) throw new NotFoundError();
    return parcel;
  }

  return {
    async latestAcquisition({ ctx, query }: { ctx: AuthedCtx; query: LatestImageQuery }) {
      const { parcelId, index } = query;
      const parcel = await ownParcel(ctx.actor.id, parcelId);
      const now = today();
      const bands = index ? findIndex(index)!.bands : [];
      const latest = await bounded(
        findLatestAcquisition({ catalog, geometry: parcel.geom, today: now, bands }),
        imagery.deadlineMs,
      );
      const answer: LatestAcquisitionAnswer = {
        parcelId,
        date: latest?.date ?? null,
        window: latest ? windowFor(latest.date, now) : null,
      };
      return answer;
    },

    async latestClear({ ctx, query }: { ctx: AuthedCtx; query: LatestImageQuery }) {
      const { parcelId, index } = query;
      const parcel = await ownParcel(ctx.actor.id, parcelId);
      const bands = index ? findIndex(index)!.bands : [];
      const found = await bounded(
        findLatestClear({
          catalog,
          geometry: parcel.geom,
          today: today(),
          bands,
          minValidFraction,
          cloudBufferM: imagery.cloudBufferM,
        }),
        imagery.deadlineMs,
      );
      const answer: LatestClearAnswer = { parcelId, minValidFraction, ...found };
      return answer;
    },
  };
}
