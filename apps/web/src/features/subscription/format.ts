import { formatAmount } from '../../lib/money.ts';
import { dateFormat, numberFormat } from '../../lib/intl.ts';
import { isRecord } from '../../lib/record.ts';

export type Lang = 'ar' | 'fr';

/** Number and date locales: fr-FR per SPEC §9; Algerian Arabic keeps Latin digits, as Algerian documents do. */
export const LOCALE: Record<Lang, string> = { ar: 'ar-DZ', fr: 'fr-FR' };

/** The first price of an offer's `prices` text: lib/money.ts, shared with the back office. */
export { firstPrice, type PlanPrice as Price } from '../../lib/money.ts';

/** "40 000" in both languages (lib/money.ts: Latin digits, narrow no-break space between thousands). */
export function formatNumber(value: number, lang: Lang): string {
  return formatAmount(value, lang);
}

/** "12 mois" / "12 شهرًا": ICU knows the Arabic number agreement (شهر، شهران، 3 أشهر، 12 شهرًا). */
export function formatMonths(value: number, lang: Lang): string {
  return numberFormat(LOCALE[lang], { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(value);
}

/** Long dates ("22 novembre 2025" / "22 نوفمبر 2025"); an unreadable value is shown as received. */
export function formatDate(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(LOCALE[lang], { dateStyle: 'long' }).format(date);
}

/**
 * An index description travels as JSON text {"ar", "fr"} (SPEC §3). Picks the current language, falls back
 * to the other one, and shows plain (non-JSON) text as it is.
 */
export function localizedText(value: string | null | undefined, lang: Lang): string {
  if (!value) return '';
  try {
    const parsed: unknown = JSON.parse(value);
    if (isRecord(parsed)) {
      const own = parsed[lang];
      const other = parsed[lang === 'ar' ? 'fr' : 'ar'];
      if (typeof own === 'string' && own.trim()) return own.trim();
      if (typeof other === 'string') return other.trim();
    }
  } catch {
    // Plain text: shown as written.
  }
  return value.trim();
}

/**
 * Recommendation text as a list of sentences (SPEC §2). A sentence ends at . ! ? ؟ or … followed by
 * a space, so decimals such as "0.2" or "0,2" stay whole.
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?؟…])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Share of the quota used, in whole percent, capped at 100 (SPEC §9) and never negative. */
export function usagePercent(used: number, total: number): number {
  if (!Number.isFinite(used) || !Number.isFinite(total)) return 0;
  if (total <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}
