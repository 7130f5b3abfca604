import type { Language } from '../../i18n/messages.ts';

/** Success messages of the farmer-domain routes, in the caller's language. */
const TEXTS = {
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

export type DomainTextKey = keyof typeof TEXTS;

export function domainText(key: DomainTextKey, lang: Language): string {
  return TEXTS[key][lang];
}
