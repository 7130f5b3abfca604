import type { ErrorCode } from '@filaha/shared';

export type Language = 'ar' | 'fr';

/**
 * Server-side text for each stable error code. The web app shows its own text for a code; this message is for
 * API clients and logs. Typed by ErrorCode so a new code cannot be added without its two translations.
 */
export const ERROR_MESSAGES: Record<ErrorCode, Record<Language, string>> = {
  VALIDATION_FAILED: { ar: 'البيانات المرسلة غير صالحة.', fr: 'Les données envoyées ne sont pas valides.' },
  EMAIL_TAKEN: { ar: 'هذا البريد الإلكتروني مستخدم بالفعل.', fr: 'Cet email est déjà utilisé.' },
  INVALID_CREDENTIALS: { ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.', fr: 'Email ou mot de passe incorrect.' },
  UNAUTHENTICATED: { ar: 'يجب تسجيل الدخول.', fr: 'Veuillez vous connecter.' },
  TOKEN_EXPIRED: {
    ar: 'انتهت صلاحية الجلسة، يرجى تسجيل الدخول من جديد.',
    fr: 'Votre session a expiré, veuillez vous reconnecter.',
  },
  FORBIDDEN: { ar: 'ليس لديك صلاحية لهذا الإجراء.', fr: "Vous n'avez pas accès à cette action." },
  NOT_FOUND: { ar: 'العنصر المطلوب غير موجود.', fr: "L'élément demandé est introuvable." },
  CONFLICT: {
    ar: 'تتعارض هذه العملية مع البيانات الحالية.',
    fr: 'Cette opération est en conflit avec les données existantes.',
  },
  RATE_LIMITED: {
    ar: 'محاولات كثيرة جدًا، يرجى المحاولة لاحقًا.',
    fr: 'Trop de tentatives, veuillez réessayer plus tard.',
  },
  RESET_CODE_INVALID: { ar: 'رمز إعادة التعيين غير صحيح.', fr: 'Le code de réinitialisation est incorrect.' },
  RESET_CODE_EXPIRED: {
    ar: 'انتهت صلاحية رمز إعادة التعيين، اطلب رمزًا جديدًا.',
    fr: 'Le code de réinitialisation a expiré, demandez-en un nouveau.',
  },
  RESET_CODE_LOCKED: {
    ar: 'تم قفل الرمز بعد محاولات خاطئة كثيرة، اطلب رمزًا جديدًا.',
    fr: 'Code bloqué après trop de tentatives, demandez-en un nouveau.',
  },
  PHONE_CODE_INVALID: { ar: 'رمز التحقق غير صحيح.', fr: 'Le code de vérification est incorrect.' },
  PHONE_CODE_EXPIRED: {
    ar: 'انتهت صلاحية رمز التحقق أو لم يُرسل، اطلب رمزًا جديدًا.',
    fr: "Le code de vérification a expiré ou n'a pas été envoyé, demandez-en un nouveau.",
  },
  PHONE_CODE_LOCKED: {
    ar: 'تم قفل رمز التحقق بعد محاولات خاطئة كثيرة، اطلب رمزًا جديدًا.',
    fr: 'Code de vérification bloqué après trop de tentatives, demandez-en un nouveau.',
  },
  PAYLOAD_TOO_LARGE: { ar: 'حجم الطلب كبير جدًا.', fr: 'La requête est trop volumineuse.' },
  BODY_TOO_DEEP: {
    ar: 'البيانات المرسلة متداخلة بعمق كبير جدًا.',
    fr: 'Les données envoyées sont imbriquées trop profondément.',
  },
  UNSUPPORTED_MEDIA: { ar: 'نوع المحتوى غير مدعوم.', fr: "Ce type de contenu n'est pas pris en charge." },
  QUOTA_EXHAUSTED: {
    ar: 'لقد استنفدت عدد الطلبات المسموح به.',
    fr: 'Vous avez atteint le nombre de requêtes autorisé.',
  },
  SUBSCRIPTION_REQUIRED: { ar: 'يتطلب هذا الإجراء اشتراكًا.', fr: 'Cette action nécessite un abonnement.' },
  SUBSCRIPTION_INACTIVE: { ar: 'اشتراكك غير مفعّل.', fr: "Votre abonnement n'est pas actif." },
  INDEX_NOT_IN_PLAN: {
    ar: 'هذا المؤشر غير مشمول في اشتراكك.',
    fr: "Cet indice n'est pas inclus dans votre abonnement.",
  },
  FEATURE_NOT_IN_PLAN: {
    ar: 'هذه الخدمة غير مشمولة في اشتراكك.',
    fr: "Ce service n'est pas inclus dans votre abonnement.",
  },
  NO_SCENE: { ar: 'لا توجد صورة قمر صناعي للفترة المختارة.', fr: 'Aucune image satellite pour la période choisie.' },
  ALL_CLOUDY: {
    ar: 'كل الصور المتوفرة للفترة المختارة مغطاة بالسحب.',
    fr: 'Toutes les images de la période choisie sont nuageuses.',
  },
  OUTSIDE_COVERAGE: {
    ar: 'هذه القطعة الأرضية خارج تغطية كتالوج الصور: لا توجد صور لها مهما كانت التواريخ.',
    fr: "Cette parcelle est hors de la couverture du catalogue d'images : aucune image, quelles que soient les dates.",
  },
  CATALOG_UNAVAILABLE: {
    ar: 'خدمة صور الأقمار الصناعية غير متاحة حاليًا.',
    fr: "Le catalogue d'images satellite est indisponible pour le moment.",
  },
  INVALID_GEOMETRY: { ar: 'الشكل الهندسي للقطعة غير صالح.', fr: 'La géométrie de la parcelle est invalide.' },
  IN_USE: { ar: 'لا يمكن الحذف لأن العنصر مستخدم.', fr: 'Suppression impossible : cet élément est utilisé.' },
  INTERNAL: { ar: 'حدث خطأ، يرجى المحاولة لاحقًا.', fr: 'Une erreur est survenue, veuillez réessayer plus tard.' },
  STORAGE_FULL: {
    ar: 'مساحة التخزين في الخادم ممتلئة: لم يُحفظ طلبك، يرجى المحاولة لاحقًا.',
    fr: "L'espace de stockage du serveur est plein : votre demande n'a pas été enregistrée, réessayez plus tard.",
  },
  SELF_DELETE: {
    ar: 'لا يمكنك حذف حسابك الخاص.',
    fr: 'Vous ne pouvez pas supprimer votre propre compte.',
  },
  BLOCKED: {
    ar: 'لا يمكن إرسال الرسالة: أحد الطرفين حظر الآخر.',
    fr: "Message impossible : l'un de vous a bloqué l'autre.",
  },
  STOCK_NEGATIVE: {
    ar: 'هذه العملية تجعل المخزون سالبًا.',
    fr: 'Cette opération rendrait le stock négatif.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    ar: 'مفتاح الإرسال هذا استُعمل من قبل لطلب مختلف.',
    fr: "Cette clé d'envoi a déjà servi pour une autre requête.",
  },
  IDEMPOTENCY_IN_PROGRESS: {
    ar: 'هذا الطلب قيد المعالجة، أعد المحاولة بعد لحظة.',
    fr: 'Cette requête est déjà en cours de traitement, réessayez dans un instant.',
  },
};

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERROR_MESSAGES[code][language];
}

