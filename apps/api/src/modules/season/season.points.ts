import { createHash } from 'node:crypto';
import type { PolygonGeometry } from '@filaha/db';
import { computeSeries, DEFAULT_MASKED_SCL_CLASSES, type SeriesPoint, type SeriesSkip } from '@filaha/imagery';
import type { Imagery } from '../../lib/imagery/imagery.ts';
import type { SeasonRepository, SeriesRow } from './season.repository.ts';

/**
 * The season curve's points (issue 15 §1): each acquisition is computed once per parcel × index × basis and stored
 * in `series_points`; a repeated request, or the background jobs, compute only the acquisitions not stored yet.
 */

/** The deployment's settings a season point is computed with. */
export interface SeriesSettings {
  minValidFraction: number;
  /** CLOUD_BUFFER_M (undefined: the engine's default). */
  cloudBufferM?: number;
  /** The masked SCL classes (undefined: DEFAULT_MASKED_SCL_CLASSES); order and repeats do not matter. */
  maskClasses?: ReadonlyArray<number>;
}

/**
 * What a stored point depends on besides the scene: a new geometry or setting — the minimum valid fraction, the
 * cloud buffer, the masked SCL classes — means new rows (the old ones are never reused for it).
 */
export function seriesBasis(geometry: PolygonGeometry, settings: SeriesSettings) {
  const { minValidFraction, cloudBufferM } = settings;
  const maskClasses = [...new Set(settings.maskClasses ?? DEFAULT_MASKED_SCL_CLASSES)].sort((a, b) => a - b);
  return createHash('sha256')
    .update(JSON.stringify({ v: 1, geometry, minValidFraction, cloudBufferM: cloudBufferM ?? null, maskClasses }))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The rows stored for one curve (parcel × index × basis) from the engine's results: points, and CLOUDY /
 * OUTSIDE_COVERAGE skips. A missing band is a catalog defect that may be repaired: never stored, asked again next
 * time. Shared by the curve route and the tile pass jobs.
 */
export function seriesRows(
  key: { parcelId: number; indexCode: string; basis: string },
  results: ReadonlyArray<SeriesPoint | SeriesSkip>,
): SeriesRow[] {
  const rows: SeriesRow[] = [];
  for (const r of results) {
    if ('stats' in r) {
      rows.push({
        ...key,
        sceneId: r.sceneId,
        date: r.date,
        status: 'point',
        stats: r.stats,
        validFraction: r.stats.validFraction,
        tiles: r.tiles,
      });
    } else if (r.reason !== 'MISSING_BAND') {
      rows.push({
        ...key,
        sceneId: r.sceneId,
        date: r.date,
        status: r.reason,
        stats: null,
        validFraction: r.validFraction ?? null,
        tiles: null,
      });
    }
  }
  return rows;
}

export interface StoreSeriesInput {
  imagery: Pick<Imagery, 'catalog' | 'minValidFraction' | 'cloudBufferM' | 'maskClasses'>;
  parcel: { id: number; geom: PolygonGeometry };
  index: string;
  /** Inclusive days, YYYY-MM-DD. */
  from: string;
  to: string;
}

/**
 * Computes the acquisitions of [from, to] not yet stored for this parcel × index × basis and stores them (points,
 * and CLOUDY / OUTSIDE_COVERAGE skips; a missing band is never stored). Shared by the curve route and the
 * background jobs (apps/api/src/jobs, through public.ts): whoever comes first computes, the unique index keeps one
 * row per scene. `inserted` counts the rows this call actually added (ON CONFLICT DO NOTHING skips a concurrent
 * writer's).
 */
export async function computeAndStoreSeries(
  series: Pick<SeasonRepository, 'storedSceneIds' | 'insert'>,
  input: StoreSeriesInput,
) {
  const { imagery, parcel, index, from, to } = input;
  const basis = seriesBasis(parcel.geom, imagery);
  const known = await series.storedSceneIds({ parcelId: parcel.id, indexCode: index, basis }, from, to);
  const fresh = await computeSeries({
    catalog: imagery.catalog,
    geometry: parcel.geom,
    index,
    from,
    to,
    known,
    minValidFraction: imagery.minValidFraction,
    cloudBufferM: imagery.cloudBufferM,
    maskClasses: imagery.maskClasses,
  });
  const rows = seriesRows({ parcelId: parcel.id, indexCode: index, basis }, [...fresh.points, ...fresh.skipped]);
  // Two writers computing the same scene at once store it once.
  return { basis, fresh, inserted: await series.insert(rows) };
}
