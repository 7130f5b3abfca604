/**
 * The cookie that carries the visitor's language between the web app (which writes it whenever the language
 * is applied) and the API (which sends "/" pre-rendered in that language). Its own entry point, free of zod,
 * because the web app reads it before its first paint. apps/web/index.html parses it too, inline, before any
 * module has loaded: keep the two in step.
 */
export const LANG_COOKIE = 'lang';

const LANG_IN_COOKIE = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=(ar|fr)(?:;|$)`);

/** The language of a `Cookie` header (or `document.cookie`), or null when absent or unknown. */
export function langFromCookie(cookieHeader: string | undefined): 'ar' | 'fr' | null {
  const match = LANG_IN_COOKIE.exec(cookieHeader ?? '');
  return match?.[1] === 'ar' || match?.[1] === 'fr' ? match[1] : null;
}
