/** Phone numbers as SMPP carries them, and as the back office shows them. */

/**
 * An address an SMSC gave (source_addr of an incoming SMS) in E.164: "+213…", "00213…" and "213…" as they are, a
 * national "0…" as Algerian; anything else (an alphanumeric sender) as received.
 */
export function e164From(address: string): string {
  const compact = address.replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{6,14}$/.test(compact)) return compact;
  if (/^00[1-9]\d{6,14}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^0[1-9]\d{7,9}$/.test(compact)) return `+213${compact.slice(1)}`;
  if (/^[1-9]\d{7,14}$/.test(compact)) return `+${compact}`;
  return address;
}

/** "+213661234567" → "+213 6 61 •• •• 67": enough for the back office to recognise it. */
export function maskPhone(phone: string): string {
  const m = /^\+213(\d)(\d{2})(\d{4})(\d{2})$/.exec(phone);
  if (m) return `+213 ${m[1]} ${m[2]} •• •• ${m[4]}`;
  return phone.length > 6 ? `${phone.slice(0, 4)}…${phone.slice(-2)}` : phone;
}
