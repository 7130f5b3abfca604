import { useTranslation } from 'react-i18next';
import { AppLink } from '../../app/navigation.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { HeroArt } from './HeroArt.tsx';

const FACTS = ['hero.facts.indices', 'hero.facts.resolution', 'hero.facts.wilayas'] as const;

/** The platform's promise. The headline is the page's largest paint, so it is plain text, no image. */
export function Hero() {
  const { t } = useTranslation('home');
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-[linear-gradient(var(--color-brand-50),var(--color-sand-50)_70%)]"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <div>
          <p className="text-sm font-semibold text-brand-800">{t('hero.eyebrow')}</p>
          <h1 id="hero-title" className="mt-3 text-3xl font-bold leading-[1.3] text-stone-900 sm:text-4xl lg:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-stone-700">{t('hero.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <AppLink
              to="/auth/SignUp"
              className="inline-flex items-center gap-2 rounded-lg bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-900"
            >
              {t('hero.ctaPrimary')}
              <Icon name="arrowNext" className="size-5" />
            </AppLink>
            <AppLink
              to="/offre"
              className="inline-flex items-center rounded-lg border border-brand-800 px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50"
            >
              {t('hero.ctaSecondary')}
            </AppLink>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-stone-700">
            {FACTS.map((key) => (
              <li key={key} className="flex items-center gap-2">
                <Icon name="check" className="size-4 text-brand-700" />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex justify-center">
          <HeroArt label={t('hero.imageAlt')} />
        </div>
      </div>
    </section>
  );
}
