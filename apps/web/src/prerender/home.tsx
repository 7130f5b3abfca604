import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { HomeShell } from '../app/HomeShell.tsx';
import type { Navigation } from '../app/navigation.tsx';
import * as ar from '../i18n/bundles/ar.ts';
import * as fr from '../i18n/bundles/fr.ts';
import type { LangCode } from '../i18n/languages.ts';

/** The languages to pre-render (read by build/prerender-home.ts, which cannot import the app's modules). */
export { LANGUAGES } from '../i18n/languages.ts';

const FIRST_PAINT: Record<LangCode, Resource[string]> = {
  ar: { common: ar.common, home: ar.home },
  fr: { common: fr.common, home: fr.home },
};

/** Links render as plain <a href>; nothing navigates while rendering to a string. */
const STATIC_NAVIGATION: Navigation = { pathname: '/', navigate: () => undefined };

/**
 * The home page of a first visit, rendered at build time (build/prerender-home.ts) exactly as the
 * browser's first render produces it for an anonymous visitor: the same tree (HomeShell), the same strings
 * (the first-paint bundle of the language). The browser then hydrates it instead of building it, so the
 * page paints as soon as the HTML and the CSS arrive, before any JavaScript has run.
 */
export async function renderHome(lang: LangCode): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: FIRST_PAINT[lang] },
    ns: ['common', 'home'],
    defaultNS: 'common',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  return renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HomeShell navigation={STATIC_NAVIGATION} />
      </I18nextProvider>
    </StrictMode>,
  );
}
