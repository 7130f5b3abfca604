import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PlanInput } from '@filaha/shared';
import { TextField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { apiCalls } from '../../lib/apiCalls.ts';
import { KEYS } from './adminApi.ts';
import { plansQuery } from './queries.ts';
import type { PlanDetails } from './types.ts';
import { AdminPage, Collapsible, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { CatalogText, EditPanel, hasArabic, MissingArabic, useCatalogText } from './ui/Bilingual.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { FormError } from '../../components/ui/FormError.tsx';
import { useFormat } from '../../lib/format.ts';
import { PriceTag } from '../subscription/PriceTag.tsx';
import { firstPrice } from '../subscription/format.ts';
import { Button } from '../../components/ui/Button.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { withToasts } from '../../components/ui/Toasts.tsx';

/**
 * SPEC §5: nameAbonnement, nameClient, prices required; the descriptions (fr, ar) are optional. Names and client
 * types have an Arabic version next to the French one (optional: without it the French is shown). The same form
 * creates a plan or, given `editing`, edits it (PUT).
 */
function PlanForm({ editing, onDone }: { editing?: PlanDetails; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(PlanInput),
    defaultValues: editing
      ? {
          nameAbonnement: editing.nameAbonnement,
          nameAbonnementAr: editing.nameAbonnementAr ?? '',
          nameClient: editing.nameClient,
          nameClientAr: editing.nameClientAr ?? '',
          prices: editing.prices,
          descriptionFr: editing.descriptionFr ?? '',
          descriptionAr: editing.descriptionAr ?? '',
        }
      : undefined,
  });
  const errors = form.formState.errors;
  const save = useAdminMutation({
    mutationFn: (input: PlanInput) =>
      editing ? apiCalls.put(`/abonnement/${editing.id}`, input) : apiCalls.post('/abonnement', input),
    success: (_r, v) => t(editing ? 'plans.updated' : 'plans.created', { name: v.nameAbonnement }),
    invalidate: [KEYS.plans, KEYS.assignments],
    onSuccess: () => {
      form.reset();
      onDone();
    },
    onError: setError,
  });
  const fr = (label: string) => t('common.inFrench', { label });
  const ar = (label: string) => t('common.inArabic', { label });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid gap-4 sm:grid-cols-2">
      <FormError text={error} onClose={() => setError(null)} />
      <TextField
        label={fr(t('plans.columns.name'))}
        lang="fr"
        dir="ltr"
        error={fieldMessage(errors.nameAbonnement?.message)}
        {...form.register('nameAbonnement')}
      />
      <TextField
        label={ar(t('plans.columns.name'))}
        hint={t('common.arabicOptional')}
        lang="ar"
        dir="rtl"
        error={fieldMessage(errors.nameAbonnementAr?.message)}
        {...form.register('nameAbonnementAr')}
      />
      <TextField
        label={fr(t('plans.columns.client'))}
        lang="fr"
        dir="ltr"
        error={fieldMessage(errors.nameClient?.message)}
        {...form.register('nameClient')}
      />
      <TextField
        label={ar(t('plans.columns.client'))}
        hint={t('common.arabicOptional')}
        lang="ar"
        dir="rtl"
        error={fieldMessage(errors.nameClientAr?.message)}
        {...form.register('nameClientAr')}
      />
      <TextField
        label={t('plans.columns.prices')}
        hint={t('plans.pricesHint')}
        error={fieldMessage(errors.prices?.message)}
        {...form.register('prices')}
      />
      <div className="hidden sm:block" />
      <TextAreaField label={t('plans.descriptionFr')} lang="fr" dir="ltr" {...form.register('descriptionFr')} />
      <TextAreaField label={t('plans.descriptionAr')} lang="ar" dir="rtl" {...form.register('descriptionAr')} />
      <div className="flex items-end sm:col-span-2">
        <Button type="submit" disabled={save.isPending} variant="primary">
          {save.isPending ? t('common.saving') : editing ? t('common.saveChanges') : t('plans.submit')}
        </Button>
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
  const [editing, setEditing] = useState<PlanDetails | null>(null);
  const text = useCatalogText();
  const plans = useQuery(plansQuery);
  const fr = (label: string) => t('common.inFrench', { label });
  const ar = (label: string) => t('common.inArabic', { label });
  const remove = useAdminMutation({
    mutationFn: (id: number) => apiCalls.delete(`/abonnement/${id}`),
    success: () => t('plans.deleted'),
    invalidate: [KEYS.plans, KEYS.assignments],
  });

  const rows = (plans.data ?? []).filter((p) =>
    matches(query, p.nameAbonnement, p.nameAbonnementAr ?? '', p.nameClient, p.nameClientAr ?? ''),
  );
  const name = (p: PlanDetails) => text(p.nameAbonnement, p.nameAbonnementAr);
  const columns: Column<PlanDetails>[] = [
    {
      id: 'name',
      header: t('plans.columns.name'),
      cell: (p) => <CatalogText fr={p.nameAbonnement} ar={p.nameAbonnementAr} badge className="font-medium" />,
      sort: name,
    },
    {
      id: 'client',
      header: t('plans.columns.client'),
      cell: (p) => <CatalogText fr={p.nameClient} ar={p.nameClientAr} badge />,
      sort: (p) => text(p.nameClient, p.nameClientAr),
    },
    {
      id: 'prices',
      header: t('plans.columns.prices'),
      cell: (p) => <PriceTag prices={p.prices} />,
      sort: (p) => firstPrice(p.prices).amount ?? Number.POSITIVE_INFINITY,
    },
  ];

  return (
    <AdminPage
      title={t('plans.title')}
      actions={<SearchBox label={t('plans.search')} value={query} onChange={setQuery} />}
    >
      <Collapsible openLabel={t('plans.add')} title={t('plans.add')}>
        {(close) => <PlanForm onDone={close} />}
      </Collapsible>
      {editing ? (
        <EditPanel title={t('plans.edit', { name: name(editing) })} onCancel={() => setEditing(null)}>
          <PlanForm key={editing.id} editing={editing} onDone={() => setEditing(null)} />
        </EditPanel>
      ) : null}
      <DataTable
        caption={t('plans.title')}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        loading={plans.isPending}
        error={plans.isError ? errorText(plans.error) : null}
        onRetry={() => void plans.refetch()}
        detailsSubtitle={name}
        details={(p) => [
          { label: t('common.id'), value: p.id },
          { label: fr(t('plans.columns.name')), value: <span lang="fr">{p.nameAbonnement}</span> },
          {
            label: ar(t('plans.columns.name')),
            value: hasArabic(p.nameAbonnementAr) ? <span lang="ar">{p.nameAbonnementAr}</span> : <MissingArabic />,
          },
          { label: fr(t('plans.columns.client')), value: <span lang="fr">{p.nameClient}</span> },
          {
            label: ar(t('plans.columns.client')),
            value: hasArabic(p.nameClientAr) ? <span lang="ar">{p.nameClientAr}</span> : <MissingArabic />,
          },
          { label: t('plans.columns.prices'), value: <PriceTag prices={p.prices} /> },
          { label: t('plans.description'), value: p.description || '—' },
          {
            label: t('plans.functionalities'),
            value: p.fonctionnalities.length
              ? p.fonctionnalities.map((f) => text(f.name, f.nameAr)).join(' · ')
              : t('plans.none'),
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
          <>
            <Button
              type="button"
              onClick={() => setEditing(p)}
              aria-label={`${t('common.edit')} — ${name(p)}`}
              variant="small"
            >
              {t('common.edit')}
            </Button>
            <Button
              type="button"
              onClick={() => setPending(p)}
              aria-label={`${t('common.delete')} — ${name(p)}`}
              variant="smallDanger"
            >
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      {pending ? (
        <ConfirmDialog
          title={t('plans.confirmTitle')}
          message={t('plans.confirmText', { name: name(pending) })}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(pending.id, { onSettled: () => setPending(null) })}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </AdminPage>
  );
}

export const PlansPage = withToasts(PlansPageView);
