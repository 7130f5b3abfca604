import { ALERT_RULES, type AlertDetails, type AlertRule } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { encodingOf, segmentCount, unitsOf } from '../../lib/sms/index.ts';
import { composeAlertSms } from './alerts.sms.ts';

/** Long but realistic values: the worst a farmer's alert can carry (parcel names are at most 120 characters). */
const DETAILS: Record<AlertRule | 'HARVEST', AlertDetails> = {
  NEW_IMAGE: { value: 1, threshold: null, validFraction: 1 },
  DROP: { value: -0.85, previous: 0.93, previousDate: '2025-12-31', threshold: 0.99, validFraction: 0.97 },
  WATER_STRESS: { value: -0.99, threshold: -0.85, validFraction: 0.97 },
  PARTIAL_DROP: { value: 1, share: 0.99, threshold: 0.99, previousDate: '2025-12-31', validFraction: 0.97 },
  // A DROP at the crop's harvest time (issue 31 §3): its own words.
  HARVEST: {
    value: -0.85,
    previous: 0.93,
    previousDate: '2025-12-31',
    threshold: 0.99,
    validFraction: 0.97,
    likelyHarvest: true,
  },
};
const INDEX: Record<AlertRule | 'HARVEST', string> = {
  HARVEST: 'MSAVI',
  NEW_IMAGE: 'NDVI',
  DROP: 'MSAVI',
  WATER_STRESS: 'NDMI',
  PARTIAL_DROP: 'MSAVI',
};

const NAMES = {
  short: 'Nord',
  latin:
    `Parcelle irriguée du haut de l'oued près de la ferme familiale Benali, lot numéro 12, à côté du puits ${'x'.repeat(20)}`.slice(
      0,
      120,
    ),
  accents: 'Forêt de chênes — façade sud, île Ça ôté ûï œuvre'.padEnd(120, 'ê'),
  arabic:
    'قطعة الوادي الكبيرة قرب البئر القديم في مزرعة عائلة بن علي بولاية المدية، الجزء الشمالي المسقي بالتنقيط رقم اثنا عشر'.slice(
      0,
      120,
    ),
  mixed: 'Lot 7 — قطعة الزيتون الكبرى Domaine El Bahia ferme pilote de la coopérative agricole de Mostaganem'.padEnd(
    120,
    '.',
  ),
};

describe('alert SMS texts (issue 31 §4): one segment in each language', () => {
  for (const kind of [...ALERT_RULES, 'HARVEST'] as const)
    for (const [label, parcelName] of Object.entries(NAMES))
      for (const language of ['ar', 'fr'] as const)
        it(`${kind}, ${language}, ${label} name`, () => {
          const text = composeAlertSms({
            language,
            rule: kind === 'HARVEST' ? 'DROP' : kind,
            parcelName,
            indexCode: INDEX[kind],
            date: '2026-01-28',
            details: DETAILS[kind],
          });
          if (kind === 'HARVEST') expect(text).toMatch(language === 'ar' ? /حصاد محتمل/ : /récolte probable/);
          expect(segmentCount(text), text).toBe(1);
          expect(unitsOf(text), text).toBeLessThanOrEqual(encodingOf(text) === 'gsm7' ? 160 : 70);
          // The day and the kind are always there; the parcel's name at least partly.
          expect(text).toContain('28/01');
          expect(text).toContain([...parcelName].slice(0, 3).join('').replace('ê', 'e'));
          if (language === 'ar') expect(text.startsWith('فلاحة')).toBe(true);
          else expect(text.startsWith('Filaha')).toBe(true);
          // French stays GSM-7 unless the name itself has letters GSM-7 cannot carry (Arabic).
          if (language === 'fr' && (label === 'short' || label === 'latin' || label === 'accents'))
            expect(encodingOf(text), text).toBe('gsm7');
        });

  it('keeps the whole name and the numbers when they fit', () => {
    const fr = composeAlertSms({
      language: 'fr',
      rule: 'DROP',
      parcelName: 'Nord',
      indexCode: 'NDVI',
      date: '2026-01-28',
      details: { value: 0.62, previous: 0.75, previousDate: '2026-01-20', threshold: 0.1 },
    });
    expect(fr).toBe('Filaha: baisse de NDVI sur Nord: 0,75 le 20/01, 0,62 le 28/01 (seuil 0,10).');
    const ar = composeAlertSms({
      language: 'ar',
      rule: 'WATER_STRESS',
      parcelName: 'الوادي',
      indexCode: 'NDMI',
      date: '2026-01-28',
      details: { value: -0.15, threshold: -0.1 },
    });
    expect(ar).toBe('فلاحة: إجهاد مائي محتمل في الوادي (28/01)، NDMI -0,15');
  });
});
