import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/ui/AdminPage.tsx';
import { controlClass } from '../../components/ui/fields.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { useErrorText } from '../../lib/useErrorText.ts';
import { Members } from './Members.tsx';
import {
  createOrganisation,
  organisationKeys,
  organisationQueries,
  ORGANISATION_TYPES,
  type OrganisationItem,
  type OrganisationType,
} from './organisationsApi.ts';

/**
 * /admin/organisations (issue 30 §1): a platform admin creates an organisation, gives its access code to it, and
 * manages its members (the organisation's own admins manage them too, from their page).
 */
export function OrganisationsAdminPage() {
  const { t } = useTranslation('organisations');
  const list = useQuery(organisationQueries.list);
  return (
    <AdminPage title={t('admin.title')} intro={t('admin.intro')}>
      <CreateForm />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert" className="text-red-900">
          {t('loadError')}
        </p>
      ) : list.data.length === 0 ? (
        <p
          className="rounded-2xl border border-stone-200 bg-white p-6 text-stone-700"
          data-testid="organisations-empty"
        >
          {t('admin.empty')}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="organisations">
          {list.data.map((o) => (
            <OrganisationCard key={o.id} organisation={o} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

function CreateForm() {
  const { t } = useTranslation('organisations');
  const client = useQueryClient();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [type, setType] = useState<OrganisationType>('cooperative');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createOrganisation({ name: name.trim(), type }),
    onMutate: () => setProblem(null),
    onSuccess: () => {
      setName('');
      void client.invalidateQueries({ queryKey: organisationKeys.all });
    },
    onError: (error) => setProblem(errorText(error, { duplicate: t('admin.duplicate') })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) return setProblem(t('admin.nameRequired'));
    create.mutate();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-white p-4"
      aria-label={t('admin.create')}
      data-testid="create-organisation"
    >
      <label className="min-w-0 flex-[2_1_16rem] text-sm font-semibold text-stone-800">
        {t('admin.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} className={`${controlClass} mt-1`} />
      </label>
      <label className="min-w-0 flex-[1_1_12rem] text-sm font-semibold text-stone-800">
        {t('admin.type')}
        <select
          value={type}
          onChange={(e) => setType(e.target.value as OrganisationType)}
          className={`${controlClass} mt-1`}
        >
          {ORGANISATION_TYPES.map((v) => (
            <option key={v} value={v}>
              {t(`type.${v}`)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        disabled={create.isPending}
        className="min-h-11 rounded-lg bg-brand-800 px-4 font-semibold text-white disabled:opacity-50"
      >
        {t('admin.create')}
      </button>
      {problem ? (
        <p role="alert" className="w-full rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function OrganisationCard({ organisation: o }: { organisation: OrganisationItem }) {
  const { t } = useTranslation('organisations');
  const [open, setOpen] = useState(false);
  const panel = `organisation-${o.id}-members`;
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4" data-testid="organisation">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold break-words text-stone-900">{o.name}</h2>
          <p className="text-sm text-stone-700">
            {t(`type.${o.type}`)} · {t('admin.counts', { members: o.members, parcels: o.parcels })}
          </p>
        </div>
        <p className="text-sm text-stone-800">
          {t('admin.code')}{' '}
          <bdi dir="ltr" className="font-mono font-bold tracking-widest" data-testid="access-code">
            {o.accessCode}
          </bdi>
        </p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((v) => !v)}
          className="min-h-11 rounded-lg border border-brand-700 px-4 text-sm font-semibold text-brand-800"
        >
          {t('admin.members')}
        </button>
      </div>
      {open ? (
        <div id={panel} className="mt-3 border-t border-stone-200 pt-3">
          <Members organisationId={o.id} canManage />
        </div>
      ) : null}
    </li>
  );
}
