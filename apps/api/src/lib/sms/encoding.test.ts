import { describe, expect, it } from 'vitest';
import { concatenationUdh, encodingOf, fitOneSegment, segmentCount, splitSms, unitsOf } from './encoding.ts';
import { e164From, maskPhone } from './phone.ts';

describe('SMS encoding (3GPP TS 23.038 / 23.040)', () => {
  it('uses GSM-7 for French with the accents of the default alphabet, UCS-2 for Arabic or ê, ç, œ', () => {
    expect(encodingOf("Baisse de l'indice: élevé, à Médéa, Ça va")).toBe('gsm7');
    expect(encodingOf('Prix 10€ [promo] {x} ~ ^ | \\')).toBe('gsm7');
    expect(encodingOf('Forêt')).toBe('ucs2');
    expect(encodingOf('façade')).toBe('ucs2');
    expect(encodingOf('œuf')).toBe('ucs2');
    expect(encodingOf('إجهاد مائي')).toBe('ucs2');
    expect(encodingOf('−0,15')).toBe('ucs2'); // U+2212, not the hyphen-minus
  });

  it('counts an extension character as two septets, a character beyond the BMP as two UCS-2 units', () => {
    expect(unitsOf('a€[', 'gsm7')).toBe(5);
    expect(unitsOf('ب🌾', 'ucs2')).toBe(3);
  });

  it('fits 160 GSM-7 / 70 UCS-2 in one SMS, then cuts 153 / 67 per segment', () => {
    expect(splitSms('a'.repeat(160)).parts).toHaveLength(1);
    expect(splitSms('a'.repeat(161)).parts.map((p) => p.length)).toEqual([153, 8]);
    expect(splitSms('ب'.repeat(70)).parts).toHaveLength(1);
    const ar = splitSms('ب'.repeat(71));
    expect(ar.encoding).toBe('ucs2');
    expect(ar.parts.map((p) => p.length)).toEqual([67, 4]);
    expect(segmentCount('a'.repeat(153 * 3))).toBe(3);
    expect(segmentCount('a'.repeat(153 * 3 + 1))).toBe(4);
  });

  it('never splits an escape from its extension character, nor a surrogate pair', () => {
    const gsm = splitSms(`${'a'.repeat(152)}€${'b'.repeat(20)}`);
    expect(gsm.parts[0]).toBe('a'.repeat(152));
    expect(gsm.parts[1]!.startsWith('€')).toBe(true);
    const ucs = splitSms(`${'ب'.repeat(66)}🌾${'ت'.repeat(10)}`);
    expect(ucs.parts[0]).toBe('ب'.repeat(66));
    expect(ucs.parts[1]!.startsWith('🌾')).toBe(true);
  });

  it('writes the concatenation UDH: IE 0x00, reference, total, sequence', () => {
    expect(concatenationUdh(0x1a2, 3, 2).toString('hex')).toBe('050003a20302');
  });

  it('cuts a value until the text fits one segment, marking the cut', () => {
    const render = (name: string) => `فلاحة: صورة جديدة لقطعة ${name}`;
    const fitted = fitOneSegment(render, 'ب'.repeat(120));
    expect(segmentCount(fitted.text)).toBe(1);
    expect(fitted.text.endsWith('..')).toBe(true);
    expect(unitsOf(fitted.text)).toBeLessThanOrEqual(70);
    expect(fitted.kept).toBeGreaterThan(30);
    expect(fitOneSegment(render, 'Nord')).toEqual({ text: render('Nord'), kept: 4 });
  });
});

describe('phone numbers', () => {
  it('reads an SMSC address in E.164', () => {
    expect(e164From('213661234567')).toBe('+213661234567');
    expect(e164From('+213661234567')).toBe('+213661234567');
    expect(e164From('00213661234567')).toBe('+213661234567');
    expect(e164From('0661234567')).toBe('+213661234567');
    expect(e164From('Filaha')).toBe('Filaha');
    expect(maskPhone('+213661234567')).toBe('+213 6 61 •• •• 67');
  });
});
