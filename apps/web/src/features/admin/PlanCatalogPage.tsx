import { useState, type ComponentType, type FormEventHandler, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RouteData } from '@filaha/shared/contracts';
import { AdminPage, Collapsible, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import type { DetailItem } from '../../components/ui/DetailsPanel.tsx';
import { TextField } from '../../components/ui/fields.tsx';
import { FormError } from '../../components/ui/FormError.tsx';
import { useFormat } from '../../lib/format.ts';
import { useMessages } from '../../lib/messages.ts';
import { useMoney } from '../../lib/money.ts';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';
import { bilingualDetails, CatalogText, EditPanel, useCatalogText } from './ui/Bilingual.tsx';
import { DeleteButton, EditButton, useConfirmedDelete } from './ui/RowActions.tsx';
import { SubmitButton } from './ui/SubmitButton.tsx';
import { useTableState } from './ui/useTableState.ts';

/** The locale section of a plan catalogue (`admin:plans.*`, `admin:sellerPlans.*`). */
export type PlanTexts = 'plans' | 'sellerPlans';

/** What both plan catalogues (farmers', sellers') have: a bilingual name and client type. */
export type CatalogPlan = Pick<
  RouteData<'GET /sellerAbonnement'>[number] & RouteData<'GET /abonnement'>[number],
  'id' | 'nameAbonnement' | 'nameAbonnementAr' | 'nameClient' | 'nameClientAr'
>;

/** What a kind's columns and details are built with. */
export interface PlanHelpers {
  t: TFunction<'admin'>;
  fmt: ReturnType<typeof useFormat>;
  money: ReturnType<typeof useMoney>;
  text: ReturnType<typeof useCatalogText>;
}

/** How a plan is written (a new one POSTed, an edited one PUT, DELETE) and what it refreshes. */
export interface PlanWrites<I = never> {
  texts: PlanTexts;
  /** Creates the plan, or edits plan `id` when given. */
  save: (input: I, id: number | undefined) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  invalidate: readonly QueryKey[];
}

/** How the farmers' and the sellers' plan catalogues differ: API, texts, form, columns and details. */
export interface PlanKind<P extends CatalogPlan> extends PlanWrites {
  query: { queryKey: QueryKey; queryFn: () => Promise<P[]> };
  /** A screen's own texts for a refused delete (issue code → text). */
  deleteErrors?: (t: TFunction<'admin'>) => Readonly<Record<string, string>>;
  initialSort?: { id: string; dir: 'asc' | 'desc' };
  /** Creates a plan, or edits `editing`. */
  Form: ComponentType<{ editing?: P; onDone: () => void }>;
  /** The columns after the name and the client type. */
  columns: (h: PlanHelpers) => Column<P>[];
  /** The details lines after the names and client types. */
  details: (p: P, h: PlanHelpers) => DetailItem[];
}

type NameField = 'nameAbonnement' | 'nameAbonnementAr' | 'nameClient' | 'nameClientAr';

/** The bilingual names of a plan being edited, as its form's text fields hold them (no Arabic = ''). */
export const planNameValues = (p: CatalogPlan): Record<NameField, string> => ({
  nameAbonnement: p.nameAbonnement,
  nameAbonnementAr: p.nameAbonnementAr ?? '',
  nameClient: p.nameClient,
  nameClientAr: p.nameClientAr ?? '',
});

/** What `usePlanSave` uses of a plan form (react-hook-form's own `useForm` answer). */
interface PlanFormState<I> {
  handleSubmit: (onValid: (input: I) => void) => FormEventHandler<HTMLFormElement>;
  register: (name: NameField) => UseFormRegisterReturn;
  formState: { errors: Partial<Record<NameField, { message?: string }>> };
  reset: () => void;
}

/**
 * A plan form's save: POST a new plan, PUT an edited one; a refusal stays in the form, a success empties it and
 * calls `onDone`. Gives the `PlanFormFrame` props that follow from the form and the save.
 */
export function usePlanSave<I extends { nameAbonnement: string }>(
  writes: PlanWrites<I>,
  form: PlanFormState<I>,
  editingId: number | undefined,
  onDone: () => void,
) {
  const { t } = useTranslation('admin');
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation({
    mutationFn: (input: I) => writes.save(input, editingId),
    success: (_r, v) =>
      t(editingId !== undefined ? `${writes.texts}.updated` : `${writes.texts}.created`, { name: v.nameAbonnement }),
    invalidate: writes.invalidate,
    onSuccess: () => {
      form.reset();
      onDone();
    },
    onError: setError,
  });
  return {
    texts: writes.texts,
    onSubmit: form.handleSubmit((input) => save.mutate(input)),
    error,
    onCloseError: () => setError(null),
    nameField: (name: NameField): [UseFormRegisterReturn, string | undefined] => [
      form.register(name),
      form.formState.errors[name]?.message,
    ],
    busy: save.isPending,
    editing: editingId !== undefined,
  };
}

/** The form of a plan: its error, the bilingual names and client types, the kind's own fields, the submit button. */
export function PlanFormFrame({
  texts,
  className,
  submitClassName,
  onSubmit,
  error,
  onCloseError,
  nameField,
  busy,
  editing,
  children,
}: {
  texts: PlanTexts;
  className: string;
  submitClassName: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  onCloseError: () => void;
  /** A name field's registration and its `validation.*` message. */
  nameField: (name: NameField) => [UseFormRegisterReturn, string | undefined];
  busy: boolean;
  editing: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const fr = (label: string) => t('common.inFrench', { label });
  const ar = (label: string) => t('common.inArabic', { label });
  const field = (name: NameField, label: string, lang: 'fr' | 'ar') => {
    const [registration, message] = nameField(name);
    return (
      <TextField
        label={lang === 'fr' ? fr(label) : ar(label)}
        {...(lang === 'ar' ? { hint: t('common.arabicOptional') } : {})}
        lang={lang}
        dir={lang === 'fr' ? 'ltr' : 'rtl'}
        error={fieldMessage(message)}
        {...registration}
      />
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className={className}>
      <FormError text={error} onClose={onCloseError} />
      {field('nameAbonnement', t(`${texts}.columns.name`), 'fr')}
      {field('nameAbonnementAr', t(`${texts}.columns.name`), 'ar')}
      {field('nameClient', t(`${texts}.columns.client`), 'fr')}
      {field('nameClientAr', t(`${texts}.columns.client`), 'ar')}
      {children}
      <div className={submitClassName}>
        <SubmitButton busy={busy}>{editing ? t('common.saveChanges') : t(`${texts}.submit`)}</SubmitButton>
      </div>
    </form>
  );
}

/** A plan catalogue of the back office: search, the add form, the table with edit and delete, the edit panel. */
export function PlanCatalogPage<P extends CatalogPlan>({ kind }: { kind: PlanKind<P> }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<P | null>(null);
  const text = useCatalogText();
  const money = useMoney();
  const list = useQuery(kind.query);
  const listState = useTableState(list);
  const helpers: PlanHelpers = { t, fmt, money, text };
  const { texts, Form } = kind;
  const name = (p: P) => text(p.nameAbonnement, p.nameAbonnementAr);
  const remove = useConfirmedDelete({
    remove: (p: P) => kind.remove(p.id),
    success: () => t(`${texts}.deleted`),
    invalidate: kind.invalidate,
    errorTexts: kind.deleteErrors?.(t),
    confirm: (p) => ({ title: t(`${texts}.confirmTitle`), message: t(`${texts}.confirmText`, { name: name(p) }) }),
  });

  const rows = (list.data ?? []).filter((p) =>
    matches(query, p.nameAbonnement, p.nameAbonnementAr ?? '', p.nameClient, p.nameClientAr ?? ''),
  );
  const columns: Column<P>[] = [
    {
      id: 'name',
      header: t(`${texts}.columns.name`),
      cell: (p) => <CatalogText fr={p.nameAbonnement} ar={p.nameAbonnementAr} badge className="font-medium" />,
      sort: name,
    },
    {
      id: 'client',
      header: t(`${texts}.columns.client`),
      cell: (p) => <CatalogText fr={p.nameClient} ar={p.nameClientAr} badge />,
      sort: (p) => text(p.nameClient, p.nameClientAr),
    },
    ...kind.columns(helpers),
  ];

  return (
    <AdminPage
      title={t(`${texts}.title`)}
      actions={<SearchBox label={t(`${texts}.search`)} value={query} onChange={setQuery} />}
    >
      <Collapsible openLabel={t(`${texts}.add`)} title={t(`${texts}.add`)}>
        {(close) => <Form onDone={close} />}
      </Collapsible>
      {editing ? (
        <EditPanel title={t(`${texts}.edit`, { name: name(editing) })} onCancel={() => setEditing(null)}>
          <Form key={editing.id} editing={editing} onDone={() => setEditing(null)} />
        </EditPanel>
      ) : null}
      <DataTable
        caption={t(`${texts}.title`)}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        {...listState}
        {...(kind.initialSort ? { initialSort: kind.initialSort } : {})}
        detailsSubtitle={name}
        details={(p) => [
          { label: t('common.id'), value: p.id },
          ...bilingualDetails(t, t(`${texts}.columns.name`), p.nameAbonnement, p.nameAbonnementAr),
          ...bilingualDetails(t, t(`${texts}.columns.client`), p.nameClient, p.nameClientAr),
          ...kind.details(p, helpers),
        ]}
        actions={(p) => (
          <>
            <EditButton name={name(p)} onClick={() => setEditing(p)} />
            <DeleteButton name={name(p)} onClick={() => remove.ask(p)} />
          </>
        )}
      />
      {remove.dialog}
    </AdminPage>
  );
}
