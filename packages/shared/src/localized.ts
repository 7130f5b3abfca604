// Without zod (unlike text.ts): the web's catalogue texts read it on screens that validate nothing, and a module
// shared with zod schemas would put zod on their first path.

/** A bilingual catalogue text in the reader's language: the Arabic one when there is one, else the French. */
export function localizedName(texts: { fr: string; ar?: string | null }, lang: 'ar' | 'fr'): string {
  const ar = texts.ar?.trim();
  return lang === 'ar' && ar ? ar : texts.fr;
}
