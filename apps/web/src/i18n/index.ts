import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  applyLangToDocument,
  isLangCode,
  LANG_STORAGE_KEY,
  LANGUAGES,
  storedLang,
  type LangCode,
} from './languages.ts';

/**
 * One lazily-imported chunk per language and namespace, so a page only pays for what it shows; the two
 * namespaces of the first paint (common, home) come together from one bundle per language.
 */
const loaders = import.meta.glob<ResourceKey>(
  ['./locales/*/*.json', '!./locales/*/common.json', '!./locales/*/home.json'],
  {
    import: 'default',
  },
);
const firstPaint = import.meta.glob<Record<'common' | 'home', ResourceKey>>('./bundles/*.ts');
const FIRST_PAINT_NS = new Set(['common', 'home']);

const globBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const bundle = FIRST_PAINT_NS.has(namespace) ? firstPaint[`./bundles/${language}.ts`] : undefined;
    const load = bundle
      ? () => bundle().then((b) => b[namespace as 'common' | 'home'])
      : loaders[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`missing locale ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const NAMESPACES = [
  'common',
  'home',
  'offers',
  'about',
  'auth',
  'layout',
  'admin',
  'errors',
  'validation',
  'farm',
  'subscription',
  'services',
  'marketplace',
  'seller',
  'manager',
  'messaging',
  'stock',
  'network',
  'alerts',
  'organisations',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

i18n.on('languageChanged', (lng) => {
  if (!isLangCode(lng)) return;
  applyLangToDocument(lng);
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lng);
  } catch {
    // Persisting is a convenience; the switch itself must still work.
  }
});

export const i18nReady = i18n
  .use(globBackend)
  .use(initReactI18next)
  .init({
    lng: storedLang(),
    supportedLngs: LANGUAGES.map((l) => l.code),
    // No fallback language: loading French strings under Arabic would double the bytes for nothing.
    fallbackLng: false,
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/** Switches language; resolves once the namespaces in use are loaded, so the swap is a single render. */
export async function setLanguage(code: LangCode): Promise<void> {
  await i18n.changeLanguage(code);
}

export { i18n };
