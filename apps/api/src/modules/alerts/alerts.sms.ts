import type { AlertDetails, AlertRule } from '@filaha/db';
import { fitOneSegment, isGsm7, segmentCount } from '../../lib/sms/index.ts';

type Language = 'ar' | 'fr';

/**
 * An alert's SMS (issue 31 §4): ONE segment in each language — Arabic in UCS-2 (70 characters), French in GSM-7
 * (160) — whatever the parcel's name (up to 120 characters): the name is cut ("..") to what is left; the French
 * text folds accents GSM-7 lacks (ê → e, ç → c, — → -) so it stays in GSM-7, and falls back to a short form when the name
 * has other letters (Arabic), which make the SMS UCS-2. Numbers as the farmer reads them: decimal comma, dd/mm.
 * alerts.sms.test.ts renders every kind with long values and checks one segment.
 */
export interface AlertSmsInput {
  language: Language;
  rule: AlertRule;
  parcelName: string;
  indexCode: string;
  date: string;
  details: AlertDetails;
}

const dec = (value: number | null | undefined) => (value ?? 0).toFixed(2).replace('.', ',').replace(/^-/, '-');
const pct = (fraction: number | null | undefined) => `${Math.round((fraction ?? 0) * 100)}%`;
/** YYYY-MM-DD → dd/mm. */
const day = (ymd: string | null | undefined) => (ymd ? `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}` : '');

interface Values {
  index: string;
  d: string;
  prevD: string;
  v: string;
  prev: string;
  th: string;
  share: string;
}

type Form = (x: Values, name: string) => string;

/** Per kind and language, the forms tried in order (the first that fits one segment with the whole name wins). */
const FORMS: Record<AlertRule, Record<Language, Form[]>> = {
  NEW_IMAGE: {
    ar: [(x, n) => `فلاحة: صورة جديدة واضحة لقطعة ${n} يوم ${x.d}`],
    fr: [
      (x, n) => `Filaha: nouvelle image satellite claire de votre parcelle ${n} le ${x.d}. A voir sur la carte.`,
      (x, n) => `Filaha: image claire ${x.d}, ${n}`,
    ],
  },
  DROP: {
    ar: [(x, n) => `فلاحة: ${x.index} في ${n} انخفض من ${x.prev} إلى ${x.v} (${x.d})`],
    fr: [
      (x, n) => `Filaha: baisse de ${x.index} sur ${n}: ${x.prev} le ${x.prevD}, ${x.v} le ${x.d} (seuil ${x.th}).`,
      (x, n) => `Filaha: ${x.index} ${x.prev}>${x.v} ${x.d}, ${n}`,
    ],
  },
  WATER_STRESS: {
    ar: [(x, n) => `فلاحة: إجهاد مائي محتمل في ${n} (${x.d})، ${x.index} ${x.v}`],
    fr: [
      (x, n) => `Filaha: stress hydrique possible sur ${n} le ${x.d}: ${x.index} ${x.v}, sous le seuil ${x.th}.`,
      (x, n) => `Filaha: stress hydrique ${x.d}, ${n}`,
    ],
  },
  PARTIAL_DROP: {
    ar: [(x, n) => `فلاحة: انخفاض ${x.index} في ${x.share} من ${n} (${x.d})`],
    fr: [
      (x, n) =>
        `Filaha: ${x.share} de ${n} ont perdu plus de ${x.th} de ${x.index} depuis le ${x.prevD} (image du ${x.d}).`,
      (x, n) => `Filaha: ${x.index} en baisse sur ${x.share}, ${x.d}, ${n}`,
    ],
  },
};

/** A drop at the crop's harvest time (issue 31 §3): said as a likely harvest, not as damage. */
const HARVEST_FORMS: Record<Language, Form[]> = {
  ar: [(x, n) => `فلاحة: حصاد محتمل في ${n} (${x.d})، ${x.index} من ${x.prev} إلى ${x.v}`],
  fr: [
    (x, n) =>
      `Filaha: récolte probable sur ${n} le ${x.d}: ${x.index} de ${x.prev} à ${x.v} après le pic de la saison.`,
    (x, n) => `Filaha: récolte probable ${x.d}, ${n}`,
  ],
};

/** A French name's letters GSM-7 lacks, without their accent when that makes them GSM-7 (ê → e); others kept. */
const TYPOGRAPHIC: Record<string, string> = {
  '—': '-',
  '–': '-',
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  œ: 'oe',
  Œ: 'OE',
};

function foldForGsm(name: string): string {
  let out = '';
  for (const raw of name) {
    const ch = TYPOGRAPHIC[raw] ?? raw;
    if (isGsm7(ch)) out += ch;
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += bare !== '' && isGsm7(bare) ? bare : ch;
    }
  }
  return out;
}

export function composeAlertSms(input: AlertSmsInput): string {
  const { details: dt, language } = input;
  const values: Values = {
    index: input.indexCode,
    d: day(input.date),
    prevD: day(dt.previousDate),
    v: input.rule === 'PARTIAL_DROP' ? pct(dt.value) : dec(dt.value),
    prev: dec(dt.previous ?? dt.value),
    th: dec(dt.threshold),
    share: pct(input.rule === 'PARTIAL_DROP' ? dt.value : dt.share),
  };
  const name = (language === 'fr' ? foldForGsm(input.parcelName) : input.parcelName).replace(/\s+/g, ' ').trim();
  const forms = (input.rule === 'DROP' && dt.likelyHarvest ? HARVEST_FORMS : FORMS[input.rule])[language];
  for (const form of forms) {
    const text = form(values, name);
    if (segmentCount(text) === 1) return text;
  }
  // No form takes the whole name: the first form keeping at least 12 of its characters, else the one keeping most.
  const cut = forms.map((form) => fitOneSegment((n) => form(values, n), name));
  const best =
    cut.find((c) => c.kept >= Math.min(12, [...name].length)) ?? [...cut].sort((a, b) => b.kept - a.kept)[0]!;
  return best.text;
}
