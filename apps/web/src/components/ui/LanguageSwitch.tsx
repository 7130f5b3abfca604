import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n/index.ts';
import { LANGUAGES } from '../../i18n/languages.ts';

const LABELS = { ar: 'Ar', fr: 'Fr' } as const;

/** The Ar/Fr buttons: switch at once, persist, and flip `<html dir>` (see i18n/index.ts). */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const base =
    tone === 'light'
      ? 'border-stone-300 text-stone-700 hover:bg-stone-100 aria-pressed:bg-brand-800 aria-pressed:text-white aria-pressed:border-brand-800'
      : 'border-white/40 text-white hover:bg-white/10 aria-pressed:bg-white aria-pressed:text-brand-900';
  return (
    <div role="group" aria-label={t('language.switch')} className="inline-flex gap-1" dir="ltr">
      {LANGUAGES.map((lang) => (
        <button
          key={lang.code}
          type="button"
          lang={lang.code}
          title={lang.name}
          aria-pressed={i18n.language === lang.code}
          onClick={() => void setLanguage(lang.code)}
          className={`min-w-10 rounded-md border px-2 py-1 text-sm font-semibold transition-colors ${base}`}
        >
          {LABELS[lang.code]}
        </button>
      ))}
    </div>
  );
}