type Unit = 'second' | 'minute' | 'hour';

/** Arabic counted nouns: 1 and 2 have their own forms, 3–10 take the plural, 11 and more the singular. */
const AR_UNITS: Record<Unit, { one: string; two: string; few: string; many: string }> = {
  second: { one: 'ثانية واحدة', two: 'ثانيتين', few: 'ثوانٍ', many: 'ثانية' },
  minute: { one: 'دقيقة واحدة', two: 'دقيقتين', few: 'دقائق', many: 'دقيقة' },
  hour: { one: 'ساعة واحدة', two: 'ساعتين', few: 'ساعات', many: 'ساعة' },
};
const FR_UNITS: Record<Unit, string> = { second: 'seconde', minute: 'minute', hour: 'heure' };

function countIn(language: Language, n: number, unit: Unit): string {
  if (language === 'fr') return `${n} ${FR_UNITS[unit]}${n > 1 ? 's' : ''}`;
  const forms = AR_UNITS[unit];
  if (n === 1) return forms.one;
  if (n === 2) return forms.two;
  return `${n} ${n <= 10 ? forms.few : forms.many}`;
}

/** A wait in words: seconds under a minute, else whole minutes (rounded up), hours (rounded up) past an hour. */
export function waitInWords(seconds: number, language: Language): string {
  const total = Math.max(1, Math.ceil(seconds));
  if (total < 60) return countIn(language, total, 'second');
  if (total <= 3600) return countIn(language, Math.ceil(total / 60), 'minute');
  return countIn(language, Math.ceil(total / 3600), 'hour');
}

const RATE_LIMITED_WITH_WAIT: Record<Language, (wait: string) => string> = {
  ar: (wait) => `محاولات كثيرة جدًا، يرجى المحاولة مجددًا بعد ${wait}.`,
  fr: (wait) => `Trop de tentatives, veuillez réessayer dans ${wait}.`,
};

/** The 429 message, saying how long to wait (the Retry-After header, in seconds). */
export function rateLimitedMessage(retryAfterSeconds: number, language: Language): string {
  return RATE_LIMITED_WITH_WAIT[language](waitInWords(retryAfterSeconds, language));
}
