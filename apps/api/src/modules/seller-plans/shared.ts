import type { Language } from '../../i18n/messages.ts';

/** Helpers of the marketplace modules (seller plans, seller subscriptions, publications). */

/** Success messages of the marketplace routes (SPEC §8 wording for French where it exists). */
const TEXTS = {
  sellerPlanDeleted: { ar: 'تم حذف عرض البائع.', fr: 'Offre vendeur supprimée.' },
  sellerSubscriptionCreated: { ar: 'تم تفعيل اشتراك البائع لمدة سنة.', fr: 'Abonnement vendeur activé pour un an.' },
  sellerSubscriptionUpdated: { ar: 'تم تحديث الاشتراك.', fr: 'Abonnement mis à jour.' },
  sellerSubscriptionDeleted: { ar: 'تم حذف الاشتراك.', fr: 'Abonnement supprimé.' },
  publicationCreated: { ar: 'تم إنشاء المنشور بنجاح', fr: 'Publication créée avec succès' },
  publicationUpdated: { ar: 'تم تحديث المنتج بنجاح', fr: 'Produit mis à jour avec succès' },
  publicationDeleted: { ar: 'تم حذف المنتج بنجاح', fr: 'Produit supprimé avec succès' },
} satisfies Record<string, Record<Language, string>>;

export type MarketplaceTextKey = keyof typeof TEXTS;

export function marketplaceText(key: MarketplaceTextKey, lang: Language): string {
  return TEXTS[key][lang];
}

const DAY_MS = 24 * 3600 * 1000;

/** Dates are the Algerian calendar day (UTC+1, no DST), whatever the server's time zone. */
export function algiersToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Algiers',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** 'YYYY-MM-DD' plus whole years (29 February rolls over to 1 March). */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** SPEC §9: the rounded-up absolute difference in days between the end date (midnight UTC) and now. */
export function remainingDays(endDate: string, now: Date = new Date()): number {
  const end = Date.parse(`${endDate}T00:00:00Z`);
  return Math.ceil(Math.abs(end - now.getTime()) / DAY_MS);
}
