import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat, numberFormat } from './intl.ts';

/** SPEC §9: dates in fr-FR for French; Arabic formatting (Algerian locale) for Arabic. */
export function localeOf(lang: string): string {
  return lang === 'fr' ? 'fr-FR' : 'ar-DZ';
}

export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '—';
  // Plain dates ('2025-08-14') are calendar days: read them at noon UTC so no time zone shifts the day.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(localeOf(lang), { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

export function formatNumber(value: number, lang: string, maxDigits = 2): string {
  return numberFormat(localeOf(lang), { maximumFractionDigits: maxDigits }).format(value);
}

/** The formatters bound to the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(
    () => ({
      lang,
      date: (value: string | null | undefined) => formatDate(value, lang),
      number: (value: number, maxDigits = 2) => formatNumber(value, lang, maxDigits),
    }),
    [lang],
  );
}

/** Smooth scrolling, unless the visitor asked the system for reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
