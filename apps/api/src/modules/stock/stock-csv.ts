import type { MovementDirection, MovementKind, StockUnit } from '@filaha/shared';
import type { Language } from '../../i18n/messages.ts';
import { csvCell, csvNumber } from '../../lib/csv.ts';

export { csvCell, csvNumber };

/** Texts of the stock module: answers, and the CSV headers and labels in the caller's language. */
const TEXTS = {
  itemDeleted: { ar: 'تم حذف المادة.', fr: 'Article supprimé.' },
  movementDeleted: { ar: 'تم حذف الحركة.', fr: 'Mouvement supprimé.' },
} satisfies Record<string, Record<Language, string>>;

export function stockText(key: keyof typeof TEXTS, lang: Language): string {
  return TEXTS[key][lang];
}

const HEADERS: Record<Language, string[]> = {
  fr: ['Date', 'Article', 'Unité', 'Sens', 'Type', 'Quantité', 'Prix unitaire (DA)', 'Montant (DA)', 'Note'],
  ar: ['التاريخ', 'المادة', 'الوحدة', 'الاتجاه', 'النوع', 'الكمية', 'سعر الوحدة (دج)', 'المبلغ (دج)', 'ملاحظة'],
};

const DIRECTIONS: Record<MovementDirection, Record<Language, string>> = {
  in: { fr: 'Entrée', ar: 'دخول' },
  out: { fr: 'Sortie', ar: 'خروج' },
};

const KINDS: Record<MovementKind, Record<Language, string>> = {
  purchase: { fr: 'Achat', ar: 'شراء' },
  sale: { fr: 'Vente', ar: 'بيع' },
  production: { fr: 'Production', ar: 'إنتاج' },
  consumption: { fr: 'Consommation', ar: 'استهلاك' },
  adjustment: { fr: 'Ajustement', ar: 'تسوية' },
};

const UNITS: Record<StockUnit, Record<Language, string>> = {
  kg: { fr: 'kg', ar: 'كغ' },
  g: { fr: 'g', ar: 'غ' },
  q: { fr: 'q', ar: 'قنطار' },
  t: { fr: 't', ar: 'طن' },
  L: { fr: 'L', ar: 'لتر' },
  m3: { fr: 'm³', ar: 'م³' },
  unit: { fr: 'unité', ar: 'وحدة' },
  bag: { fr: 'sac', ar: 'كيس' },
  box: { fr: 'caisse', ar: 'صندوق' },
  bale: { fr: 'botte', ar: 'حزمة' },
};

export interface CsvMovement {
  date: string;
  itemName: string;
  unit: StockUnit;
  direction: MovementDirection;
  kind: MovementKind;
  quantity: number;
  unitPrice: number;
  total: number;
  note: string;
}

/** UTF-8 with a BOM (Excel otherwise guesses a legacy code page and breaks Arabic), `;`, CRLF line ends. */
export function movementsCsv(rows: CsvMovement[], lang: Language): string {
  const lines = [HEADERS[lang].map(csvCell).join(';')];
  for (const r of rows) {
    lines.push(
      [
        r.date,
        csvCell(r.itemName),
        csvCell(UNITS[r.unit][lang]),
        DIRECTIONS[r.direction][lang],
        KINDS[r.kind][lang],
        csvNumber(r.quantity),
        csvNumber(r.unitPrice),
        csvNumber(r.total),
        csvCell(r.note),
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
