import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ENGINE_INDEX_CODES, IndexInput, toBilingual } from '@filaha/shared';
import { TextField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { AssignIndexForm } from './AssignIndexForm.tsx';
import { indicesQuery } from './queries.ts';
import type { IndexRow } from './types.ts';
import { ChoiceField } from './ui/ChoiceField.tsx';
import { DeleteButton, useConfirmedDelete } from './ui/RowActions.tsx';
import { SubmitButton } from './ui/SubmitButton.tsx';
import { AdminPage, Collapsible, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { FormError } from '../../components/ui/FormError.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';
import { withToasts } from '../../components/ui/Toasts.tsx';
import { useTableState } from './ui/useTableState.ts';

const requiredText = z.string().trim().min(1, 'validation.required').max(8000, 'validation.tooLong');
/**
 * SPEC §5: indiceName, recomndation, description required; the description is entered in both languages. The
 * code is chosen among those the imagery engine computes, so no plan can sell an index that fails on request.
 */
const IndexForm = z.object({
  indiceName: IndexInput.shape.indiceName,
  code: z.enum(ENGINE_INDEX_CODES, { error: 'validation.required' }),
  recomndation: requiredText,
  descriptionAr: requiredText,
  descriptionFr: requiredText,
});
type IndexForm = z.output<typeof IndexForm>;

export function NewIndexForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(IndexForm) });
  const errors = form.formState.errors;
  // Codes are unique: an engine index that already has its row is shown but cannot be chosen again.
  const taken = new Set((useQuery(indicesQuery).data ?? []).map((i) => i.code));
  const create = useAdminMutation({
    mutationFn: (v: IndexForm) =>
      call('POST /indice', {
        body: IndexInput.parse({
          indiceName: v.indiceName,
          code: v.code,
          recomndation: v.recomndation,
          description: { ar: v.descriptionAr, fr: v.descriptionFr },
        }),
      }),
    success: (_r, v) => t('indices.created', { name: v.indiceName }),
    invalidate: [KEYS.indices],
    onSuccess: () => {
      form.reset();
      onDone();
    },
    onError: setError,
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))} className="grid gap-4 sm:grid-cols-2">
      <FormError text={error} onClose={() => setError(null)} />
      <TextField
        label={t('indices.columns.name')}
        hint={t('indices.nameHint')}
        error={fieldMessage(errors.indiceName?.message)}
        {...form.register('indiceName')}
      />
      <ChoiceField
        label={t('indices.code')}
        hint={t('indices.codeHint')}
        error={fieldMessage(errors.code?.message)}
        choices={ENGINE_INDEX_CODES.map((code) => ({ value: code, label: code, disabled: taken.has(code) }))}
        {...form.register('code')}
      />
      <TextAreaField
        label={t('indices.recommendation')}
        error={fieldMessage(errors.recomndation?.message)}
        {...form.register('recomndation')}
      />
      <TextAreaField
        label={t('indices.descriptionAr')}
        lang="ar"
        dir="rtl"
        error={fieldMessage(errors.descriptionAr?.message)}
        {...form.register('descriptionAr')}
      />
      <TextAreaField
        label={t('indices.descriptionFr')}
        lang="fr"
        dir="ltr"
        error={fieldMessage(errors.descriptionFr?.message)}
        {...form.register('descriptionFr')}
      />
      <div className="sm:col-span-2">
        <SubmitButton busy={create.isPending}>{t('indices.submit')}</SubmitButton>
      </div>
    </form>
  );
}

/** /admin/indices: the vegetation indices, a create form and the assign-index-to-plan form. */
function IndicesPageView() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const [query, setQuery] = useState('');
  const list = useQuery(indicesQuery);
  const listState = useTableState(list);
  const remove = useConfirmedDelete({
    remove: (i: IndexRow) => call('DELETE /indice/:id', { params: { id: i.id } }),
    success: () => t('indices.deleted'),
    invalidate: [KEYS.indices, KEYS.legends],
    confirm: (i) => ({ title: t('indices.confirmTitle'), message: t('indices.confirmText', { name: i.indiceName }) }),
  });

  const describe = (i: IndexRow) => toBilingual(i.description)[lang];
  const rows = (list.data ?? []).filter((i) => matches(query, i.indiceName, i.code));
  const columns: Column<IndexRow>[] = [
    {
      id: 'name',
      header: t('indices.columns.name'),
      cell: (i) => <span className="font-medium">{i.indiceName}</span>,
      sort: (i) => i.indiceName,
    },
    {
      id: 'code',
      header: t('indices.columns.code'),
      cell: (i) => <span dir="ltr">{i.code}</span>,
      sort: (i) => i.code,
    },
    { id: 'legend', header: t('indices.columns.legend'), cell: (i) => i.legende.length, sort: (i) => i.legende.length },
    {
      id: 'description',
      header: t('indices.columns.description'),
      cell: (i) => <span className="line-clamp-2">{describe(i)}</span>,
    },
  ];

  return (
    <AdminPage
      title={t('indices.title')}
      actions={<SearchBox label={t('indices.search')} value={query} onChange={setQuery} />}
    >
      <div className="flex flex-wrap items-start gap-3">
        <Collapsible openLabel={t('indices.add')} title={t('indices.add')}>
          {(close) => <NewIndexForm onDone={close} />}
        </Collapsible>
        <Collapsible openLabel={t('planIndices.assign')} title={t('planIndices.assign')}>
          {() => <AssignIndexForm />}
        </Collapsible>
      </div>
      <DataTable
        caption={t('indices.title')}
        columns={columns}
        rows={rows}
        rowKey={(i) => i.id}
        {...listState}
        initialSort={{ id: 'name', dir: 'asc' }}
        detailsSubtitle={(i) => i.indiceName}
        details={(i) => [
          { label: t('common.id'), value: i.id },
          { label: t('indices.columns.name'), value: i.indiceName },
          { label: t('indices.columns.code'), value: i.code },
          { label: t('indices.columns.description'), value: describe(i) },
          {
            label: t('indices.recommendation'),
            value: i.recomndation.length ? (
              <ul className="list-disc space-y-1 ps-5">
                {i.recomndation.map((r, n) => (
                  <li key={n}>{[r.range[lang], r[lang]].filter(Boolean).join(' — ')}</li>
                ))}
              </ul>
            ) : (
              '—'
            ),
          },
          {
            label: t('indices.columns.legend'),
            value: i.legende.length ? (
              <ul className="space-y-1">
                {i.legende.map((l) => (
                  <li key={l.id} className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="inline-block size-3 rounded-sm border border-stone-300"
                      style={{ background: l.color }}
                    />
                    <span dir="ltr">
                      [{l.intervalDeb}, {l.intervalFin})
                    </span>
                    <span>{l.descriptionLeg}</span>
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            ),
          },
        ]}
        actions={(i) => <DeleteButton name={i.indiceName} onClick={() => remove.ask(i)} />}
      />
      {remove.dialog}
    </AdminPage>
  );
}

export const IndicesPage = withToasts(IndicesPageView);
