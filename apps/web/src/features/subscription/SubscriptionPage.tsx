import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '../../components/ui/Loading.tsx';
import { useCatalogText } from '../../lib/catalogText.ts';
import { canSubscribeAgain, isPending, meQuery, plansQuery, statusQuery } from './api.ts';
import { OfferPicker } from './OfferPicker.tsx';
import { RequestNotice } from './RequestNotice.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';

/** `?plan=<id>`: an offer chosen on /offre and carried through sign-up, checked in the list from the start. */
export const PLAN_PARAM = 'plan';

/**
 * /user/Abonnement (SPEC §2): the offers when the farmer has no subscription, otherwise 'Mes Abonnements'
 * with details and usage. When every earlier subscription was deactivated the API accepts a new one, so
 * the offers can be opened again from here. A request awaiting validation is explained at the top (RequestNotice).
 */
export function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  const text = useCatalogText();
  const [searchParams] = useSearchParams();
  const chosen = Number(searchParams.get(PLAN_PARAM)) || null;
  const [choosing, setChoosing] = useState(chosen !== null);
  const [justSent, setJustSent] = useState(false);
  const me = useQuery(meQuery);
  const userId = me.data?.user_id;
  const status = useQuery({ ...statusQuery(userId ?? 0), enabled: userId !== undefined });
  const plans = useQuery(plansQuery);

  const failed = me.isError || status.isError || plans.isError;
  const retry = () => {
    if (me.isError) void me.refetch();
    if (status.isError) void status.refetch();
    if (plans.isError) void plans.refetch();
  };

  let body;
  if (failed) {
    body = (
      <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <p>{t('loadError')}</p>
        <button
          type="button"
          onClick={retry}
          className="mt-3 rounded-lg border border-red-400 bg-white px-4 py-2 text-sm font-semibold text-red-900 hover:bg-red-100"
        >
          {t('retry')}
        </button>
      </div>
    );
  } else if (userId === undefined || status.isPending || plans.isPending) {
    body = <Loading />;
  } else if (status.data.length === 0) {
    const preselected = plans.data.find((p) => p.id === chosen);
    body = (
      <>
        <p className="mt-2 max-w-3xl text-stone-700">{t('offers.lead')}</p>
        {preselected ? (
          <p role="note" className="mt-3 rounded-lg border border-brand-300 bg-brand-50 p-3 text-brand-900">
            {t('request.preselected', { name: text(preselected.nameAbonnement, preselected.nameAbonnementAr) })}
          </p>
        ) : null}
        <OfferPicker plans={plans.data} userId={userId} initialPlanId={chosen} onRequested={() => setJustSent(true)} />
      </>
    );
  } else {
    const list = status.data;
    const again = canSubscribeAgain(list);
    const pending = list.find(isPending);
    body = (
      <>
        {pending ? (
          <RequestNotice
            subscription={pending}
            plan={plans.data.find((p) => p.id === pending.abn_id)}
            justSent={justSent}
          />
        ) : null}
        <section aria-labelledby="my-subscriptions" className="mt-6">
          <h2 id="my-subscriptions" className="text-xl font-bold text-stone-900">
            {t('mine.title')}
          </h2>
          <ul className="mt-4 space-y-4">
            {list.map((s) => (
              <li key={s.id}>
                <SubscriptionCard subscription={s} plan={plans.data.find((p) => p.id === s.abn_id)} />
              </li>
            ))}
          </ul>
        </section>
        {again ? (
          <section className="mt-8 rounded-2xl border border-sand-300 bg-sand-100 p-5">
            <p className="text-stone-900">{t('mine.renewText')}</p>
            <button
              type="button"
              aria-expanded={choosing}
              onClick={() => setChoosing((v) => !v)}
              className="mt-3 rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
            >
              {choosing ? t('mine.renewHide') : t('mine.renew')}
            </button>
            {choosing ? (
              <OfferPicker
                plans={plans.data}
                userId={userId}
                initialPlanId={chosen}
                onRequested={() => {
                  setJustSent(true);
                  setChoosing(false);
                }}
              />
            ) : null}
          </section>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {t('title')}
      </h1>
      {body}
    </section>
  );
}
