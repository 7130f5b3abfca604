import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FunctionalityInput } from '@filaha/shared';
import { TextField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { AssignFunctionalityForm } from './AssignFunctionalityForm.tsx';
import { functionalitiesQuery, plansQuery, sellerPlansQuery } from './queries.ts';
import type { Functionality } from './types.ts';
import { EditButton } from './ui/RowActions.tsx';
import { SubmitButton } from './ui/SubmitButton.tsx';
import { AdminPage, Collapsible, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { bilingualDetails, CatalogText, EditPanel, useCatalogText } from './ui/Bilingual.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { FormError } from '../../components/ui/FormError.tsx';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';
import { withToasts } from '../../components/ui/Toasts.tsx';
import { useTableState } from './ui/useTableState.ts';

/** Name in French (required) and Arabic (optional: without it the French is shown), psudo; create or edit (PUT). */
function FunctionalityForm({ editing, onDone }: { editing?: Functionality; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(FunctionalityInput),
    defaultValues: editing ? { name: editing.name, nameAr: editing.nameAr ?? '', psudo: editing.psudo } : undefined,
  });
  const errors = form.formState.errors;
  const save = useAdminMutation({
    mutationFn: (input: FunctionalityInput) =>
      editing
        ? call('PUT /fonctionnality/:id', { params: { id: editing.id }, body: input })
        : call('POST /fonctionnality', { body: input }),
    success: (_r, v) => t(editing ? 'functionalities.updated' : 'functionalities.created', { name: v.name }),
    invalidate: [KEYS.functionalities, KEYS.plans, KEYS.sellerPlans],
    onSuccess: () => {
      form.reset();
      onDone();
    },
    onError: setError,
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid gap-4 sm:grid-cols-3">
      <FormError text={error} onClose={() => setError(null)} />
      <TextField
        label={t('common.inFrench', { label: t('functionalities.columns.name') })}
        lang="fr"
        dir="ltr"
        error={fieldMessage(errors.name?.message)}
        {...form.register('name')}
      />
      <TextField
        label={t('common.inArabic', { label: t('functionalities.columns.name') })}
        hint={t('common.arabicOptional')}
        lang="ar"
        dir="rtl"
        error={fieldMessage(errors.nameAr?.message)}
        {...form.register('nameAr')}
      />
      <TextField
        label={t('functionalities.columns.psudo')}
        error={fieldMessage(errors.psudo?.message)}
        {...form.register('psudo')}
      />
      <div className="flex items-end">
        <SubmitButton busy={save.isPending}>
          {editing ? t('common.saveChanges') : t('functionalities.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** /admin/fonctionalities: the functionalities (name, psudo), a create form and the assign form. */
function FunctionalitiesPageView() {
  const { t } = useTranslation('admin');
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Functionality | null>(null);
  const text = useCatalogText();
  const list = useQuery(functionalitiesQuery);
  const listState = useTableState(list);
  const plans = useQuery(plansQuery);
  const sellerPlans = useQuery(sellerPlansQuery);

  // Which plans grant each functionality, read from the plans' own lists.
  const farmerPlansOf = (f: Functionality) =>
    (plans.data ?? [])
      .filter((p) => p.fonctionnalities.some((x) => x.id === f.id))
      .map((p) => text(p.nameAbonnement, p.nameAbonnementAr));
  const sellerPlansOf = (f: Functionality) =>
    (sellerPlans.data ?? [])
      .filter((p) => (p.fonctionnalities ?? []).some((x) => x.id === f.id))
      .map((p) => text(p.nameAbonnement, p.nameAbonnementAr));
  const name = (f: Functionality) => text(f.name, f.nameAr);

  const rows = (list.data ?? []).filter((f) => matches(query, f.name, f.nameAr ?? '', f.psudo));
  const columns: Column<Functionality>[] = [
    {
      id: 'name',
      header: t('functionalities.columns.name'),
      cell: (f) => <CatalogText fr={f.name} ar={f.nameAr} badge className="font-medium" />,
      sort: name,
    },
    {
      id: 'psudo',
      header: t('functionalities.columns.psudo'),
      cell: (f) => <span dir="ltr">{f.psudo}</span>,
      sort: (f) => f.psudo,
    },
    {
      id: 'plans',
      header: t('functionalities.columns.plans'),
      cell: (f) => farmerPlansOf(f).length + sellerPlansOf(f).length,
      sort: (f) => farmerPlansOf(f).length + sellerPlansOf(f).length,
    },
  ];

  return (
    <AdminPage
      title={t('functionalities.title')}
      actions={<SearchBox label={t('functionalities.search')} value={query} onChange={setQuery} />}
    >
      <div className="flex flex-wrap items-start gap-3">
        <Collapsible openLabel={t('functionalities.add')} title={t('functionalities.add')}>
          {(close) => <FunctionalityForm onDone={close} />}
        </Collapsible>
        <Collapsible openLabel={t('functionalities.assign')} title={t('functionalities.assign')}>
          {() => <AssignFunctionalityForm />}
        </Collapsible>
      </div>
      {editing ? (
        <EditPanel title={t('functionalities.edit', { name: name(editing) })} onCancel={() => setEditing(null)}>
          <FunctionalityForm key={editing.id} editing={editing} onDone={() => setEditing(null)} />
        </EditPanel>
      ) : null}
      <DataTable
        caption={t('functionalities.title')}
        columns={columns}
        rows={rows}
        rowKey={(f) => f.id}
        {...listState}
        initialSort={{ id: 'name', dir: 'asc' }}
        detailsSubtitle={name}
        details={(f) => [
          { label: t('common.id'), value: f.id },
          ...bilingualDetails(t, t('functionalities.columns.name'), f.name, f.nameAr),
          { label: t('functionalities.columns.psudo'), value: f.psudo },
          { label: t('functionalities.farmerPlans'), value: farmerPlansOf(f).join(' · ') || t('plans.none') },
          { label: t('functionalities.sellerPlans'), value: sellerPlansOf(f).join(' · ') || t('plans.none') },
        ]}
        actions={(f) => <EditButton name={name(f)} onClick={() => setEditing(f)} />}
      />
    </AdminPage>
  );
}

export const FunctionalitiesPage = withToasts(FunctionalitiesPageView);
