import { LANG_COOKIE, langFromCookie } from '@filaha/shared/lang-cookie';

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

/**
 * The persisted choice: localStorage, else the `lang` cookie (the one the server pre-renders "/" by, so the
 * two agree when storage was cleared but the cookie was not), else Arabic. localStorage can throw (privacy
 * modes), hence the guard.
 */
export function storedLang(): LangCode {
  try {
    const saved = localStorage.getItem(LANG_STORAGE_KEY);
    if (isLangCode(saved)) return saved;
  } catch {
    // Fall through to the cookie.
  }
  return (typeof document === 'undefined' ? null : langFromCookie(document.cookie)) ?? DEFAULT_LANG;
}

/**
 * Mirrors the language on `<html>` (the API client reads it back for Accept-Language) and in the `lang`
 * cookie, so the next visit to "/" is pre-rendered in this language. Does nothing outside a browser
 * (the build pre-renders the home page in Node).
 */
export function applyLangToDocument(code: LangCode): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
  try {
    document.cookie = `${LANG_COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies can be disabled; the home page then comes pre-rendered in Arabic and is re-rendered if needed.
  }
}

export function currentLang(): LangCode {
  const lang = document.documentElement.lang;
  return isLangCode(lang) ? lang : DEFAULT_LANG;
}
