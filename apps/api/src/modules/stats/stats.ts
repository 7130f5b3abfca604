import type { RequestsPerMonth } from '@filaha/shared/contracts';
import { ALGIERS_TIME_ZONE } from '../../core/time.ts';
import type { StatsRepository } from './stats.repository.ts';

/** The last `count` months as `YYYY-MM`, oldest first, in Algiers time. */
export function lastMonths(count: number, now = new Date()): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: ALGIERS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * Requests used per index per month. A charged request is exactly one `index_results` row (a repeated request
 * for an image already produced is answered from that row and not charged), so the months count those rows by
 * their creation time. Rows go with a deleted parcel or account, and so do their requests here.
 */
export async function requestsPerMonth(
  repo: StatsRepository,
  months: number,
  now = new Date(),
): Promise<RequestsPerMonth> {
  const labels = lastMonths(months, now);
  const byIndex = new Map<string, { code: string; name: string; counts: number[] }>();
  for (const row of await repo.requestCountsSince(labels[0]!)) {
    const at = labels.indexOf(row.month);
    if (at === -1) continue;
    const entry = byIndex.get(row.code) ?? { code: row.code, name: row.name, counts: labels.map(() => 0) };
    entry.counts[at]! += Number(row.count);
    byIndex.set(row.code, entry);
  }
  const series = [...byIndex.values()].sort((a, b) => a.code.localeCompare(b.code));
  return { months: labels, series };
}
