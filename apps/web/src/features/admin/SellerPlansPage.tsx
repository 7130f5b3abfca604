import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, SellerPlanInput } from '@filaha/shared';
import { TextField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { apiCalls } from '../../lib/apiCalls.ts';
import { KEYS } from './adminApi.ts';
import { sellerPlansQuery } from './queries.ts';
import type { SellerPlan } from './types.ts';
import { AdminPage, Collapsible, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { useMoney } from '../../lib/money.ts';
import { CatalogText, EditPanel, hasArabic, MissingArabic, useCatalogText } from './ui/Bilingual.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { FormError } from '../../components/ui/FormError.tsx';
import { useFormat } from '../../lib/format.ts';
import { Button } from '../../components/ui/Button.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { withToasts } from '../../components/ui/Toasts.tsx';

/**
 * SPEC §5: nameAbonnement, nameClient, price, priority (default 1) required; nbPost optional (empty = unlimited).
 * Name, client type and description have an Arabic version (optional: without it the French is shown). The same
 * form creates a plan or, given `editing`, edits it (PUT).
 */
function SellerPlanForm({ editing, onDone }: { editing?: SellerPlan; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(SellerPlanInput),
    defaultValues: editing
      ? {
          nameAbonnement: editing.nameAbonnement,
          nameAbonnementAr: editing.nameAbonnementAr ?? '',
          nameClient: editing.nameClient,
          nameClientAr: editing.nameClientAr ?? '',
          price: String(editing.price),
          priority: String(editing.priority),
          nbPost: editing.nbPost === null ? '' : String(editing.nbPost),
          description: editing.description ?? '',
          descriptionAr: editing.descriptionAr ?? '',
        }
      : { priority: String(LIMITS.sellerPriorityDefault), nbPost: '' },
  });
  const errors = form.formState.errors;
  const fr = (label: string) => t('common.inFrench', { label });
  const ar = (label: string) => t('common.inArabic', { label });
  const save = useAdminMutation({
    mutationFn: (input: SellerPlanInput) =>
      editing ? apiCalls.put(`/sellerAbonnement/${editing.id}`, input) : apiCalls.post('/sellerAbonnement', input),
    success: (_r, v) => t(editing ? 'sellerPlans.updated' : 'sellerPlans.created', { name: v.nameAbonnement }),
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
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <FormError text={error} onClose={() => setError(null)} />
      <TextField
        label={fr(t('sellerPlans.columns.name'))}
        lang="fr"
        dir="ltr"
        error={fieldMessage(errors.nameAbonnement?.message)}
        {...form.register('nameAbonnement')}
      />
      <TextField
        label={ar(t('sellerPlans.columns.name'))}
        hint={t('common.arabicOptional')}
        lang="ar"
        dir="rtl"
        error={fieldMessage(errors.nameAbonnementAr?.message)}
        {...form.register('nameAbonnementAr')}
      />
      <TextField
        label={fr(t('sellerPlans.columns.client'))}
        lang="fr"
        dir="ltr"
        error={fieldMessage(errors.nameClient?.message)}
        {...form.register('nameClient')}
      />
      <TextField
        label={ar(t('sellerPlans.columns.client'))}
        hint={t('common.arabicOptional')}
        lang="ar"
        dir="rtl"
        error={fieldMessage(errors.nameClientAr?.message)}
        {...form.register('nameClientAr')}
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
        label={t('sellerPlans.descriptionFr')}
        lang="fr"
        dir="ltr"
        error={fieldMessage(errors.description?.message)}
        {...form.register('description')}
      />
      <TextAreaField
        label={t('sellerPlans.descriptionAr')}
        lang="ar"
        dir="rtl"
        error={fieldMessage(errors.descriptionAr?.message)}
        {...form.register('descriptionAr')}
      />
      <div className="sm:col-span-2 lg:col-span-3">
        <Button type="submit" disabled={save.isPending} variant="primary">
          {save.isPending ? t('common.saving') : editing ? t('common.saveChanges') : t('sellerPlans.submit')}
        </Button>
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
  const [editing, setEditing] = useState<SellerPlan | null>(null);
  const text = useCatalogText();
  const money = useMoney();
  const fr = (label: string) => t('common.inFrench', { label });
  const ar = (label: string) => t('common.inArabic', { label });
  const list = useQuery(sellerPlansQuery);
  const remove = useAdminMutation({
    mutationFn: (id: number) => apiCalls.delete(`/sellerAbonnement/${id}`),
    success: () => t('sellerPlans.deleted'),
    invalidate: [KEYS.sellerPlans],
    errorTexts: { in_use: t('sellerPlans.inUse') },
  });

  const posts = (p: SellerPlan) => (p.nbPost === null ? t('common.unlimited') : fmt.number(p.nbPost, 0));
  const name = (p: SellerPlan) => text(p.nameAbonnement, p.nameAbonnementAr);
  const rows = (list.data ?? []).filter((p) =>
    matches(query, p.nameAbonnement, p.nameAbonnementAr ?? '', p.nameClient, p.nameClientAr ?? ''),
  );
  const columns: Column<SellerPlan>[] = [
    {
      id: 'name',
      header: t('sellerPlans.columns.name'),
      cell: (p) => <CatalogText fr={p.nameAbonnement} ar={p.nameAbonnementAr} badge className="font-medium" />,
      sort: name,
    },
    {
      id: 'client',
      header: t('sellerPlans.columns.client'),
      cell: (p) => <CatalogText fr={p.nameClient} ar={p.nameClientAr} badge />,
      sort: (p) => text(p.nameClient, p.nameClientAr),
    },
    {
      id: 'price',
      header: t('sellerPlans.columns.price'),
      cell: (p) => money.perYear(p.price),
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
        {(close) => <SellerPlanForm onDone={close} />}
      </Collapsible>
      {editing ? (
        <EditPanel title={t('sellerPlans.edit', { name: name(editing) })} onCancel={() => setEditing(null)}>
          <SellerPlanForm key={editing.id} editing={editing} onDone={() => setEditing(null)} />
        </EditPanel>
      ) : null}
      <DataTable
        caption={t('sellerPlans.title')}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        loading={list.isPending}
        error={list.isError ? errorText(list.error) : null}
        onRetry={() => void list.refetch()}
        initialSort={{ id: 'priority', dir: 'asc' }}
        detailsSubtitle={name}
        details={(p) => [
          { label: t('common.id'), value: p.id },
          { label: fr(t('sellerPlans.columns.name')), value: <span lang="fr">{p.nameAbonnement}</span> },
          {
            label: ar(t('sellerPlans.columns.name')),
            value: hasArabic(p.nameAbonnementAr) ? <span lang="ar">{p.nameAbonnementAr}</span> : <MissingArabic />,
          },
          { label: fr(t('sellerPlans.columns.client')), value: <span lang="fr">{p.nameClient}</span> },
          {
            label: ar(t('sellerPlans.columns.client')),
            value: hasArabic(p.nameClientAr) ? <span lang="ar">{p.nameClientAr}</span> : <MissingArabic />,
          },
          { label: t('sellerPlans.columns.price'), value: money.perYear(p.price) },
          { label: t('sellerPlans.columns.priority'), value: p.priority },
          { label: t('sellerPlans.columns.nbPost'), value: posts(p) },
          {
            label: t('sellerPlans.descriptionFr'),
            value: p.description ? <span lang="fr">{p.description}</span> : '—',
          },
          {
            label: t('sellerPlans.descriptionAr'),
            value: hasArabic(p.descriptionAr) ? (
              <span lang="ar">{p.descriptionAr}</span>
            ) : p.description ? (
              <MissingArabic />
            ) : (
              '—'
            ),
          },
          {
            label: t('plans.functionalities'),
            value: (p.fonctionnalities ?? []).map((f) => text(f.name, f.nameAr)).join(' · ') || t('plans.none'),
          },
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
          title={t('sellerPlans.confirmTitle')}
          message={t('sellerPlans.confirmText', { name: name(pending) })}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(pending.id, { onSettled: () => setPending(null) })}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </AdminPage>
  );
}

export const SellerPlansPage = withToasts(SellerPlansPageView);
