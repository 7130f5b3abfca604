import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCatalogText } from '../../lib/catalogText.ts';
import { telHref, usePublicSettings } from '../../lib/publicSettings.ts';
import type { SubscriptionRow } from './farmApi.ts';
import { asLang, formatDay } from './format.ts';

export const SUBSCRIPTION_PATH = '/user/Abonnement';

const primary =
  'inline-flex items-center justify-center rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900';

/** SPEC §2: 'Chargement de la configuration...' while the status and indices load. */
export function ConfigLoading() {
  const { t } = useTranslation('farm');
  return (
    <p role="status" aria-live="polite" className="py-16 text-center text-stone-600">
      {t('access.loading')}
    </p>
  );
}

/** A parcel (or index) that is not the farmer's or does not exist: says so, with the way back to the map. */
export function ParcelNotFound() {
  const { t } = useTranslation('farm');
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-xl text-center">
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {t('parcel.notFound')}
      </h1>
      <Link to="/user/ferme-map" className="mt-4 inline-block font-semibold text-brand-800 underline">
        {t('parcel.back')}
      </Link>
    </section>
  );
}

/** No subscription: 'Accès Restreint' and a way to subscribe. */
export function RestrictedScreen() {
  const { t } = useTranslation('farm');
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto max-w-xl rounded-2xl border border-stone-200 bg-white p-8 text-center"
    >
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {t('access.restrictedTitle')}
      </h1>
      <p className="mt-3 text-stone-700">{t('access.restrictedText')}</p>
      <Link to={SUBSCRIPTION_PATH} className={`${primary} mt-6`}>
        {t('access.subscribe')}
      </Link>
    </section>
  );
}

/**
 * A subscription that is not `actif`: awaiting its first activation (never activated) or deactivated.
 * 'Mon Abonnement' leads to the subscription screen; the support phone is a tel: link.
 */
export function InactiveScreen({ subscription }: { subscription: SubscriptionRow | null }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const pending = !subscription?.date_activation;
  const text = useCatalogText();
  // The plan's name in the reader's language (French where the Arabic was not entered).
  const names = subscription?.abonnement;
  const plan = names?.nameAbonnement ? text(names.nameAbonnement, names.nameAbonnementAr) : undefined;
  const phone = usePublicSettings()?.contact.phone;
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto max-w-xl rounded-2xl border border-amber-200 bg-white p-8 text-center"
    >
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {pending ? t('access.pendingTitle') : t('access.inactiveTitle')}
      </h1>
      <p className="mt-3 text-stone-700">{pending ? t('access.pendingText') : t('access.inactiveText')}</p>
      {plan ? (
        <p className="mt-3 text-sm text-stone-600">
          {subscription?.date_abonnement
            ? t('access.planSince', { plan, date: formatDay(subscription.date_abonnement, lang) })
            : t('access.plan', { plan })}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <Link to={SUBSCRIPTION_PATH} className={primary}>
          {t('access.mySubscription')}
        </Link>
        {phone ? (
          <a
            href={telHref(phone)}
            className="inline-flex items-center gap-2 rounded-lg border border-stone-300 px-5 py-2.5 font-semibold text-stone-800 hover:bg-stone-100"
          >
            {t('access.support')} <span dir="ltr">{phone}</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
