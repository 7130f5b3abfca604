import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AreaDef } from '../../app/areas.ts';

/** An honest placeholder for screens built in later steps: says so, and leads back to the area home. */
export function InPreparation({ area, title }: { area: AreaDef; title: string }) {
  const { t } = useTranslation('layout');
  const home = area.routes[0];
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl">
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {title}
      </h1>
      <div
        className="mt-6 rounded-2xl border border-dashed border-sand-300 bg-white p-8 text-center"
        data-testid="in-preparation"
      >
        <span className="inline-block rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold text-sand-700">
          {t('prep.badge')}
        </span>
        <p className="mx-auto mt-4 max-w-xl text-stone-700">{t('prep.text')}</p>
        {home ? (
          <Link
            to={`${area.base}/${home.path}`}
            className="mt-6 inline-block rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
          >
            {t('prep.back')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
