import type { LangCode } from '../../i18n/languages.ts';
import { dateFormat, numberFormat, prepareDateFormat } from '../../lib/intl.ts';

/**
 * Number and date formatting per language: French as fr-FR; Arabic as written in Algeria (ar-DZ: Latin
 * digits, decimal comma, Algerian month names such as «أوت»).
 */
export const LOCALES: Record<LangCode, string> = { fr: 'fr-FR', ar: 'ar-DZ' };

export const asLang = (language: string): LangCode => (language === 'fr' ? 'fr' : 'ar');

export function formatNumber(value: number, lang: LangCode, maxDigits = 3, minDigits = 0): string {
  const format = numberFormat(LOCALES[lang], { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits });
  // ICU puts a left-to-right mark before the minus sign in Arabic; it is invisible and breaks copy-paste.
  return format.format(value).replace(/\u200e/g, '');
}

export function formatPercent(fraction: number, lang: LangCode): string {
  return numberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 1 })
    .format(fraction)
    .replace(/\u200e/g, '');
}

const LONG_DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };

/** A YYYY-MM-DD day (or an ISO date-time) as a long date, read as the calendar day it names (UTC). */
export function formatDay(value: string, lang: LangCode): string {
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return value;
  return dateFormat(LOCALES[lang], LONG_DAY).format(time);
}

// The farm map's first screen shows long dates (its period, the plan's start): that formatter is built while the
// screen waits for its reads (this module loads before its first render: app/prepareRoute.ts).
if (typeof document !== 'undefined') prepareDateFormat(LOCALES[asLang(document.documentElement.lang)], LONG_DAY);

/** A short day for chart axes. */
export function formatShortDay(value: string, lang: LangCode): string {
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return value;
  return dateFormat(LOCALES[lang], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(time);
}
