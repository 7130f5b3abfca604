import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockUnit } from '@filaha/shared';
import { asLang, formatNumber, LOCALES } from '../farm/format.ts';
import { dateFormat } from '../../lib/intl.ts';

/** Units counted in pieces take a noun that agrees with the number; the others are written as a symbol. */
const COUNTED = ['unit', 'bag', 'box', 'bale'] as const;
type CountedUnit = (typeof COUNTED)[number];
const isCounted = (unit: StockUnit): unit is CountedUnit => (COUNTED as readonly string[]).includes(unit);

/**
 * User text (an item name, a file name) inside a sentence, isolated (FSI…PDI) so a Latin name keeps its order
 * in an Arabic sentence and the other way round.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/** Today on the Algerian calendar (UTC+1), the day the API compares movement dates with. */
export function algiersToday(now: Date = new Date()): string {
  return dateFormat('en-CA', { timeZone: 'Africa/Algiers', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

/**
 * The stock screens' formatters in the current language: quantities with up to 3 decimals and their unit
 * ("12,5 kg", "3 أكياس"), DA amounts, and calendar days as 12/08/2025 (fr-FR; ar-DZ keeps Latin digits).
 */
export function useStockFormat() {
  const { t, i18n } = useTranslation('stock');
  const lang = asLang(i18n.language);
  return useMemo(() => {
    const plural = new Intl.PluralRules(LOCALES[lang]);
    const day = dateFormat(LOCALES[lang], { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    const number = (value: number) => formatNumber(value, lang, 3);
    return {
      lang,
      number,
      quantity: (value: number, unit: StockUnit): string => {
        const n = number(value);
        return isCounted(unit)
          ? t(`count.${unit}.${plural.select(value)}`, { n })
          : t('quantity', { n, unit: t(`symbols.${unit}`) });
      },
      amount: (value: number): string => t('amount', { amount: formatNumber(value, lang, 2) }),
      /** A YYYY-MM-DD day, read as the calendar day it names. */
      date: (ymd: string): string => {
        const time = Date.parse(`${ymd.slice(0, 10)}T00:00:00Z`);
        return Number.isNaN(time) ? ymd : day.format(time).replace(/\u200e/g, '');
      },
      unit: (unit: StockUnit): string => t(`units.${unit}`),
      /** The short form for a field label: the symbol ("kg"), or the counted noun ("Sac"). */
      unitShort: (unit: StockUnit): string => (isCounted(unit) ? t(`units.${unit}`) : t(`symbols.${unit}`)),
    };
  }, [t, lang]);
}

export type StockFormat = ReturnType<typeof useStockFormat>;
