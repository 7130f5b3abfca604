import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { useMessages } from '../../lib/messages.ts';
import { useCatalogText } from '../../lib/catalogText.ts';
import { ApiAnswerError } from '../../lib/queries.ts';
import { subscribe, type Plan } from './api.ts';
import { formatNumber, type Lang } from './format.ts';
import { PriceTag } from './PriceTag.tsx';

interface OfferPickerProps {
  plans: readonly Plan[];
  userId: number;
  /** An offer chosen before (on /offre, carried through sign-up as ?plan=): checked from the start. */
  initialPlanId?: number | null;
  /** Called once the request is recorded; the subscription screen then says what happens next (no redirect). */
  onRequested?: (plan: Plan) => void;
}

/**
 * The offers with one checkbox each (SPEC §2): one offer at a time, a second click on the chosen one
 * clears it; submitting with none shows the SPEC's message instead of calling the API. After the request the
 * farmer stays on the subscription screen, which confirms it (issue 13 §5, instead of the SPEC's marketplace).
 */
export function OfferPicker({ plans, userId, initialPlanId = null, onRequested }: OfferPickerProps) {
  const { t, i18n } = useTranslation('subscription');
  const text = useCatalogText();
  const lang: Lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const { errorMessage, failureMessage } = useMessages();
  const client = useQueryClient();
  const base = useId();
  const [selected, setSelected] = useState<number | null>(() =>
    plans.some((p) => p.id === initialPlanId) ? initialPlanId : null,
  );
  const [missing, setMissing] = useState(false);

  const submit = useMutation({
    mutationFn: (planId: number) => subscribe(planId, userId),
    onSuccess: async (_answer, planId) => {
      const plan = plans.find((p) => p.id === planId);
      if (plan) onRequested?.(plan);
      // This screen's lists and the farm map's access check both read the subscription state.
      await Promise.all([
        client.invalidateQueries({ queryKey: ['subscription'] }),
        client.invalidateQueries({ queryKey: ['farm', 'status'] }),
      ]);
    },
  });

  const toggle = (id: number) => {
    setSelected((current) => (current === id ? null : id));
    setMissing(false);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (selected === null) {
      setMissing(true);
      // The first offer's checkbox takes the focus, as the first invalid field of a form does.
      (e.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      return;
    }
    submit.mutate(selected);
  };

  const error = submit.error
    ? submit.error instanceof ApiAnswerError
      ? submit.error.code === 'CONFLICT'
        ? t('errors.subscriptionOpen')
        : errorMessage(submit.error.code)
      : failureMessage(submit.error)
    : null;

  if (plans.length === 0) return <p className="mt-6 text-stone-700">{t('offers.none')}</p>;

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6">
      <fieldset>
        <legend className="text-lg font-semibold text-stone-900">{t('offers.legend')}</legend>
        <p className="mt-1 text-sm text-stone-600">{t('offers.hint')}</p>
        <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {plans.map((plan) => {
            const checked = selected === plan.id;
            const titleId = `${base}-${plan.id}`;
            return (
              <li
                key={plan.id}
                className={`flex flex-col rounded-2xl border bg-white p-5 shadow-sm transition-colors ${
                  checked ? 'border-brand-700 ring-2 ring-brand-600' : 'border-stone-200'
                }`}
              >
                <h2
                  id={titleId}
                  className="self-start rounded-full bg-brand-100 px-3 py-1 text-sm font-bold text-brand-900"
                >
                  {text(plan.nameAbonnement, plan.nameAbonnementAr)}
                </h2>
                {plan.description ? (
                  <p className="mt-3 font-semibold text-stone-900">
                    {plan.descriptionFr !== undefined ? text(plan.descriptionFr, plan.descriptionAr) : plan.description}
                  </p>
                ) : null}
                <p className="mt-1 text-sm text-stone-600">{text(plan.nameClient, plan.nameClientAr)}</p>
                <PriceTag prices={plan.prices} className="mt-3 block text-2xl font-bold text-brand-900" />
                <h3 className="mt-4 text-sm font-semibold text-stone-800">{t('offers.functionalities')}</h3>
                {plan.fonctionnalities.length ? (
                  <ul className="mt-2 space-y-1 text-sm text-stone-700">
                    {plan.fonctionnalities.map((f) => (
                      <li key={f.id} className="flex items-start gap-2">
                        <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                        <span>{text(f.name, f.nameAr)}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-sm text-stone-600">{t('details.noFunctionality')}</p>
                )}
                {plan.indices.length ? (
                  <>
                    <h3 className="mt-4 text-sm font-semibold text-stone-800">{t('offers.indices')}</h3>
                    <ul className="mt-2 flex flex-wrap gap-2 text-xs">
                      {plan.indices.map((ix) => (
                        <li key={ix.id} className="rounded-md bg-stone-100 px-2 py-1 text-stone-800">
                          <span dir="ltr">{ix.code ?? ix.name}</span>
                          {ix.nombre_de_requete
                            ? ` · ${t('offers.requests', { n: formatNumber(ix.nombre_de_requete, lang) })}`
                            : null}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
                <div className="mt-auto pt-5">
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 px-3 py-2.5 font-semibold text-stone-900 hover:bg-stone-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => toggle(plan.id)}
                      className="size-5 shrink-0 accent-brand-700"
                    />
                    {t('offers.choose', { name: text(plan.nameAbonnement, plan.nameAbonnementAr) })}
                  </label>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-6 space-y-3">
        {missing ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {t('offers.required')}
          </p>
        ) : null}
        {error ? <ErrorBanner message={error} onClose={() => submit.reset()} /> : null}
        <button
          type="submit"
          disabled={submit.isPending}
          className="rounded-lg bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {submit.isPending ? t('offers.submitting') : t('offers.submit')}
        </button>
      </div>
    </form>
  );
}
