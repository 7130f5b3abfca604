/** Supported languages, in the order the Ar/Fr switch shows them. `rtl` drives `<html dir>`. */
export const LANGUAGES = [
  { code: 'ar', rtl: true, name: 'العربية' },
  { code: 'fr', rtl: false, name: 'Français' },
] as const;

export type LangCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANG: LangCode = 'ar';
export const LANG_STORAGE_KEY = 'lang';

export function isLangCode(value: unknown): value is LangCode {
  return LANGUAGES.some((l) => l.code === value);
}

export function isRtl(code: LangCode): boolean {
  return LANGUAGES.find((l) => l.code === code)?.rtl ?? false;
}

/** The persisted choice, or Arabic. localStorage can throw (privacy modes), hence the guard. */
export function storedLang(): LangCode {
  try {
    const saved = localStorage.getItem(LANG_STORAGE_KEY);
    return isLangCode(saved) ? saved : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** Mirrors the language on `<html>`; the API client reads it back for Accept-Language. */
export function applyLangToDocument(code: LangCode): void {
  document.documentElement.lang = code;
  document.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
}

export function currentLang(): LangCode {
  const lang = document.documentElement.lang;
  return isLangCode(lang) ? lang : DEFAULT_LANG;
}
