import type { AlertDetails, AlertRule } from '@filaha/db';
import type { MailMessage } from '../../lib/mailer.ts';

type Language = 'ar' | 'fr';

/**
 * An alert's e-mail in the user's language (ar, fr): the subject names what happened, the parcel and the day;
 * the body says it with the numbers, then links to the farm map on that day and to the parcel's season curve.
 * Numbers and days as the web shows them (fr-FR; ar-DZ with Latin digits and Algerian month names).
 */
const LOCALES: Record<Language, string> = { fr: 'fr-FR', ar: 'ar-DZ' };

const TITLES: Record<AlertRule, Record<Language, string>> = {
  NEW_IMAGE: { ar: 'صورة جديدة واضحة', fr: 'Nouvelle image claire' },
  DROP: { ar: 'انخفاض المؤشر', fr: "Baisse de l'indice" },
  WATER_STRESS: { ar: 'إجهاد مائي', fr: 'Stress hydrique' },
  PARTIAL_DROP: { ar: 'انخفاض في جزء من القطعة', fr: 'Baisse sur une partie de la parcelle' },
};

/** A drop at the crop's harvest time (issue 31 §3): named as such, not as damage. */
const HARVEST_TITLE: Record<Language, string> = { ar: 'حصاد محتمل', fr: 'Récolte probable' };

export function alertTitle(rule: AlertRule, language: Language, details?: AlertDetails): string {
  return rule === 'DROP' && details?.likelyHarvest ? HARVEST_TITLE[language] : TITLES[rule][language];
}

const clean = (s: string) => s.replace(/\u200e/g, '');
const num = (value: number, language: Language, digits = 2) =>
  clean(
    new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      value,
    ),
  );
const pct = (fraction: number, language: Language) =>
  clean(new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 0 }).format(fraction));
export const formatDay = (ymd: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.parse(`${ymd}T00:00:00Z`),
  );

/** One sentence saying what happened, with its numbers. */
export function alertSentence(rule: AlertRule, index: string, details: AlertDetails, language: Language): string {
  const ar = language === 'ar';
  const v = details.value ?? 0;
  const th = details.threshold ?? 0;
  const prevDay = details.previousDate ? formatDay(details.previousDate, language) : '';
  switch (rule) {
    case 'NEW_IMAGE':
      return ar
        ? `صورة Sentinel-2 جديدة واضحة متاحة (القطعة مرئية بنسبة ${pct(v, language)}).`
        : `Une nouvelle image Sentinel-2 claire est disponible (parcelle visible à ${pct(v, language)}).`;
    case 'DROP': {
      const prev = details.previous ?? v;
      if (details.likelyHarvest)
        return ar
          ? `حصاد محتمل: انخفض متوسط مؤشر ${index} بمقدار ${num(prev - v, language)} (من ${num(prev, language)} في ${prevDay} إلى ${num(v, language)}) بعد ذروة الموسم، في وقت حصاد المحصول: على الأرجح ليس ضررًا.`
          : `Récolte probable : l'indice ${index} moyen a baissé de ${num(prev - v, language)} (de ${num(prev, language)} le ${prevDay} à ${num(v, language)}) après le pic de la saison, à l'époque de la récolte de la culture : sans doute pas un dégât.`;
      return ar
        ? `انخفض متوسط مؤشر ${index} بمقدار ${num(prev - v, language)} (من ${num(prev, language)} في ${prevDay} إلى ${num(v, language)})، أي أكثر من العتبة ${num(th, language)}.`
        : `L'indice ${index} moyen a baissé de ${num(prev - v, language)} (de ${num(prev, language)} le ${prevDay} à ${num(v, language)}), plus que le seuil de ${num(th, language)}.`;
    }
    case 'WATER_STRESS': {
      const index_ = ar
        ? `وسيط مؤشر ${index} يساوي ${num(v, language)}، وهو أقل من العتبة ${num(th, language)}: قد تكون القطعة بحاجة إلى الماء.`
        : `La médiane ${index} est de ${num(v, language)}, sous le seuil de ${num(th, language)} : la parcelle manque peut-être d'eau.`;
      if (
        details.depletion === null ||
        details.depletion === undefined ||
        details.raw === null ||
        details.raw === undefined
      )
        return index_;
      const used = num(details.depletion, language, 0);
      const readily = num(details.raw, language, 0);
      return ar
        ? `${index_} وتؤكد حصيلة الماء ذلك: استُهلك ${used} ملم من منطقة الجذور، أكثر من ${readily} ملم سهلة الاستعمال.`
        : `${index_} Le bilan hydrique le confirme : ${used} mm consommés dans la zone racinaire, au-delà des ${readily} mm facilement utilisables.`;
    }
    case 'PARTIAL_DROP':
      return ar
        ? `فقد ${pct(v, language)} من القطعة أكثر من ${num(th, language)} من مؤشر ${index} منذ ${prevDay} (العتبة ${pct(details.share ?? 0, language)}).`
        : `${pct(v, language)} de la parcelle ont perdu plus de ${num(th, language)} ${index} depuis le ${prevDay} (seuil : ${pct(details.share ?? 0, language)}).`;
  }
}

