import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from './intl.ts';

export type MoneyLang = 'ar' | 'fr';

/** Number locales: fr-FR per SPEC §9; Algerian Arabic keeps Latin digits, as Algerian documents do. */
const NUMBER_LOCALE: Record<MoneyLang, string> = { ar: 'ar-DZ', fr: 'fr-FR' };

/** U+202F NARROW NO-BREAK SPACE: what fr-FR groups thousands with; it never breaks a number across lines. */
const GROUP = '\u202f';

/**
 * An amount in the reader's locale with Intl.NumberFormat ("40 000", "12 500,25"): the language's digits and
 * decimal sign, and thousands grouped by a narrow no-break space in both languages. CLDR's ar-DZ groups with a
 * dot ("40.000"), which an Algerian reader takes for a decimal point next to "دج" (40 DA instead of 40 000 DA);
 * Algerian price lists write "40 000 دج", so the group separator is the one part that is replaced.
 */
export function formatAmount(value: number, lang: MoneyLang, maximumFractionDigits = 2): string {
  return numberFormat(NUMBER_LOCALE[lang], { maximumFractionDigits })
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? GROUP : part.value))
    .join('');
}

export interface PlanPrice {
  /** The amount in DA, or null when the text holds no number (then `raw` is shown as written). */
  amount: number | null;
  period: 'year' | 'month' | null;
  raw: string;
}

/**
 * The first price of a plan's `prices` text (SPEC §2: "first price in DA"). The text is free-form
 * ("15000 DA/an", "15 000, 25 000", "40000", "40 000 دج / سنة"); the first number counts, thousands separators
 * allowed, and a period word in either language is recognised.
 */
export function firstPrice(prices: string): PlanPrice {
  const raw = prices.split(/[;|\n]|,\s/)[0]?.trim() ?? '';
  const match = /\d{1,3}(?:[\s.,\u00a0\u202f]\d{3})+(?!\d)|\d+/.exec(raw);
  const amount = match ? Number(match[0].replace(/\D/g, '')) : null;
  const rest = match ? raw.slice(match.index + match[0].length).toLowerCase() : '';
  const period = /mois|month|شهر/.test(rest) ? 'month' : /\ban\b|année|year|سنة|سنوي/.test(rest) ? 'year' : null;
  return { amount, period, raw };
}

/**
 * Price formatters bound to the reader's language: `dinars(40000)` → "40 000 دج" / "40 000 DA";
 * `plan('40000 DA/an')` → "40 000 دج / سنة" / "40 000 DA / an"; `perUnit(2500, 'quintal')` → "2 500 DA / quintal".
 * The words live in the `common` namespace (always loaded), so any screen can show a price.
 */
export function useMoney() {
  const { t, i18n } = useTranslation('common');
  const lang: MoneyLang = i18n.language === 'fr' ? 'fr' : 'ar';
  return useMemo(() => {
    const dinars = (value: number) => t('money.dinars', { amount: formatAmount(value, lang) });
    return {
      lang,
      amount: (value: number, maximumFractionDigits = 2) => formatAmount(value, lang, maximumFractionDigits),
      dinars,
      perYear: (value: number) => t('money.perYear', { price: dinars(value) }),
      perUnit: (value: number, unit: string) => t('money.perUnit', { price: dinars(value), unit }),
      plan: (prices: string) => {
        const price = firstPrice(prices);
        if (price.amount === null) return price.raw;
        const text = dinars(price.amount);
        if (price.period === 'year') return t('money.perYear', { price: text });
        if (price.period === 'month') return t('money.perMonth', { price: text });
        return text;
      },
    };
  }, [t, lang]);
}
