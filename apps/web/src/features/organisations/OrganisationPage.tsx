import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loading } from '../../components/ui/Loading.tsx';
import { asLang, formatDay, formatNumber } from '../farm/format.ts';
import { ApiKeys } from './ApiKeys.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { Imports } from './Imports.tsx';
import { Members } from './Members.tsx';
import { organisationQueries } from './organisationsApi.ts';

/**
 * /user/organisations/:id (issue 30 §1): an organisation as its member sees it — the parcels granted to it now
 * (each read is recorded for their farmers, who can see it), its members, and for its admins the members' form.
 */
export function OrganisationPage() {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const id = Number(useParams().id);
  const detail = useQuery(organisationQueries.one(id));
  const parcels = useQuery({ ...organisationQueries.parcels(id), enabled: detail.isSuccess });

  if (detail.isPending) return <Loading />;
  if (detail.isError)
    return (
      <section aria-labelledby="page-title" className="mx-auto max-w-3xl space-y-3">
        <h1 id="page-title" className="text-2xl font-bold text-stone-900">
          {t('admin.title')}
        </h1>
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {t('org.notFound')}
        </p>
        <Link to="/user/organisations" className="mt-3 inline-block font-semibold text-brand-800 underline">
          {t('org.back')}
        </Link>
      </section>
    );
  const org = detail.data;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl space-y-4" data-testid="organisation-page">
      <div>
        <h1 id="page-title" className="text-2xl font-bold break-words text-stone-900">
          {org.name}
        </h1>
        <p className="text-stone-700">
          {t(`type.${org.type}`)}
          {org.myRole ? ` · ${t('org.myRole', { role: t(`role.${org.myRole}`) })}` : ''}
        </p>
      </div>
      <section className="rounded-2xl border border-stone-200 bg-white p-4" aria-labelledby="org-parcels-title">
        <h2 id="org-parcels-title" className="text-lg font-bold text-stone-900">
          {t('org.parcels')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('org.parcelsNote')}</p>
        <Link
          to={`/user/organisations/${id}/territory`}
          className="mt-2 inline-flex min-h-11 items-center rounded-lg bg-brand-800 px-4 font-semibold text-white"
        >
          {t('territory.open')}
        </Link>
        <ExportButtons organisationId={id} />
        {parcels.isPending ? (
          <Loading className="py-6" />
        ) : parcels.isError ? (
          <p role="alert" className="mt-2 text-red-900">
            {t('loadError')}
          </p>
        ) : parcels.data.length === 0 ? (
          <p className="mt-2 text-stone-700" data-testid="org-parcels-empty">
            {t('org.noParcels')}
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200" data-testid="org-parcels">
            {parcels.data.map((p) => (
              <li key={p.id} className="py-2" data-testid="org-parcel">
                <p className="font-semibold break-words text-stone-900">{p.name}</p>
                <p className="text-sm text-stone-700">
                  {p.farmer
                    ? t('org.parcelLine', {
                        farmer: p.farmer.userName,
                        area: formatNumber(p.areaHa, lang, 2),
                        date: formatDay(p.grantedAt.slice(0, 10), lang),
                      })
                    : t('org.ownParcelLine', {
                        area: formatNumber(p.areaHa, lang, 2),
                        date: formatDay(p.grantedAt.slice(0, 10), lang),
                      })}
                  {p.farmerContact ? (
                    <>
                      {' · '}
                      <bdi dir="ltr">{p.farmerContact}</bdi>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="rounded-2xl border border-stone-200 bg-white p-4" aria-labelledby="org-imports-title">
        <h2 id="org-imports-title" className="text-lg font-bold text-stone-900">
          {t('imports.title')}
        </h2>
        <p className="mt-1 mb-2 text-sm text-stone-600">{t('imports.intro')}</p>
        <Imports organisationId={id} canImport={org.myRole === 'admin' || org.myRole === 'agronomist'} />
      </section>
      {org.myRole === 'admin' ? (
        <section className="rounded-2xl border border-stone-200 bg-white p-4" aria-labelledby="org-keys-title">
          <h2 id="org-keys-title" className="text-lg font-bold text-stone-900">
            {t('apiKeys.title')}
          </h2>
          <div className="mt-2">
            <ApiKeys organisationId={id} />
          </div>
        </section>
      ) : null}
      <section className="rounded-2xl border border-stone-200 bg-white p-4" aria-labelledby="org-members-title">
        <h2 id="org-members-title" className="text-lg font-bold text-stone-900">
          {t('admin.members')}
        </h2>
        {org.myRole === 'admin' ? (
          <p className="mt-1 text-sm text-stone-700">
            {t('admin.code')}{' '}
            <bdi dir="ltr" className="font-mono font-bold tracking-widest">
              {org.accessCode}
            </bdi>
          </p>
        ) : null}
        <div className="mt-2">
          <Members organisationId={id} canManage={org.myRole === 'admin'} />
        </div>
      </section>
    </section>
  );
}
