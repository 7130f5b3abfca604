import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogText } from '../../lib/catalogText.ts';
import type { FarmerSubscription, Plan } from './api.ts';
import { formatDate, formatMonths, type Lang } from './format.ts';
import { PriceTag } from './PriceTag.tsx';

/**
 * A plan request awaiting validation, on the subscription screen: what was requested (offer, price, date), what
 * happens next (an administrator validates it) and when (the period starts on activation). Right after the request
 * (`justSent`) it takes the focus, so a screen reader announces it and the farmer sees it where they are.
 */
export function RequestNotice({
  subscription,
  plan,
  justSent,
}: {
  subscription: FarmerSubscription;
  plan?: Plan;
  justSent: boolean;
}) {
  const { t, i18n } = useTranslation('subscription');
  const lang: Lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const heading = useRef<HTMLHeadingElement>(null);
  const text = useCatalogText();
  const name = plan
    ? text(plan.nameAbonnement, plan.nameAbonnementAr)
    : text(subscription.abonnement.nameAbonnement, subscription.abonnement.nameAbonnementAr);
  const prices = plan?.prices ?? subscription.abonnement.prices;

  useEffect(() => {
    if (justSent) heading.current?.focus();
  }, [justSent]);

  return (
    <section
      aria-labelledby="plan-request"
      data-testid="plan-request"
      className="mt-6 rounded-2xl border border-brand-300 bg-brand-50 p-5 text-stone-900"
    >
      <h2 id="plan-request" ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
        {justSent ? t('request.sentTitle', { name }) : t('request.pendingTitle', { name })}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-stone-600">{t('request.plan')}</dt>
          <dd className="font-semibold">{name}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t('request.price')}</dt>
          <dd className="font-semibold">
            <PriceTag prices={prices} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">{t('request.date')}</dt>
          <dd className="font-semibold">{formatDate(subscription.date_abonnement, lang)}</dd>
        </div>
      </dl>
      <h3 className="mt-4 font-semibold">{t('request.nextTitle')}</h3>
      <p className="mt-1">{t('request.next')}</p>
      <p className="mt-1">{t('request.when', { months: formatMonths(subscription.durée, lang) })}</p>
    </section>
  );
}
