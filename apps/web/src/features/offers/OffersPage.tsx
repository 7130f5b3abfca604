import '../../pages.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import type { RouteData } from '@filaha/shared/contracts';
import { request } from '../../lib/client.ts';
import { usePublicSettings } from '../../lib/publicSettings.ts';
import { formatDinars } from '../services/catalog.ts';
import { PriceTag } from '../subscription/PriceTag.tsx';

const PACKS = ['basic', 'standard', 'premium', 'enterprise'] as const;
const FEATURES = ['a', 'b', 'c', 'd'] as const;
const DISCOUNTS = ['annual', 'coop', 'trial'] as const;

/** A plan of the catalogue as GET /api/abonnement answers it (the fields this page shows). */
type CatalogPlan = RouteData<'GET /abonnement'>[number];

/** The catalogue's plans, asked once (no react-query on the public pages); empty while loading or on failure. */
function useCatalogPlans(): CatalogPlan[] {
  const [plans, setPlans] = useState<CatalogPlan[]>([]);
  useEffect(() => {
    let live = true;
    request('GET /abonnement', {}, { token: null })
      .then((r) => {
        if (live && r.ok && Array.isArray(r.data)) setPlans(r.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return plans;
}

/** The query parameter carrying a plan chosen here into sign-up, then to the subscription screen. */
export const PLAN_PARAM = 'plan';

/**
 * /offre: the packs of SPEC §2 (four plans and the discounts) with the catalogue's prices, and the service prices
 * of §9 in DA (deployment settings). "Choose this plan" carries the choice: into sign-up (?plan=, preselected there,
 * then checked on the subscription screen after the first sign-in), or straight to the subscription screen for a
 * signed-in farmer.
 */
export function OffersPage() {
  const { t, i18n } = useTranslation('offers');
  const { t: tc } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const plans = useCatalogPlans();
  const settings = usePublicSettings();
  const { session } = useSession();
  const farmer = session.status === 'authenticated' && (session.role === 'User' || session.role === 'Investor');
  const chooseHref = (plan: CatalogPlan | undefined) =>
    plan
      ? farmer
        ? `/user/Abonnement?${PLAN_PARAM}=${plan.id}`
        : `/auth/SignUp?${PLAN_PARAM}=${plan.id}`
      : farmer
        ? '/user/Abonnement'
        : '/auth/SignUp';
  const servicePrice = (amount: number | null | undefined) =>
    amount ? t('services.priceFrom', { price: formatDinars(amount, lang) }) : t('services.onQuote');

  useEffect(() => {
    document.title = `${t('title')} · ${tc('brand.name')}`;
  }, [t, tc]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
      <h1 className="text-3xl font-bold text-stone-900 md:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-stone-700">{t('lead')}</p>

      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {PACKS.map((pack) => {
          const featured = pack === 'standard';
          const enterprise = pack === 'enterprise';
          const plan = enterprise ? undefined : plans.find((p) => p.nameAbonnement.trim().toLowerCase() === pack);
          return (
            <li
              key={pack}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
                featured ? 'border-brand-700 ring-2 ring-brand-700' : 'border-stone-200'
              }`}
            >
              {featured ? (
                <span className="absolute -top-3 start-6 rounded-full bg-brand-800 px-3 py-0.5 text-xs font-semibold text-white">
                  {t('popular')}
                </span>
              ) : null}
              <h2 id={`pack-${pack}`} className="text-xl font-bold text-stone-900">
                {t(`packs.${pack}.name`)}
              </h2>
              <p className="mt-1 text-2xl font-bold text-brand-800">{t(`packs.${pack}.area`)}</p>
              {plan ? (
                <p className="mt-1 text-lg font-semibold text-stone-900" data-testid={`price-${pack}`}>
                  <PriceTag prices={plan.prices} />
                </p>
              ) : (
                <p className="mt-1 text-sm text-stone-600">{enterprise ? t('onRequest') : t('perArea')}</p>
              )}
              <ul className="mt-5 flex-1 space-y-2 text-sm text-stone-700">
                {FEATURES.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                    <span>{t(`packs.${pack}.features.${f}`)}</span>
                  </li>
                ))}
              </ul>
              {enterprise ? (
                settings?.contact.email ? (
                  <a
                    href={`mailto:${settings.contact.email}`}
                    className="mt-6 rounded-lg border border-brand-800 px-4 py-2.5 text-center font-semibold text-brand-900 hover:bg-brand-50"
                  >
                    {t('quote')}
                  </a>
                ) : null
              ) : (
                <Link
                  to={chooseHref(plan)}
                  aria-describedby={`pack-${pack}`}
                  className="mt-6 rounded-lg bg-brand-800 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-900"
                >
                  {t('choose')}
                </Link>
              )}
            </li>
          );
        })}
        <li className="flex flex-col rounded-2xl border border-sand-300 bg-sand-100 p-6">
          <h2 id="pack-discounts" className="text-xl font-bold text-stone-900">
            {t('discounts.title')}
          </h2>
          <ul className="mt-5 space-y-3">
            {DISCOUNTS.map((d) => (
              <li key={d} className="flex gap-2 font-medium text-stone-800">
                <Icon name="check" className="mt-1 size-4 shrink-0 text-sand-700" />
                <span>{t(`discounts.${d}`)}</span>
              </li>
            ))}
          </ul>
        </li>
      </ul>

      <section aria-labelledby="service-prices" className="mt-14 rounded-2xl bg-white p-6 shadow-sm md:p-8">
        <h2 id="service-prices" className="text-2xl font-bold text-stone-900">
          {t('services.title')}
        </h2>
        <dl className="mt-6 divide-y divide-stone-100">
          <div className="flex flex-wrap items-baseline justify-between gap-2 py-3">
            <dt className="text-stone-800">{t('services.soil')}</dt>
            <dd className="font-bold text-brand-800">{servicePrice(settings?.servicePrices.soil)}</dd>
          </div>
          <div className="flex flex-wrap items-baseline justify-between gap-2 py-3">
            <dt className="text-stone-800">{t('services.other')}</dt>
            <dd className="font-bold text-brand-800">{servicePrice(settings?.servicePrices.other)}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-stone-600">{t('services.note')}</p>
      </section>
    </div>
  );
}
