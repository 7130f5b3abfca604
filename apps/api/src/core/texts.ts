import type { Language } from '../i18n/messages.ts';

/**
 * Success messages the routes send in `message` fields, in the caller's language, shared by several modules (the
 * error texts are in i18n/messages.ts, the images' texts in i18n/texts.ts).
 */

/** Success messages of the farmer-domain routes, in the caller's language. */
const DOMAIN_TEXTS = {
  planDeleted: { ar: 'تم حذف العرض.', fr: 'Abonnement supprimé.' },
  functionalityAssigned: { ar: 'تم إسناد الخاصية.', fr: 'Fonctionnalité assignée.' },
  subscriptionCreated: {
    ar: 'تم تسجيل طلب الاشتراك، في انتظار التفعيل.',
    fr: 'Abonnement enregistré, en attente d’activation.',
  },
  subscriptionUpdated: { ar: 'تم تحديث الاشتراك.', fr: 'Abonnement mis à jour.' },
  subscriptionDeleted: { ar: 'تم حذف الاشتراك.', fr: 'Abonnement supprimé.' },
  indexDeleted: { ar: 'تم حذف المؤشر.', fr: 'Indice supprimé.' },
  legendDeleted: { ar: 'تم حذف مجال المفتاح.', fr: 'Légende supprimée.' },
  assignmentDeleted: { ar: 'تم حذف الإسناد.', fr: 'Affectation supprimée.' },
  parcelCreated: { ar: 'تمت إضافة القطعة بنجاح!', fr: 'Parcelle ajoutée avec succès !' },
  parcelDeleted: { ar: 'تم حذف القطعة بنجاح!', fr: 'Parcelle supprimée avec succès !' },
  serviceRequestSent: {
    ar: 'تم إرسال طلبك، سنتصل بك قريبًا.',
    fr: 'Votre demande a été envoyée, nous vous contacterons bientôt.',
  },
} satisfies Record<string, Record<Language, string>>;

export type DomainTextKey = keyof typeof DOMAIN_TEXTS;

export function domainText(key: DomainTextKey, lang: Language): string {
  return DOMAIN_TEXTS[key][lang];
}

/** Success messages of the marketplace routes (SPEC §8 wording for French where it exists). */
const MARKETPLACE_TEXTS = {
  sellerPlanDeleted: { ar: 'تم حذف عرض البائع.', fr: 'Offre vendeur supprimée.' },
  sellerSubscriptionCreated: { ar: 'تم تفعيل اشتراك البائع لمدة سنة.', fr: 'Abonnement vendeur activé pour un an.' },
  sellerSubscriptionUpdated: { ar: 'تم تحديث الاشتراك.', fr: 'Abonnement mis à jour.' },
  sellerSubscriptionDeleted: { ar: 'تم حذف الاشتراك.', fr: 'Abonnement supprimé.' },
  publicationCreated: { ar: 'تم إنشاء المنشور بنجاح', fr: 'Publication créée avec succès' },
  publicationUpdated: { ar: 'تم تحديث المنتج بنجاح', fr: 'Produit mis à jour avec succès' },
  publicationDeleted: { ar: 'تم حذف المنتج بنجاح', fr: 'Produit supprimé avec succès' },
} satisfies Record<string, Record<Language, string>>;

export type MarketplaceTextKey = keyof typeof MARKETPLACE_TEXTS;

export function marketplaceText(key: MarketplaceTextKey, lang: Language): string {
  return MARKETPLACE_TEXTS[key][lang];
}
