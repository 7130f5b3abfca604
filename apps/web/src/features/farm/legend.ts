import type { IndexLegend } from '@filaha/shared/contracts';
import { indexCodeFromName } from '@filaha/shared';
import type { LangCode } from '../../i18n/languages.ts';
import { formatNumber } from './format.ts';

/**
 * SPEC §3 "Legende" as the API answers it (packages/shared/src/contracts/indices.ts), with what the map and the
 * back office's preview of a legend being drawn both have: the descriptions per language and the position optional.
 */
export type LegendEntry = Pick<IndexLegend, 'id' | 'intervalDeb' | 'intervalFin' | 'color' | 'descriptionLeg'> &
  Partial<Pick<IndexLegend, 'descriptionLegFr' | 'descriptionLegAr' | 'position'>>;

const RANGE_WORD: Record<LangCode, string> = { fr: 'à', ar: 'إلى' };

/** SPEC §9: the range text of a legend row, 'a à b' in French and 'a إلى b' in Arabic, numbers per language. */
export function legendRange(start: number, end: number, lang: LangCode): string {
  return `${formatNumber(start, lang, 3)} ${RANGE_WORD[lang]} ${formatNumber(end, lang, 3)}`;
}

export function legendText(entry: LegendEntry, lang: LangCode): string {
  const own = lang === 'fr' ? entry.descriptionLegFr : entry.descriptionLegAr;
  return own || entry.descriptionLeg;
}

/** The index's intervals in ascending order (the API already sorts; a hand-made list may not be). */
export function sortedLegend(legend: readonly LegendEntry[]): LegendEntry[] {
  return [...legend].sort((a, b) => a.intervalDeb - b.intervalDeb);
}

/** The class a value falls in: intervals are [start, end), the last one also holds its end. */
export function legendClassOf(value: number, legend: readonly LegendEntry[]): LegendEntry | null {
  const rows = sortedLegend(legend);
  const last = rows[rows.length - 1];
  return (
    rows.find((r) => value >= r.intervalDeb && value < r.intervalFin) ??
    (last && value === last.intervalFin ? last : null)
  );
}

/** SPEC §9 index colours (the radio list and buttons): NDVI green, NDMI blue, NDWI cyan, NDRE lime, others grey. */
export function indexTone(code: string): { dot: string; ring: string } {
  switch (code.toUpperCase()) {
    case 'NDVI':
      return { dot: 'bg-green-600', ring: 'border-green-600' };
    case 'NDMI':
      return { dot: 'bg-blue-600', ring: 'border-blue-600' };
    case 'NDWI':
      return { dot: 'bg-cyan-500', ring: 'border-cyan-500' };
    case 'NDRE':
      return { dot: 'bg-lime-500', ring: 'border-lime-500' };
    default:
      return { dot: 'bg-stone-400', ring: 'border-stone-400' };
  }
}

/** SPEC §3: an index is matched by its name without the 'Indice' prefix, spaces and case ('Indice NDVI' → NDVI). */
export function indexCodeOf(index: { code?: string | null; indiceName: string }): string {
  return index.code ? index.code.toUpperCase() : indexCodeFromName(index.indiceName);
}
