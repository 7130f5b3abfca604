import { CHANGE_LEGEND } from '@filaha/imagery';
import type { ChangeAnswer } from '@filaha/shared/contracts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { SIGNED_URL_TTL_SECONDS, type IndexRecord } from '../images/public.ts';
import { safe } from './change-files.ts';
import type { ChangeRow } from './change.repository.ts';

export const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A stored change map as the API answers it: fresh signed URLs, the statistics of the difference and of each date,
 * and the pixels that fell by more than `threshold` (read from the stored counts: any threshold, no recomputation).
 */
export function toChangeAnswer(
  storage: ObjectStorage,
  minValidFraction: number,
  index: IndexRecord,
  row: ChangeRow,
  cached: boolean,
  threshold: number,
): ChangeAnswer {
  const ttl = SIGNED_URL_TTL_SECONDS;
  const fellCount = row.fellCounts[Math.round(threshold * 100) - 1] ?? 0;
  const name = `${safe(index.code, 16)}_parcelle-${row.parcelId}_${day(row.earlierDatetime)}_${day(row.laterDatetime)}_change.tif`;
  const date = (which: 'earlier' | 'later') => ({
    scene: {
      id: which === 'earlier' ? row.earlierSceneId : row.laterSceneId,
      datetime: (which === 'earlier' ? row.earlierDatetime : row.laterDatetime).toISOString(),
      cloudFraction: which === 'earlier' ? row.earlierCloudFraction : row.laterCloudFraction,
    },
    imageUrl: storage.signedUrl(which === 'earlier' ? row.earlierImageKey : row.laterImageKey, ttl),
    stats: which === 'earlier' ? row.earlierStats : row.laterStats,
    startDate: which === 'earlier' ? row.earlierStart : row.laterStart,
    endDate: which === 'earlier' ? row.earlierEnd : row.laterEnd,
  });
  return {
    success: true,
    changeId: row.id,
    cached,
    index: index.code,
    imageUrl: storage.signedUrl(row.imageKey, ttl),
    valuesUrl: storage.sameOriginUrl(row.valuesKey, ttl),
    downloadUrl: storage.signedUrl(row.tiffKey, ttl, { downloadName: name }),
    width: row.width,
    height: row.height,
    bounds: row.bounds,
    stats: row.stats,
    threshold,
    fellCount,
    fellFraction: row.stats.count === 0 ? 0 : fellCount / row.stats.count,
    alignment: row.alignment,
    legend: [...CHANGE_LEGEND],
    minValidFraction,
    earlier: date('earlier'),
    later: date('later'),
  };
}
