import type { Language } from './messages.ts';

/**
 * Picks ar or fr from an Accept-Language header: the supported language with the highest q wins; ties keep the
 * header's order; anything else (absent, en, *) falls back to Arabic, the product's default.
 */
export function pickLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'ar';
  let best: { language: Language; q: number } | undefined;
  for (const part of value.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'ar' && primary !== 'fr') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? 'ar';
}