export interface AlertEmailInput {
  language: Language;
  publicUrl: string;
  userName: string;
  parcelName: string;
  parcelId: number;
  /** The index's id in the catalogue, for the map link (the web selects the index by id). */
  indexId: number | null;
  rule: AlertRule;
  indexCode: string;
  date: string;
  details: AlertDetails;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The farm map on the alert's day, and the parcel page with its season curve. */
export function alertLinks(publicUrl: string, parcelId: number, indexId: number | null, date: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({
    parcel: String(parcelId),
    ...(indexId === null ? {} : { index: String(indexId) }),
    start: date,
    end: date,
  });
  return {
    map: `${base}/user/ferme-map?${query.toString()}`,
    curve: `${base}/user/ferme-map/${parcelId}`,
    settings: `${base}/user/profile`,
  };
}

export function composeAlertEmail(input: AlertEmailInput): Omit<MailMessage, 'to'> {
  const { language: lang } = input;
  const ar = lang === 'ar';
  const title = alertTitle(input.rule, lang, input.details);
  const day = formatDay(input.date, lang);
  const links = alertLinks(input.publicUrl, input.parcelId, input.indexId, input.date);
  const what = alertSentence(input.rule, input.indexCode, input.details, lang);
  const subject = ar
    ? `فلاحة — ${title}: ${input.parcelName} (${day})`
    : `Filaha — ${title} : ${input.parcelName} (${day})`;
  const lines = ar
    ? [
        `مرحبًا ${input.userName}،`,
        '',
        `القطعة: ${input.parcelName}`,
        `تاريخ الالتقاط: ${day}`,
        what,
        '',
        `الخريطة في هذا التاريخ: ${links.map}`,
        `منحنى الموسم للقطعة: ${links.curve}`,
        '',
        `تصلك هذه الرسالة لأن رسائل «${title}» مفعّلة. لتغيير ذلك: ${links.settings}`,
      ]
    : [
        `Bonjour ${input.userName},`,
        '',
        `Parcelle : ${input.parcelName}`,
        `Acquisition du ${day}`,
        what,
        '',
        `La carte à cette date : ${links.map}`,
        `La courbe de saison de la parcelle : ${links.curve}`,
        '',
        `Vous recevez ce message parce que les e-mails « ${title} » sont activés. Pour les modifier : ${links.settings}`,
      ];
  const text = `${lines.join('\n')}\n`;
  const html =
    `<div dir="${ar ? 'rtl' : 'ltr'}" lang="${lang}">` +
    lines
      .map((line) => {
        const linked = escapeHtml(line).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
        return line === '' ? '' : `<p>${linked}</p>`;
      })
      .join('') +
    '</div>';
  return { subject, text, html };
}
