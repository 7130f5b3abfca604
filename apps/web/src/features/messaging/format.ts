import { LOCALE, type Lang } from '../marketplace/format.ts';
import { dateFormat } from '../../lib/intl.ts';

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Today's messages by their time, older ones with their date too (fr-FR; Arabic with Latin digits). */
export function formatMessageTime(iso: string, lang: Lang, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return dateFormat(LOCALE[lang], { hour: '2-digit', minute: '2-digit' }).format(date);
  return dateFormat(LOCALE[lang], { dateStyle: 'short', timeStyle: 'short' }).format(date);
}
