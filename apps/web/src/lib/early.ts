/**
 * Answers the inline script of index.html asked for before the app's code arrived (the screen's first reads,
 * build/route-preload.ts and app/routePreload.ts): `window.__filahaEarly`, keyed by the path under /api. The app
 * takes one instead of asking again only if it asks the same path the same way (same token, same language)
 * within EARLY_MAX_AGE_MS of the page opening; each answer is taken once.
 */
export const EARLY_MAX_AGE_MS = 30_000;

interface Early {
  token: string | null;
  lang: string;
  at: number;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    __filahaEarly?: Record<string, Early | undefined>;
  }
}

export function takeEarly(path: string, token: string | null, lang: string): Promise<Response> | null {
  const stash = typeof window === 'undefined' ? undefined : window.__filahaEarly;
  const early = stash?.[path];
  if (!stash || !early) return null;
  delete stash[path];
  if (early.token !== token || early.lang !== lang || Date.now() - early.at > EARLY_MAX_AGE_MS) return null;
  return early.answer;
}
