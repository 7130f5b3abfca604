import { i18n } from '../i18n/index.ts';
import { whenSettled } from './settled.ts';

/**
 * The Arabic webfont (Noto Kufi Arabic, two weights, 88 KB) off the first screen's critical path (issue 13 §4):
 * text starts in the system font (styles.css, `html:not([data-webfont])`). Once the page has settled, on an
 * Arabic page, both weights are fetched; when they have arrived the page switches to them in one step and the
 * next visits use them from their first paint (index.html reads the `webfont` mark; the service worker's precache
 * holds the files). A French page never fetches them, and without a connection the system font simply stays.
 */
export const WEBFONT_KEY = 'webfont';
const FAMILY = '"Noto Kufi Arabic"';
const SAMPLE = 'فلاحة';

let loading: Promise<void> | null = null;

export function loadWebfont(): Promise<void> {
  // Called after the page settled: a document torn down meanwhile (a test's environment) has nothing to load into.
  if (typeof document === 'undefined') return Promise.resolve();
  const root = document.documentElement;
  if (root.hasAttribute('data-webfont') || typeof document.fonts?.load !== 'function') return Promise.resolve();
  return (loading ??= Promise.all([
    document.fonts.load(`400 1em ${FAMILY}`, SAMPLE),
    document.fonts.load(`700 1em ${FAMILY}`, SAMPLE),
  ])
    .then((faces) => {
      if (faces.some((f) => f.length === 0)) throw new Error('webfont not loaded');
      root.setAttribute('data-webfont', '');
      try {
        localStorage.setItem(WEBFONT_KEY, '1');
      } catch {
        // Private mode: the font is still used on this page.
      }
    })
    .catch(() => {
      // Offline or refused: the system font stays; a later page tries again.
      loading = null;
    }));
}

/**
 * main.tsx: load the webfont after the page settles when it shows Arabic, and when the reader switches to it; and
 * after `before` too (main.tsx: lib/pwa.ts firstInstallDone — on a first visit the worker's install of the offline
 * core goes first). Returns the function that stops listening to language changes.
 */
export function startWebfont(before: () => Promise<void> = () => Promise.resolve()): () => void {
  const whenArabic = () => {
    if (i18n.language === 'ar')
      void whenSettled()
        .then(before)
        .then(loadWebfont, () => undefined);
  };
  whenArabic();
  i18n.on('languageChanged', whenArabic);
  return () => i18n.off('languageChanged', whenArabic);
}
