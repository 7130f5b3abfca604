import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { telHref, usePublicSettings } from '../../lib/publicSettings.ts';
import { useCatalogText } from '../../lib/catalogText.ts';
import { isPending, usageQuery, type FarmerSubscription, type Plan } from './api.ts';
import { formatDate, formatMonths, formatNumber, type Lang } from './format.ts';
import { IndexList } from './IndexList.tsx';
import { PriceTag } from './PriceTag.tsx';
import { UsageList } from './UsageList.tsx';

type StateKind = 'active' | 'pending' | 'inactive';

export function stateKind(s: FarmerSubscription): StateKind {
  if (s.etat === 'actif') return 'active';
  return isPending(s) ? 'pending' : 'inactive';
}

/** actif is green, every other state red (SPEC §2); the colour is never the only cue, the text says it too. */
export function StateBadge({ subscription }: { subscription: FarmerSubscription }) {
  const { t } = useTranslation('subscription');
  const kind = stateKind(subscription);
  const tone = kind === 'active' ? 'bg-brand-100 text-brand-900' : 'bg-red-100 text-red-900';
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${tone}`}>
      <span aria-hidden="true" className={`size-2 rounded-full ${kind === 'active' ? 'bg-brand-700' : 'bg-red-700'}`} />
      {t(`state.${kind}`)}
    </span>
  );
}

/** The end of a subscription: its last activation plus its duration in months; null before any activation. */
export function subscriptionEnd(s: FarmerSubscription): string | null {
  if (!s.date_activation) return null;
  const end = new Date(s.date_activation);
  if (Number.isNaN(end.getTime())) return null;
  end.setUTCMonth(end.getUTCMonth() + s.durée);
  return end.toISOString();
}

/** The requests left on the card: the sum over the indices of the usage rows, which exist once activated. */
function RequestsLeft({ subscriptionId, lang }: { subscriptionId: number; lang: Lang }) {
  const { t } = useTranslation('subscription');
  const usage = useQuery(usageQuery(subscriptionId));
  if (usage.isPending) return null;
  if (usage.isError || usage.data.length === 0) return <>{t('usage.unavailable')}</>;
  const left = usage.data.reduce((n, row) => n + Math.max(0, row.nbreq_restante), 0);
  const total = usage.data.reduce((n, row) => n + row.nbreq_total, 0);
  return <>{t('card.requestsLeftValue', { left: formatNumber(left, lang), total: formatNumber(total, lang) })}</>;
}

/** One entry of 'Mes Abonnements': the summary, and a toggle that opens the details (SPEC §2). */
export function SubscriptionCard({ subscription: s, plan }: { subscription: FarmerSubscription; plan?: Plan }) {
  const { t, i18n } = useTranslation('subscription');
  const lang: Lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const text = useCatalogText();
  const kind = stateKind(s);
  const phone = usePublicSettings()?.contact.phone;
  const end = subscriptionEnd(s);

  return (
    <article className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm" data-testid="subscription-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-bold text-stone-900">
            {text(s.abonnement.nameAbonnement, s.abonnement.nameAbonnementAr)}
          </h3>
          <p className="text-sm text-stone-600">{text(s.abonnement.nameClient, s.abonnement.nameClientAr)}</p>
        </div>
        <StateBadge subscription={s} />
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">{t('card.price')}</dt>
          <dd className="font-semibold text-stone-900">
            <PriceTag prices={s.abonnement.prices} />
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('card.created')}</dt>
          <dd className="font-semibold text-stone-900">{formatDate(s.date_abonnement, lang)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('card.ends')}</dt>
          <dd className="font-semibold text-stone-900">
            {end ? formatDate(end, lang) : t('card.endsAfterActivation', { duration: formatMonths(s.durée, lang) })}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('card.requestsLeft')}</dt>
          <dd className="font-semibold text-stone-900">
            {s.date_activation ? <RequestsLeft subscriptionId={s.id} lang={lang} /> : t('card.requestsAfterActivation')}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="mt-4 rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50"
      >
        {open ? t('card.hideDetails') : t('card.showDetails')}
      </button>
      <div id={panelId} hidden={!open} className="mt-5 space-y-6 border-t border-stone-200 pt-5">
        {open ? (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-stone-600">{t('details.date')}</dt>
                <dd className="font-semibold text-stone-900">{formatDate(s.date_abonnement, lang)}</dd>
              </div>
              <div>
                <dt className="text-stone-600">{t('details.duration')}</dt>
                <dd className="font-semibold text-stone-900">{formatMonths(s.durée, lang)}</dd>
              </div>
              <div>
                <dt className="text-stone-600">{t('details.state')}</dt>
                <dd className={`font-semibold ${kind === 'active' ? 'text-brand-800' : 'text-red-800'}`}>
                  {t(`state.${kind}`)}
                </dd>
              </div>
              {s.date_activation ? (
                <div>
                  <dt className="text-stone-600">{t('details.activated')}</dt>
                  <dd className="font-semibold text-stone-900">{formatDate(s.date_activation, lang)}</dd>
                </div>
              ) : null}
            </dl>
            <p
              className={`rounded-lg p-3 text-sm ${kind === 'active' ? 'bg-brand-50 text-brand-900' : 'bg-red-50 text-red-900'}`}
            >
              {t(`meaning.${kind}`)}{' '}
              {kind === 'active' || !phone ? null : (
                <>
                  {t('meaning.call')}{' '}
                  <a href={telHref(phone)} className="font-semibold underline">
                    <bdi dir="ltr" className="whitespace-nowrap">
                      {phone}
                    </bdi>
                  </a>
                </>
              )}
            </p>
            <section>
              <h4 className="font-semibold text-stone-900">{t('details.functionalities')}</h4>
              {plan?.fonctionnalities.length ? (
                <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                  {plan.fonctionnalities.map((f) => (
                    <li key={f.id} className="flex flex-wrap gap-x-2 rounded-lg bg-stone-50 px-3 py-2 text-sm">
                      <span className="font-medium text-stone-900">{text(f.name, f.nameAr)}</span>
                      <bdi className="text-stone-600">({f.psudo})</bdi>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-stone-600">{t('details.noFunctionality')}</p>
              )}
            </section>
            <section>
              <h4 className="font-semibold text-stone-900">{t('details.usage')}</h4>
              <div className="mt-2">
                <UsageList subscriptionId={s.id} />
              </div>
            </section>
            <section>
              <h4 className="font-semibold text-stone-900">{t('details.indices')}</h4>
              <div className="mt-2">
                <IndexList indices={plan?.indices ?? []} />
              </div>
            </section>
          </>
        ) : null}
      </div>
    </article>
  );
}
