import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServicePricesInput } from '@filaha/shared';
import type { RouteData } from '@filaha/shared/contracts';
import { TextField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { formatDinars } from '../services/catalog.ts';
import { forgetPublicSettings } from '../../lib/publicSettings.ts';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { SubmitButton } from './ui/SubmitButton.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { FormError } from '../../components/ui/FormError.tsx';
import { useFormat } from '../../lib/format.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';
import { useErrorText } from '../../lib/useErrorText.ts';

type Group = 'soil' | 'other';
const GROUPS: readonly Group[] = ['soil', 'other'];

/** GET / PUT / DELETE /api/settings/service-prices. */
export type ServicePrices = RouteData<'GET /settings/service-prices'>;

export const servicePricesQuery = {
  queryKey: KEYS.servicePrices,
  queryFn: () => call('GET /settings/service-prices'),
};

/**
 * The starting prices of the field services (issue 13 §5: "services are priced in DA like everything else — an
 * admin setting"), shown on /offre and the services page: the soil analysis and the other field services, a
 * whole amount in DA or empty for "on quotation". Until the back office sets them the deployment's
 * SERVICE_PRICE_* apply; "use the deployment's prices" goes back to those.
 */
export function ServicePricesPanel() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const query = useQuery(servicePricesQuery);
  return (
    <section aria-labelledby="service-prices-title" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="service-prices-title" className="text-lg font-bold text-stone-900">
        {t('servicePrices.title')}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-stone-600">{t('servicePrices.intro')}</p>
      {query.isPending ? (
        <p role="status" className="mt-4 text-stone-600">
          {t('servicePrices.loading')}
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-red-800">
          <span>{errorText(query.error)}</span>
          <Button type="button" variant="small" onClick={() => void query.refetch()}>
            {t('servicePrices.retry')}
          </Button>
        </div>
      ) : (
        // A new answer (saved, reset) starts the form again from what now applies.
        <PricesForm key={`${query.data.updatedAt ?? 'deployment'}`} current={query.data} />
      )}
    </section>
  );
}

const asText = (amount: number | null) => (amount === null ? '' : String(amount));

function PricesForm({ current }: { current: ServicePrices }) {
  const { t, i18n } = useTranslation('admin');
  const fmt = useFormat();
  const { fieldMessage } = useMessages();
  const formId = useId();
  const [values, setValues] = useState<Record<Group, string>>({
    soil: asText(current.prices.soil),
    other: asText(current.prices.other),
  });
  const [invalid, setInvalid] = useState<Partial<Record<Group, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const inputs = useRef<Partial<Record<Group, HTMLInputElement | null>>>({});
  const priceText = (amount: number | null) =>
    amount === null ? t('servicePrices.onQuotation') : formatDinars(amount, i18n.language === 'fr' ? 'fr' : 'ar');

  const done = () => {
    // The public settings this tab has read are stale now (the services page, /offre).
    forgetPublicSettings();
  };
  const save = useAdminMutation({
    mutationFn: (body: ServicePricesInput) => call('PUT /settings/service-prices', { body }),
    success: () => t('servicePrices.saved'),
    invalidate: [KEYS.servicePrices],
    onSuccess: done,
    onError: setError,
  });
  const reset = useAdminMutation({
    mutationFn: () => call('DELETE /settings/service-prices'),
    success: () => t('servicePrices.resetDone'),
    invalidate: [KEYS.servicePrices],
    onSuccess: () => {
      setConfirmReset(false);
      done();
    },
    onError: (text) => {
      setConfirmReset(false);
      setError(text);
    },
  });

  const submit = () => {
    const parsed = ServicePricesInput.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Group, string>> = {};
      for (const issue of parsed.error.issues) {
        const group = issue.path[0] as Group;
        found[group] ??= fieldMessage(issue.message);
      }
      setInvalid(found);
      // Focus goes to the first invalid field (issue 13 §5).
      const first = GROUPS.find((g) => found[g]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setInvalid({});
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <>
      <p className="mt-3 text-sm text-stone-700" data-testid="service-prices-source">
        {current.setInBackOffice && current.updatedAt
          ? t('servicePrices.setOn', { date: fmt.date(current.updatedAt) })
          : t('servicePrices.fromDeployment')}
      </p>
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <FormError text={error} onClose={() => setError(null)} />
        {GROUPS.map((group) => (
          <TextField
            key={group}
            ref={(el) => {
              inputs.current[group] = el;
            }}
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            label={t(`servicePrices.${group}`)}
            hint={t('servicePrices.hint', { price: priceText(current.defaults[group]) })}
            value={values[group]}
            onChange={(e) => {
              const value = e.target.value;
              setValues((v) => ({ ...v, [group]: value }));
              setInvalid((v) => ({ ...v, [group]: undefined }));
            }}
            error={invalid[group]}
          />
        ))}
        <div className="flex flex-wrap gap-3 sm:col-span-full">
          <SubmitButton busy={save.isPending}>{t('servicePrices.save')}</SubmitButton>
          {current.setInBackOffice ? (
            <Button type="button" onClick={() => setConfirmReset(true)} variant="secondary">
              {t('servicePrices.reset')}
            </Button>
          ) : null}
        </div>
      </form>
      {confirmReset ? (
        <ConfirmDialog
          title={t('servicePrices.resetTitle')}
          message={t('servicePrices.resetText', {
            soil: priceText(current.defaults.soil),
            other: priceText(current.defaults.other),
          })}
          confirmLabel={t('servicePrices.resetConfirm')}
          busy={reset.isPending}
          onConfirm={() => reset.mutate(undefined)}
          onCancel={() => setConfirmReset(false)}
        />
      ) : null}
    </>
  );
}
