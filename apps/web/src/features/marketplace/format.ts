import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { WILAYAS, type PublicationUnit } from '@filaha/shared';
import { formatAmount as formatMoneyAmount } from '../../lib/money.ts';
import type { SellerRoleRef } from './api.ts';
import { dateFormat, numberFormat } from '../../lib/intl.ts';

export type Lang = 'ar' | 'fr';

/** Number and date locales: fr-FR per SPEC §9; Algerian Arabic keeps Latin digits, as Algerian documents do. */
export const LOCALE: Record<Lang, string> = { ar: 'ar-DZ', fr: 'fr-FR' };

export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'fr' ? 'fr' : 'ar';
}

/** "1 500", "45,5": at most two decimals (prices can be per kilo); lib/money.ts groups thousands in both languages. */
export function formatAmount(value: number, lang: Lang): string {
  return formatMoneyAmount(value, lang, 2);
}

/** Prices are in DA (SPEC §9): "1 500 DA" in French, "1 500 دج" in Arabic. */
export function usePriceFormat(): (value: number) => string {
  const { t } = useTranslation('marketplace');
  const lang = useLang();
  return useCallback((value: number) => t('price', { amount: formatAmount(value, lang) }), [t, lang]);
}

/**
 * A publication's price and quantity with its unit (issue 13 §5): `price(2500, 'quintal')` → "2 500 DA / quintal",
 * `quantity(30, 'quintal')` → "30 quintaux" / "30 قنطارًا" (the unit agrees with the number in both languages).
 * A publication without a unit (null: an API client sent none) shows the bare price and number: "2 500 DA", "30".
 */
export function useUnitFormat() {
  const { t } = useTranslation('marketplace');
  const { t: tc } = useTranslation('common');
  const lang = useLang();
  const price = usePriceFormat();
  return useMemo(
    () => ({
      label: (unit: PublicationUnit) => t(`unit.${unit}.label`),
      price: (value: number, unit: PublicationUnit | null) =>
        unit === null ? price(value) : tc('money.perUnit', { price: price(value), unit: t(`unit.${unit}.per`) }),
      quantity: (value: number, unit: PublicationUnit | null) =>
        unit === null
          ? formatAmount(value, lang)
          : t(`unit.${unit}.count`, { count: value, amount: formatAmount(value, lang) }),
    }),
    [t, tc, lang, price],
  );
}

/** "365 jours" / "365 يومًا": ICU knows the Arabic agreement of the counted noun (أيام، يومًا، يوم). */
export function formatDays(value: number, lang: Lang): string {
  return numberFormat(LOCALE[lang], { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(value);
}

export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(LOCALE[lang], { dateStyle: 'long' }).format(date);
}

export function sellerRoleName(role: SellerRoleRef | { roleName: string; roleNameAr?: string } | null, lang: Lang) {
  if (!role) return '';
  return lang === 'ar' && role.roleNameAr ? role.roleNameAr : role.roleName;
}

export function wilayaName(id: number | string | null | undefined, lang: Lang): string {
  const wilaya = WILAYAS.find((w) => w.id === Number(id));
  return wilaya ? wilaya[lang] : '';
}

/** The marketplace screens exist in both the farmer (/user) and the seller (/seller) areas. */
export function useAreaBase(): '/user' | '/seller' {
  const { pathname } = useLocation();
  return pathname.toLowerCase().startsWith('/seller') ? '/seller' : '/user';
}
