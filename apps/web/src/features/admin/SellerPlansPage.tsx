import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, SellerPlanInput } from '@filaha/shared';
import { TextField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { adminApi, KEYS } from './adminApi.ts';
import { sellerPlansQuery } from './queries.ts';
import type { SellerPlan } from './types.ts';
import { AdminPage, Collapsible, matches, SearchBox } from './ui/AdminPage.tsx';
import { ConfirmDialog } from './ui/ConfirmDialog.tsx';
import { DataTable, type Column } from './ui/DataTable.tsx';
import { FormError } from './ui/FormError.tsx';
import { useFormat } from './ui/format.ts';
import { btn } from './ui/styles.ts';
import { TextAreaField } from './ui/TextAreaField.tsx';
import { useAdminMutation } from './ui/useAdminMutation.ts';
import { useErrorText } from './ui/useErrorText.ts';
import { withToasts } from './ui/Toasts.tsx';

/** SPEC §5: nameAbonnement, nameClient, price, priority (default 1) required; nbPost optional (empty = unlimited). */
function NewSellerPlanForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(SellerPlanInput),
    defaultValues: { priority: String(LIMITS.sellerPriorityDefault), nbPost: '' },
  });
  const errors = form.formState.errors;
  const create = useAdminMutation({
    mutationFn: (input: SellerPlanInput) => adminApi.post('/sellerAbonnement', input),
    success: (_r, v) => t('sellerPlans.created', { name: v.nameAbonnement }),
    invalidate: [KEYS.sellerPlans],
    onSuccess: () => {
      form.reset();
      onDone();
    },
    onError: setError,
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => create.mutate(v))}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <FormError text={error} onClose={() => setError(null)} />
      <TextField
        label={t('sellerPlans.columns.name')}
        error={fieldMessage(errors.nameAbonnement?.message)}
        {...form.register('nameAbonnement')}
      />
      <TextField
        label={t('sellerPlans.columns.client')}
        error={fieldMessage(errors.nameClient?.message)}
        {...form.register('nameClient')}
      />
      <TextField
        type="number"
        min={0}
        step="any"
        label={t('sellerPlans.columns.price')}
        error={fieldMessage(errors.price?.message)}
        {...form.register('price')}
      />
      <TextField
        type="number"
        min={1}
        step={1}
        label={t('sellerPlans.columns.priority')}
        error={fieldMessage(errors.priority?.message)}
        {...form.register('priority')}
      />
      <TextField
        type="number"
        min={0}
        step={1}
        label={t('sellerPlans.columns.nbPost')}
        hint={t('sellerPlans.nbPostHint')}
        error={fieldMessage(errors.nbPost?.message)}
        {...form.register('nbPost')}
      />
      <TextAreaField
        label={t('sellerPlans.description')}
        error={fieldMessage(errors.description?.message)}
        {...form.register('description')}
      />
      <div className="sm:col-span-2 lg:col-span-3">
        <button type="submit" disabled={create.isPending} className={btn.primary}>
          {create.isPending ? t('common.saving') : t('sellerPlans.submit')}
        </button>
      </div>
    </form>
  );
}

/** /admin/SellerAbonnement: the seller plans (post limits, priority) with a form and deletes. */
function SellerPlansPageView() {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const errorText = useErrorText();
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<SellerPlan | null>(null);
  const list = useQuery(sellerPlansQuery);
  const remove = useAdminMutation({
    mutationFn: (id: number) => adminApi.delete(`/sellerAbonnement/${id}`),
    success: () => t('sellerPlans.deleted'),
    invalidate: [KEYS.sellerPlans],
    errorTexts: { in_use: t('sellerPlans.inUse') },
  });

  const posts = (p: SellerPlan) => (p.nbPost === null ? t('common.unlimited') : fmt.number(p.nbPost, 0));
  const rows = (list.data ?? []).filter((p) => matches(query, p.nameAbonnement, p.nameClient));
  const columns: Column<SellerPlan>[] = [
    {
      id: 'name',
      header: t('sellerPlans.columns.name'),
      cell: (p) => <span className="font-medium">{p.nameAbonnement}</span>,
      sort: (p) => p.nameAbonnement,
    },
    { id: 'client', header: t('sellerPlans.columns.client'), cell: (p) => p.nameClient, sort: (p) => p.nameClient },
    {
      id: 'price',
      header: t('sellerPlans.columns.price'),
      cell: (p) => t('common.price', { amount: fmt.number(p.price) }),
      sort: (p) => p.price,
    },
    { id: 'priority', header: t('sellerPlans.columns.priority'), cell: (p) => p.priority, sort: (p) => p.priority },
    {
      id: 'nbPost',
      header: t('sellerPlans.columns.nbPost'),
      cell: posts,
      sort: (p) => p.nbPost ?? Number.MAX_SAFE_INTEGER,
    },
  ];

  return (
    <AdminPage
      title={t('sellerPlans.title')}
      actions={<SearchBox label={t('sellerPlans.search')} value={query} onChange={setQuery} />}
    >
      <Collapsible openLabel={t('sellerPlans.add')} title={t('sellerPlans.add')}>
        {(close) => <NewSellerPlanForm onDone={close} />}
      </Collapsible>
      <DataTable
        caption={t('sellerPlans.title')}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        loading={list.isPending}
        error={list.isError ? errorText(list.error) : null}
        onRetry={() => void list.refetch()}
        initialSort={{ id: 'priority', dir: 'asc' }}
        detailsSubtitle={(p) => p.nameAbonnement}
        details={(p) => [
          { label: t('common.id'), value: p.id },
          { label: t('sellerPlans.columns.name'), value: p.nameAbonnement },
          { label: t('sellerPlans.columns.client'), value: p.nameClient },
          { label: t('sellerPlans.columns.price'), value: t('common.price', { amount: fmt.number(p.price) }) },
          { label: t('sellerPlans.columns.priority'), value: p.priority },
          { label: t('sellerPlans.columns.nbPost'), value: posts(p) },
          { label: t('sellerPlans.description'), value: p.description || '—' },
          {
            label: t('plans.functionalities'),
            value: (p.fonctionnalities ?? []).map((f) => f.name).join(' · ') || t('plans.none'),
          },
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
          title={t('sellerPlans.confirmTitle')}
          message={t('sellerPlans.confirmText', { name: pending.nameAbonnement })}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(pending.id, { onSettled: () => setPending(null) })}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </AdminPage>
  );
}

export const SellerPlansPage = withToasts(SellerPlansPageView);
