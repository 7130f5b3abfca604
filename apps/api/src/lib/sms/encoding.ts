/**
 * How a text travels by SMS (3GPP TS 23.038 and 23.040): in GSM-7 when every character is in the GSM 03.38
 * default alphabet or its extension table (an extension character takes two septets: escape + code), else in
 * UCS-2. One SMS carries 160 GSM-7 septets or 70 UCS-2 characters; a longer text is sent as concatenated
 * segments, each starting with a User Data Header (IE 0x00: 8-bit reference, total, sequence; 6 octets), which
 * leaves 153 septets or 67 characters per segment. Every segment of one text shares its reference number.
 */

/** The GSM 03.38 default alphabet, in code order (0x1B, the escape to the extension table, left out). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ' +
  'ÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The default extension table (each sent as escape + code: two septets). */
const GSM_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';

/** SMPP data_coding of each encoding: 0 (the SMSC's default alphabet, GSM 03.38) and 8 (UCS-2). */
export const DATA_CODING: Record<SmsEncoding, number> = { gsm7: 0, ucs2: 8 };

export const SINGLE_LIMIT: Record<SmsEncoding, number> = { gsm7: 160, ucs2: 70 };
export const SEGMENT_LIMIT: Record<SmsEncoding, number> = { gsm7: 153, ucs2: 67 };

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return false;
  return true;
}

export function encodingOf(text: string): SmsEncoding {
  return isGsm7(text) ? 'gsm7' : 'ucs2';
}

/** What one character costs: septets in GSM-7, UTF-16 code units in UCS-2 (a character beyond the BMP takes 2). */
function cost(ch: string, encoding: SmsEncoding): number {
  if (encoding === 'gsm7') return EXTENSION.has(ch) ? 2 : 1;
  return ch.length;
}

/** The text's length in its encoding's units (septets or UTF-16 code units). */
export function unitsOf(text: string, encoding: SmsEncoding = encodingOf(text)): number {
  let n = 0;
  for (const ch of text) n += cost(ch, encoding);
  return n;
}

export interface SmsParts {
  encoding: SmsEncoding;
  /** The text cut into segments; one element when it fits one SMS. */
  parts: string[];
}

/**
 * Cuts a text into the segments it is sent as. A cut never splits an extension character's escape from its code
 * nor a surrogate pair (the segment ends a unit short instead).
 */
export function splitSms(text: string): SmsParts {
  const encoding = encodingOf(text);
  if (unitsOf(text, encoding) <= SINGLE_LIMIT[encoding]) return { encoding, parts: [text] };
  const limit = SEGMENT_LIMIT[encoding];
  const parts: string[] = [];
  let current = '';
  let used = 0;
  for (const ch of text) {
    const c = cost(ch, encoding);
    if (used + c > limit) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += ch;
    used += c;
  }
  if (current !== '') parts.push(current);
  return { encoding, parts };
}

/** How many SMS the text is sent as. */
export function segmentCount(text: string): number {
  return splitSms(text).parts.length;
}

/** The concatenation UDH (23.040 §9.2.3.24.1): length 5, IE 0x00 of 3 octets: reference, total, sequence (1-based). */
export function concatenationUdh(reference: number, total: number, sequence: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, sequence]);
}

/**
 * Shortens `value` (a parcel's name…) until `render(value)` fits one SMS, marking the cut with "..": the longest
 * prefix that fits. Answers the text and how many characters of `value` it kept (-1 when even an empty value does
 * not fit: the template itself is too long, and the text is answered as it is).
 */
export function fitOneSegment(render: (value: string) => string, value: string): { text: string; kept: number } {
  const chars = [...value];
  const whole = render(value);
  if (segmentCount(whole) === 1) return { text: whole, kept: chars.length };
  let lo = 1;
  let hi = chars.length - 1;
  let best = { text: render(''), kept: segmentCount(render('')) === 1 ? 0 : -1 };
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const text = render(`${chars.slice(0, mid).join('').trimEnd()}..`);
    if (segmentCount(text) === 1) {
      best = { text, kept: mid };
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}
