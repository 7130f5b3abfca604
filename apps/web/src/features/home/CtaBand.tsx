import { useTranslation } from 'react-i18next';
import { AppLink } from '../../app/navigation.tsx';

export function CtaBand() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16">
      <div className="flex flex-col items-start gap-6 rounded-2xl bg-brand-900 p-8 text-white md:flex-row md:items-center md:justify-between md:p-12">
        <div>
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            {t('cta.title')}
          </h2>
          <p className="mt-2 text-brand-100">{t('cta.text')}</p>
        </div>
        <AppLink
          to="/auth/SignUp"
          className="rounded-lg bg-lime-300 px-6 py-3 font-semibold text-brand-950 hover:bg-lime-200"
        >
          {t('cta.button')}
        </AppLink>
      </div>
    </section>
  );
}
