import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PlanInput } from '@filaha/shared';
import { TextField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { adminApi, KEYS } from './adminApi.ts';
import { plansQuery } from './queries.ts';
import type { PlanDetails } from './types.ts';
import { AdminPage, Collapsible, matches, SearchBox } from './ui/AdminPage.tsx';
import { ConfirmDialog } from './ui/ConfirmDialog.tsx';
import { DataTable, type Column } from './ui/DataTable.tsx';
import { useFormat } from './ui/format.ts';
import { btn } from './ui/styles.ts';
import { TextAreaField } from './ui/TextAreaField.tsx';
import { useAdminMutation } from './ui/useAdminMutation.ts';
import { useErrorText } from './ui/useErrorText.ts';
import { withToasts } from './ui/Toasts.tsx';

/** SPEC §5: nameAbonnement, nameClient, prices required; the descriptions (fr, ar) are optional. */
function NewPlanForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const form = useForm({ resolver: zodResolver(PlanInput) });
  const errors = form.formState.errors;
  const create = useAdminMutation({
    mutationFn: (input: PlanInput) => adminApi.post('/abonnement', input),
    success: (_r, v) => t('plans.created', { name: v.nameAbonnement }),
    invalidate: [KEYS.plans],
    onSuccess: () => {
      form.reset();
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))} className="grid gap-4 sm:grid-cols-3">
      <TextField
        label={t('plans.columns.name')}
        error={fieldMessage(errors.nameAbonnement?.message)}
        {...form.register('nameAbonnement')}
      />
      <TextField
        label={t('plans.columns.client')}
        error={fieldMessage(errors.nameClient?.message)}
        {...form.register('nameClient')}
      />
      <TextField
        label={t('plans.columns.prices')}
        hint={t('plans.pricesHint')}
        error={fieldMessage(errors.prices?.message)}
        {...form.register('prices')}
      />
      <TextAreaField label={t('plans.descriptionFr')} lang="fr" dir="ltr" {...form.register('descriptionFr')} />
      <TextAreaField label={t('plans.descriptionAr')} lang="ar" dir="rtl" {...form.register('descriptionAr')} />
      <div className="flex items-end sm:col-span-3">
        <button type="submit" disabled={create.isPending} className={btn.primary}>
          {create.isPending ? t('common.saving') : t('plans.submit')}
        </button>
      </div>
    </form>
  );
}

/** /admin/Abonnement: the offer catalogue (nameAbonnement, nameClient, prices, Delete) and 'Add New Abonnement'. */
function PlansPageView() {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const errorText = useErrorText();
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<PlanDetails | null>(null);
  const plans = useQuery(plansQuery);
  const remove = useAdminMutation({
    mutationFn: (id: number) => adminApi.delete(`/abonnement/${id}`),
    success: () => t('plans.deleted'),
    invalidate: [KEYS.plans, KEYS.assignments],
  });

  const rows = (plans.data ?? []).filter((p) => matches(query, p.nameAbonnement, p.nameClient));
  const columns: Column<PlanDetails>[] = [
    {
      id: 'name',
      header: t('plans.columns.name'),
      cell: (p) => <span className="font-medium">{p.nameAbonnement}</span>,
      sort: (p) => p.nameAbonnement,
    },
    { id: 'client', header: t('plans.columns.client'), cell: (p) => p.nameClient, sort: (p) => p.nameClient },
    { id: 'prices', header: t('plans.columns.prices'), cell: (p) => p.prices, sort: (p) => p.prices },
  ];

  return (
    <AdminPage
      title={t('plans.title')}
      actions={<SearchBox label={t('plans.search')} value={query} onChange={setQuery} />}
    >
      <Collapsible openLabel={t('plans.add')} title={t('plans.add')}>
        {(close) => <NewPlanForm onDone={close} />}
      </Collapsible>
      <DataTable
        caption={t('plans.title')}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        loading={plans.isPending}
        error={plans.isError ? errorText(plans.error) : null}
        onRetry={() => void plans.refetch()}
        detailsSubtitle={(p) => p.nameAbonnement}
        details={(p) => [
          { label: t('common.id'), value: p.id },
          { label: t('plans.columns.name'), value: p.nameAbonnement },
          { label: t('plans.columns.client'), value: p.nameClient },
          { label: t('plans.columns.prices'), value: p.prices },
          { label: t('plans.description'), value: p.description || '—' },
          {
            label: t('plans.functionalities'),
            value: p.fonctionnalities.length ? p.fonctionnalities.map((f) => f.name).join(' · ') : t('plans.none'),
          },
          {
            label: t('plans.indices'),
            value: p.indices.length
              ? p.indices.map((i) => t('plans.indexQuota', { name: i.name, n: i.nombre_de_requete })).join(' · ')
              : t('plans.none'),
          },
          { label: t('common.createdAt'), value: fmt.date(p.createdAt) },
        ]}
        actions={(p) => (
          <button
            type="button"
            onClick={() => setPending(p)}
            aria-label={`${t('common.delete')} — ${p.nameAbonnement}`}
            className={btn.smallDanger}
          >
            {t('common.delete')}
          </button>
        )}
      />
      {pending ? (
        <ConfirmDialog
          title={t('plans.confirmTitle')}
          message={t('plans.confirmText', { name: pending.nameAbonnement })}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(pending.id, { onSettled: () => setPending(null) })}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </AdminPage>
  );
}

export const PlansPage = withToasts(PlansPageView);
