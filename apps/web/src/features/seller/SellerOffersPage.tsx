import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { ApiAnswerError, unwrap } from '../../lib/queries.ts';
import { useMarketErrors } from '../marketplace/errors.ts';
import { useAreaBase, usePriceFormat } from '../marketplace/format.ts';
import { useCatalogText } from '../../lib/catalogText.ts';
import { currentQuery, plansQuery, sellerKeys, subscribe, type SellerPlan } from './api.ts';
import { PlanPicker } from './PlanPicker.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';

/** Who may take a seller plan (apps/api/README.md "Who sells"): sellers, and farmers selling their produce. */
export const canSell = (role: string | null) => role === 'Seller' || role === 'User';

/**
 * /seller/offre and /user/offre-vendeur (SPEC §2, §4): the seller plans, one choice, a confirmation, then the
 * active subscription with remaining days and posts. One open subscription at a time: the API answers 409.
 */
export function SellerOffersPage() {
  const { t } = useTranslation('seller');
  const base = useAreaBase();
  const price = usePriceFormat();
  const text = useCatalogText();
  const describe = useMarketErrors();
  const client = useQueryClient();
  const { session } = useSession();
  const role = session.status === 'authenticated' ? session.role : null;
  const messageId = useId();
  const plans = useQuery(plansQuery);
  const current = useQuery(currentQuery);
  const [selected, setSelected] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState<SellerPlan | null>(null);
  const [done, setDone] = useState(false);

  const buy = useMutation({
    mutationFn: async (planId: number) => unwrap(await subscribe(planId)),
    onSuccess: () => {
      setDone(true);
      setSelected(null);
    },
    onSettled: async () => {
      setConfirming(null);
      await client.invalidateQueries({ queryKey: sellerKeys.current });
    },
  });

  if (plans.isPending || current.isPending) return <Loading />;

  const active = current.data?.hasActiveSubscription === true;
  const subscription = current.data?.data ?? null;
  const allowed = canSell(role);
  const open = buy.error instanceof ApiAnswerError && buy.error.status === 409;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const plan = plans.data?.find((p) => p.id === selected);
    if (!plan) {
      setMissing(true);
      return;
    }
    buy.reset();
    setConfirming(plan);
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 id="page-title" className="text-2xl font-bold text-stone-900">
          {t('plans.title')}
        </h1>
        <p className="mt-1 max-w-3xl text-stone-700">{role === 'User' ? t('plans.introFarmer') : t('plans.intro')}</p>
      </header>

      {done ? (
        <div role="status" className="rounded-lg bg-brand-50 p-4 text-brand-900">
          <p className="font-semibold">{t('plans.subscribed')}</p>
          <Link
            to={`${base}/product-submission`}
            className="mt-2 inline-block font-semibold underline underline-offset-2"
          >
            {t('plans.goPublish')}
          </Link>
        </div>
      ) : null}

      {current.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {t('current.loadError')}
        </p>
      ) : subscription ? (
        <SubscriptionCard subscription={subscription} active={active} />
      ) : null}

      {!allowed ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {t('plans.notAllowed')}
        </p>
      ) : null}

      {plans.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {t('plans.loadError')}
        </p>
      ) : !plans.data?.length ? (
        <p className="text-stone-700">{t('plans.none')}</p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <PlanPicker
            plans={plans.data}
            selected={selected}
            onSelect={(id) => {
              setSelected(id);
              setMissing(false);
            }}
            disabled={!allowed || active}
            currentPlanId={active ? (subscription?.sellerAbonnementId ?? null) : null}
            describedBy={missing ? messageId : undefined}
          />
          {missing ? (
            <p id={messageId} role="alert" className="font-medium text-red-700">
              {t('plans.selectFirst')}
            </p>
          ) : null}
          {buy.error ? (
            <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
              {open ? t('plans.alreadyOpen') : describe(buy.error, t('plans.subscribeError')).text}
            </div>
          ) : null}
          {active ? (
            <p role="note" className="rounded-lg border border-stone-300 bg-white p-4 text-stone-800">
              {t('plans.oneAtATime')}
            </p>
          ) : allowed ? (
            <button
              type="submit"
              className="rounded-lg bg-brand-800 px-6 py-2.5 font-semibold text-white hover:bg-brand-900"
            >
              {t('plans.continue')}
            </button>
          ) : null}
        </form>
      )}

      {confirming ? (
        <Dialog
          title={t('plans.confirmTitle')}
          onClose={() => setConfirming(null)}
          actions={
            <>
              <button
                type="button"
                onClick={() => setConfirming(null)}
                className="rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100"
              >
                {t('plans.cancel')}
              </button>
              <button
                type="button"
                disabled={buy.isPending}
                onClick={() => buy.mutate(confirming.id)}
                className="rounded-lg bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
              >
                {buy.isPending ? t('plans.confirming') : t('plans.confirm')}
              </button>
            </>
          }
        >
          {t('plans.confirmText', {
            name: text(confirming.nameAbonnement, confirming.nameAbonnementAr),
            price: price(confirming.price),
          })}
        </Dialog>
      ) : null}
    </section>
  );
}
