import type { Language } from './messages.ts';

/** Success messages the API sends in `message` fields (SPEC §8 wording for French where it exists). */
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
} satisfies Record<string, Record<Language, string>>;

export type TextKey = keyof typeof TEXTS;

export function text(key: TextKey, lang: Language): string {
  return TEXTS[key][lang];
}
