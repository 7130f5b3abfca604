import type { ImportRefusal } from '@filaha/shared';
import type { Language } from '../../../i18n/messages.ts';
import { csvCell } from '../../../lib/csv.ts';
import type { RefusalRow } from './imports.repository.ts';

const HEADERS: Record<Language, string[]> = {
  fr: ['Élément', 'Motif', 'Code', 'Détail'],
  ar: ['العنصر', 'السبب', 'الرمز', 'التفاصيل'],
};

/** Each refusal in words a cooperative's clerk can act on, in both languages. */
export const REFUSAL_TEXTS: Record<ImportRefusal, Record<Language, string>> = {
  no_geometry: { fr: 'Pas de contour', ar: 'لا يوجد حدود' },
  invalid_geometry: { fr: 'Contour illisible ou projection inconnue', ar: 'حدود غير مقروءة أو إسقاط غير معروف' },
  not_polygon: { fr: "Ce n'est pas un polygone", ar: 'ليس مضلعًا' },
  multiple_parts: { fr: 'Plusieurs parties : une parcelle par élément', ar: 'عدة أجزاء: قطعة واحدة لكل عنصر' },
  self_intersection: { fr: 'Contour qui se recoupe', ar: 'حدود متقاطعة مع نفسها' },
  outside_coverage: { fr: "Hors de l'Algérie", ar: 'خارج الجزائر' },
  area_too_small: { fr: 'Surface trop petite (moins de 0,01 ha)', ar: 'مساحة صغيرة جدًا (أقل من 0,01 هكتار)' },
  area_too_large: { fr: 'Surface trop grande (plus de 10 000 ha)', ar: 'مساحة كبيرة جدًا (أكثر من 10 000 هكتار)' },
  unknown_crop: { fr: 'Culture inconnue', ar: 'محصول غير معروف' },
  invalid_sowing_date: { fr: 'Date de semis invalide', ar: 'تاريخ زرع غير صالح' },
  invalid_irrigated: { fr: 'Irrigation : oui ou non attendu', ar: 'السقي: نعم أو لا' },
  invalid_contact: { fr: "Téléphone ou e-mail de l'agriculteur invalide", ar: 'هاتف أو بريد الفلاح غير صالح' },
  duplicate: { fr: 'Doublon d’un élément précédent du fichier', ar: 'مكرر لعنصر سابق في الملف' },
  overlaps_feature: { fr: 'Chevauche un élément précédent du fichier', ar: 'يتداخل مع عنصر سابق في الملف' },
  duplicate_existing: { fr: "Déjà enregistrée dans l'organisation", ar: 'مسجلة مسبقًا في الهيئة' },
  overlaps_existing: { fr: "Chevauche une parcelle de l'organisation", ar: 'تتداخل مع قطعة للهيئة' },
};

/** The refusals as CSV: UTF-8 with a BOM, `;`, CRLF (as the stock export, for Excel in French and Arabic). */
export function reportCsv(refusals: RefusalRow[], lang: Language): string {
  const lines = [HEADERS[lang].map(csvCell).join(';')];
  for (const r of refusals) {
    lines.push(
      [String(r.feature), csvCell(REFUSAL_TEXTS[r.reason][lang]), r.reason, csvCell(r.detail ?? '')].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
