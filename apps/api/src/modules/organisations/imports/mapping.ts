import { CROPS, type Crop, type ImportField, type ImportRefusal } from '@filaha/shared';

/**
 * An import's attributes (issue 30 §2): which column holds the parcel's name, crop, sowing date, irrigation and the
 * farmer's phone or e-mail — named by the organisation (`mapping`), else found by the usual column names in French,
 * English and Arabic — and their values read as the platform stores them.
 */
export type ImportMapping = Partial<Record<ImportField, string>>;

const USUAL: Record<ImportField, string[]> = {
  name: ['name', 'nom', 'identifiant', 'parcelle', 'nom_parcelle', 'id_parcelle', 'label', 'اسم', 'الاسم'],
  crop: ['crop', 'culture', 'cultures', 'محصول', 'المحصول'],
  sowingDate: [
    'sowing_date',
    'sowing',
    'planting_date',
    'date_semis',
    'semis',
    'date_plantation',
    'plantation',
    'تاريخ_الزرع',
  ],
  irrigated: ['irrigated', 'irrigue', 'irrigué', 'irrigation', 'مسقي', 'سقي'],
  farmerContact: [
    'farmer_contact',
    'contact',
    'farmer_phone',
    'phone',
    'telephone',
    'téléphone',
    'tel',
    'mobile',
    'farmer_email',
    'email',
    'e-mail',
    'mail',
    'الهاتف',
  ],
};

/** Which property each field is read from, for these property names. */
export function resolveMapping(columns: string[], mapping: ImportMapping): ImportMapping {
  const out: ImportMapping = {};
  for (const field of Object.keys(USUAL) as ImportField[]) {
    const named = mapping[field];
    if (named) {
      out[field] = columns.find((c) => c === named) ?? columns.find((c) => c.toLowerCase() === named.toLowerCase());
      continue;
    }
    out[field] = columns.find((c) => USUAL[field].includes(c.trim().toLowerCase()));
  }
  return out;
}

/** Case, accents and spaces set aside: "Blé dur", "ble_dur" and "BLE DUR" are one crop. */
const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

/** The crops' names in the product's two languages (as the web's locales, farm.json cropSeason.crops). */
export const CROP_LABELS: Record<Crop, { fr: string; ar: string }> = {
  durum_wheat: { fr: 'Blé dur', ar: 'قمح صلب' },
  soft_wheat: { fr: 'Blé tendre', ar: 'قمح لين' },
  barley: { fr: 'Orge', ar: 'شعير' },
  oats: { fr: 'Avoine', ar: 'خرطال' },
  maize: { fr: 'Maïs', ar: 'ذرة' },
  potato: { fr: 'Pomme de terre', ar: 'بطاطا' },
  tomato: { fr: 'Tomate', ar: 'طماطم' },
  onion: { fr: 'Oignon', ar: 'بصل' },
  citrus: { fr: 'Agrumes', ar: 'حمضيات' },
  olive: { fr: 'Olivier', ar: 'زيتون' },
  date_palm: { fr: 'Palmier dattier', ar: 'نخيل التمر' },
  vine: { fr: 'Vigne', ar: 'كروم' },
  fodder: { fr: 'Fourrage', ar: 'أعلاف' },
  fallow: { fr: 'Jachère', ar: 'بور' },
  other: { fr: 'Autre culture', ar: 'محصول آخر' },
};

/** Other names a file may use for a crop. */
const CROP_ALIASES: Partial<Record<Crop, string[]>> = {
  potato: ['بطاطس'],
  olive: ['olive'],
  date_palm: ['نخيل'],
  other: ['autre'],
};

const CROP_BY_NAME = new Map<string, Crop>(
  CROPS.flatMap((code) =>
    [code, CROP_LABELS[code].fr, CROP_LABELS[code].ar, ...(CROP_ALIASES[code] ?? [])].map(
      (name) => [fold(name), code] as [string, Crop],
    ),
  ),
);

const YES = new Set(['1', 'yes', 'y', 'true', 'oui', 'o', 'vrai', 'irrigue', 'irrigated', 'نعم', 'مسقي']);
const NO = new Set(['0', 'no', 'n', 'false', 'non', 'faux', 'pluvial', 'sec', 'rainfed', 'لا', 'بعلي']);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface FeatureAttributes {
  name: string | null;
  crop: Crop | null;
  sowingDate: string | null;
  irrigated: boolean | null;
  farmerContact: string | null;
  problem?: { reason: ImportRefusal; detail: string };
}

const textOf = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** YYYY-MM-DD, or DD/MM/YYYY as written in Algeria; a real day of the calendar. */
function dayOf(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const fr = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : fr
      ? [Number(fr[3]), Number(fr[2]), Number(fr[1])]
      : [NaN, NaN, NaN];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (!Number.isFinite(date.getTime()) || date.getUTCDate() !== d || date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** One feature's attributes, or the first of them that cannot be stored (the feature is then refused). */
export function readAttributes(properties: Record<string, unknown>, columns: ImportMapping): FeatureAttributes {
  const raw = (field: ImportField) => (columns[field] ? textOf(properties[columns[field]!]) : '');
  const out: FeatureAttributes = {
    name: raw('name').slice(0, 200) || null,
    crop: null,
    sowingDate: null,
    irrigated: null,
    farmerContact: null,
  };
  const crop = raw('crop');
  if (crop) {
    const code = CROP_BY_NAME.get(fold(crop));
    if (!code) return { ...out, problem: { reason: 'unknown_crop', detail: crop } };
    out.crop = code;
  }
  const sowing = raw('sowingDate');
  if (sowing) {
    out.sowingDate = dayOf(sowing);
    if (!out.sowingDate) return { ...out, problem: { reason: 'invalid_sowing_date', detail: sowing } };
  }
  const irrigated = fold(raw('irrigated'));
  if (irrigated) {
    if (YES.has(irrigated)) out.irrigated = true;
    else if (NO.has(irrigated)) out.irrigated = false;
    else return { ...out, problem: { reason: 'invalid_irrigated', detail: raw('irrigated') } };
  }
  const contact = raw('farmerContact');
  if (contact) {
    const phone = contact.replace(/[\s.()-]/g, '');
    if (EMAIL.test(contact)) out.farmerContact = contact.toLowerCase();
    else if (/^\+?\d{9,15}$/.test(phone)) out.farmerContact = phone;
    else return { ...out, problem: { reason: 'invalid_contact', detail: contact } };
  }
  return out;
}
