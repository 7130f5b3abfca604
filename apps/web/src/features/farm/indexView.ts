import { useQuery } from '@tanstack/react-query';
import type { LangCode } from '../../i18n/languages.ts';
import { isRecord } from '../../lib/record.ts';
import { farmQueries, type IndexConfig, type IndexInfo, type Recommendation } from './farmApi.ts';
import { indexCodeOf, type LegendEntry } from './legend.ts';
import { useUserId } from './useFarmAccess.ts';

/** One index as the parcel and history pages show it, whether it came from the plan or the catalogue. */
export interface IndexView {
  id: number;
  code: string;
  name: string;
  description: string;
  recommendations: Recommendation[];
  legend: LegendEntry[];
}

export function fromConfig(c: IndexConfig): IndexView {
  return {
    id: c.indiceId,
    code: indexCodeOf(c),
    name: c.indiceName,
    description: c.description,
    recommendations: c.recomndation,
    legend: c.legende,
  };
}

export function fromInfo(i: IndexInfo): IndexView {
  return {
    id: i.id,
    code: indexCodeOf(i),
    name: i.indiceName,
    description: i.description,
    recommendations: i.recomndation,
    legend: i.legende,
  };
}

/** SPEC §3: an index description is JSON text with ar and fr keys; plain text is shown as it is. */
export function descriptionIn(description: string, lang: LangCode): string {
  try {
    const parsed: unknown = JSON.parse(description);
    const text = isRecord(parsed) ? parsed[lang] : undefined;
    if (typeof text === 'string') return text;
  } catch {
    // Not JSON: an older row keeps one text for both languages.
  }
  return description;
}

/**
 * The indices a parcel page offers: those of the farmer's active plan; without an active plan, every index
 * of the catalogue, so past images stay reachable (`fromPlan` says which).
 */
export function useParcelIndices(): { indices: IndexView[] | null; fromPlan: boolean; isError: boolean } {
  const { userId } = useUserId();
  const config = useQuery({ ...farmQueries.config(userId ?? 0), enabled: userId !== null, retry: false });
  const catalogue = useQuery({ ...farmQueries.indices, enabled: config.isError });
  if (config.data) return { indices: config.data.map(fromConfig), fromPlan: true, isError: false };
  if (catalogue.data) return { indices: catalogue.data.map(fromInfo), fromPlan: false, isError: false };
  return { indices: null, fromPlan: false, isError: catalogue.isError };
}

/** The recommendation matching a legend class, when the index has one recommendation per class. */
export function recommendationFor(index: IndexView, entry: LegendEntry | null): Recommendation | null {
  if (!entry || index.recommendations.length !== index.legend.length) return null;
  const position = [...index.legend].sort((a, b) => a.intervalDeb - b.intervalDeb).findIndex((l) => l.id === entry.id);
  return index.recommendations[position] ?? null;
}
