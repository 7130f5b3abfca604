import type { Language } from './messages.ts';

/**
 * Success and information messages the API sends in `message` fields, in the caller's language (SPEC §8 wording
 * for French where it exists); the error texts are in i18n/messages.ts.
 */
const TEXTS = {
  registered: { ar: 'تم إنشاء حسابك بنجاح.', fr: 'Votre compte a été créé avec succès.' },
  resetCodeSent: {
    ar: 'إذا كان هذا البريد مسجلًا لدينا، فقد أرسلنا إليه رمزًا من 5 أرقام صالحًا لمدة 15 دقيقة.',
    fr: 'Si cette adresse est enregistrée, un code à 5 chiffres valable 15 minutes vient de lui être envoyé.',
  },
  passwordChanged: {
    ar: 'تم تغيير كلمة المرور، يمكنك الآن تسجيل الدخول.',
    fr: 'Mot de passe modifié, vous pouvez vous connecter.',
  },
  userUpdated: { ar: 'تم تحديث الحساب.', fr: 'Compte mis à jour.' },
  userDeleted: { ar: 'تم حذف المستخدم.', fr: 'Utilisateur supprimé.' },
  // Organisations and the farmers' consent (modules/organisations).
  memberRemoved: { ar: 'تمت إزالة العضو من الهيئة.', fr: "Membre retiré de l'organisation." },
  apiKeyRevoked: {
    ar: 'تم إلغاء المفتاح: يُرفض من الطلب التالي.',
    fr: 'Clé révoquée : refusée dès la prochaine requête.',
  },
  irrigationRemoved: { ar: 'تم حذف عملية السقي.', fr: 'Irrigation supprimée.' },
  grantRevoked: {
    ar: 'تم سحب الإذن: لم تعد الهيئة ترى هذه القطع.',
    fr: "Accès retiré : l'organisation ne voit plus ces parcelles.",
  },
  // Satellite images (modules/images, modules/history). {placeholders} are filled by the module.
  quotaTitle: { ar: 'تم بلوغ حد الطلبات', fr: 'Limite de requêtes atteinte' },
  quotaMessage: {
    ar: 'لقد استعملت كل طلبات مؤشر {index} المتاحة في اشتراكك ({used}/{limit}). تواصل معنا لزيادة الحد.',
    fr: 'Vous avez utilisé toutes les requêtes {index} de votre abonnement ({used}/{limit}). Contactez-nous pour augmenter votre quota.',
  },
  noSceneMessage: {
    ar: 'لا توجد صورة Sentinel-2 تغطي القطعة بين {start} و{end}.',
    fr: 'Aucune image Sentinel-2 ne couvre la parcelle entre le {start} et le {end}.',
  },
  allCloudyMessage: {
    ar: 'الصور المتوفرة لهذه الفترة مغطاة بالسحب فوق القطعة (الجزء المرئي {percent}٪ فقط).',
    fr: 'Les images de la période sont couvertes de nuages sur la parcelle (seulement {percent} % visible).',
  },
  noImageFound: { ar: 'لم يتم العثور على أي صورة.', fr: 'Aucune image trouvée.' },
  // Marketplace photos (modules/marketplace/photos.ts).
  photoTooLarge: {
    ar: 'الصورة «{file}» كبيرة جدًا: {megapixels} ميغابكسل ({width}×{height})، والحد الأقصى {limit} ميغابكسل. صغّر أبعادها ثم أعد إرسالها.',
    fr: 'La photo « {file} » est trop grande : {megapixels} mégapixels ({width}×{height}), au plus {limit} mégapixels. Réduisez ses dimensions puis envoyez-la de nouveau.',
  },
  indexNotFound: { ar: 'المؤشر غير موجود.', fr: 'Index non trouvé.' },
  // The farmer domain: plans, subscriptions, indices, legends, parcels, services.
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
  // The marketplace: seller plans and subscriptions, publications.
  sellerPlanDeleted: { ar: 'تم حذف عرض البائع.', fr: 'Offre vendeur supprimée.' },
  sellerSubscriptionCreated: { ar: 'تم تفعيل اشتراك البائع لمدة سنة.', fr: 'Abonnement vendeur activé pour un an.' },
  sellerSubscriptionUpdated: { ar: 'تم تحديث الاشتراك.', fr: 'Abonnement mis à jour.' },
  sellerSubscriptionDeleted: { ar: 'تم حذف الاشتراك.', fr: 'Abonnement supprimé.' },
  publicationCreated: { ar: 'تم إنشاء المنشور بنجاح', fr: 'Publication créée avec succès' },
  publicationUpdated: { ar: 'تم تحديث المنتج بنجاح', fr: 'Produit mis à jour avec succès' },
  publicationDeleted: { ar: 'تم حذف المنتج بنجاح', fr: 'Produit supprimé avec succès' },
} satisfies Record<string, Record<Language, string>>;

export type TextKey = keyof typeof TEXTS;

export function text(key: TextKey, lang: Language): string {
  return TEXTS[key][lang];
}
