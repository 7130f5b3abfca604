import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { controlClass } from '../../components/ui/fields.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { ApiAnswerError } from '../../lib/queries.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { farmQueries } from '../farm/farmApi.ts';
import { asLang, formatDay } from '../farm/format.ts';
import { Link } from 'react-router';
import { consentKeys, consentQueries, grant, organisationQueries, revoke, type GrantItem } from './organisationsApi.ts';

const card = 'rounded-2xl border border-stone-200 bg-white p-4';
const primary = 'min-h-11 rounded-lg bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-50';

/**
 * /user/organisations (issue 30 §1): the farmer gives an organisation (a cooperative, the wilaya's agricultural
 * services, an insurer…) access to some or all of their parcels with the code it gave them, sees who has access,
 * takes it back at any time, and sees every read an organisation member made of their parcels.
 */
export function ConsentPage() {
  const { t } = useTranslation('organisations');
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl space-y-4" data-testid="consent-page">
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {t('title')}
      </h1>
      <p className="text-stone-700">{t('intro')}</p>
      <MyOrganisations />
      <GrantForm />
      <Grants />
      <Reads />
    </section>
  );
}

function GrantForm() {
  const { t } = useTranslation('organisations');
  const client = useQueryClient();
  const parcels = useQuery(farmQueries.parcels);
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: grant,
    onMutate: () => {
      setProblem(null);
      setDone(null);
    },
    onSuccess: (grants) => {
      setDone(t('grant.done', { name: grants[0]?.organisation.name ?? '' }));
      setCode('');
      setChosen([]);
      void client.invalidateQueries({ queryKey: consentKeys.grants });
    },
    onError: (error) => {
      const path = error instanceof ApiAnswerError ? error.issues[0]?.path : undefined;
      setProblem(
        path === 'accessCode'
          ? t('grant.unknownCode')
          : path === 'parcelIds'
            ? t('grant.unknownParcel')
            : errorText(error),
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 4) return setProblem(t('grant.codeRequired'));
    if (!all && chosen.length === 0) return setProblem(t('grant.chooseParcels'));
    send.mutate({ accessCode: code.trim(), parcelIds: all ? null : chosen });
  };
  const list = parcels.data ?? [];

  return (
    <form onSubmit={submit} className={card} aria-labelledby="grant-title" noValidate data-testid="grant-form">
      <h2 id="grant-title" className="text-lg font-bold text-stone-900">
        {t('grant.title')}
      </h2>
      <label className="mt-3 block text-sm font-semibold text-stone-800" htmlFor="grant-code">
        {t('grant.code')}
      </label>
      <input
        id="grant-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        maxLength={32}
        aria-describedby="grant-code-hint"
        className={`${controlClass} mt-1 w-full font-mono tracking-widest uppercase`}
      />
      <p id="grant-code-hint" className="mt-1 text-sm text-stone-600">
        {t('grant.codeHint')}
      </p>
      <fieldset className="mt-3">
        <legend className="text-sm font-semibold text-stone-800">{t('grant.which')}</legend>
        <label className="mt-2 flex min-h-11 items-center gap-2">
          <input type="radio" name="grant-scope" checked={all} onChange={() => setAll(true)} className="size-5" />
          {t('grant.all')}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="grant-scope" checked={!all} onChange={() => setAll(false)} className="size-5" />
          {t('grant.some')}
        </label>
        {all ? null : parcels.isPending ? (
          <Loading />
        ) : list.length === 0 ? (
          <p className="text-sm text-stone-700">{t('grant.noParcels')}</p>
        ) : (
          <ul className="ms-7 space-y-1" data-testid="grant-parcels">
            {list.map((p) => (
              <li key={p.id}>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={chosen.includes(p.id)}
                    onChange={(e) =>
                      setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((id) => id !== p.id)))
                    }
                  />
                  <span className="break-words">{p.identifiantU}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {problem ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-3 rounded-lg border border-brand-300 bg-brand-50 p-3 text-sm text-brand-900">
          {done}
        </p>
      ) : null}
      <button type="submit" disabled={send.isPending} className={`${primary} mt-3 w-full sm:w-auto`}>
        {send.isPending ? t('grant.sending') : t('grant.submit')}
      </button>
    </form>
  );
}

function Grants() {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const client = useQueryClient();
  const grants = useQuery(consentQueries.grants);
  const errorText = useErrorText();
  const [asked, setAsked] = useState<GrantItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const take = useMutation({
    mutationFn: (g: GrantItem) => revoke(g.id),
    onMutate: () => setProblem(null),
    onSuccess: () => {
      setAsked(null);
      void client.invalidateQueries({ queryKey: consentKeys.grants });
    },
    onError: (error) => {
      setAsked(null);
      setProblem(errorText(error));
    },
  });

  return (
    <section className={card} aria-labelledby="grants-title" data-testid="grants">
      <h2 id="grants-title" className="text-lg font-bold text-stone-900">
        {t('grants.title')}
      </h2>
      {problem ? (
        <p role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      {grants.isPending ? (
        <Loading />
      ) : grants.isError ? (
        <p role="alert" className="mt-2 text-red-900">
          {t('loadError')}
        </p>
      ) : grants.data.length === 0 ? (
        <p className="mt-2 text-stone-700" data-testid="grants-empty">
          {t('grants.empty')}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200">
          {grants.data.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="grant-item">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-stone-900">{g.organisation.name}</p>
                <p className="text-sm text-stone-700">
                  {t(`type.${g.organisation.type}`)} ·{' '}
                  {g.parcel ? t('grants.parcel', { name: g.parcel.name }) : t('grants.allParcels')} ·{' '}
                  {t('grants.since', { date: formatDay(g.grantedAt.slice(0, 10), lang) })}
                </p>
              </div>
              <button
                type="button"
                onClick={() => setAsked(g)}
                className="min-h-11 rounded-lg border border-red-700 px-4 text-sm font-semibold text-red-800"
              >
                {t('grants.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {asked ? (
        <ConfirmDialog
          title={t('grants.confirmTitle')}
          message={t('grants.confirmMessage', {
            name: asked.organisation.name,
            what: asked.parcel ? asked.parcel.name : t('grants.allParcels'),
          })}
          confirmLabel={t('grants.revoke')}
          busy={take.isPending}
          onConfirm={() => take.mutate(asked)}
          onCancel={() => setAsked(null)}
        />
      ) : null}
    </section>
  );
}

function Reads() {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const log = useQuery(consentQueries.log);
  return (
    <section className={card} aria-labelledby="reads-title" data-testid="reads">
      <h2 id="reads-title" className="text-lg font-bold text-stone-900">
        {t('reads.title')}
      </h2>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <p role="alert" className="mt-2 text-red-900">
          {t('loadError')}
        </p>
      ) : log.data.length === 0 ? (
        <p className="mt-2 text-stone-700" data-testid="reads-empty">
          {t('reads.empty')}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200">
          {log.data.map((e, i) => (
            <li key={i} className="py-2 text-sm text-stone-800" data-testid="read-item">
              {t(e.parcel ? 'reads.parcel' : 'reads.list', {
                date: formatDay(e.at.slice(0, 10), lang),
                member:
                  e.member?.userName ??
                  (e.apiKey ? t('reads.apiKey', { name: e.apiKey.name }) : t('reads.formerMember')),
                organisation: e.organisation.name,
                parcel: e.parcel?.name ?? '',
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The organisations the farmer is a member of (an agronomist of a cooperative also farms): shown only if any. */
function MyOrganisations() {
  const { t } = useTranslation('organisations');
  const mine = useQuery(organisationQueries.list);
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <section className={card} aria-labelledby="mine-title" data-testid="my-organisations">
      <h2 id="mine-title" className="text-lg font-bold text-stone-900">
        {t('mine.title')}
      </h2>
      <ul className="mt-2 space-y-1">
        {mine.data.map((o) => (
          <li key={o.id}>
            <Link
              to={`/user/organisations/${o.id}`}
              aria-label={t('mine.open', { name: o.name })}
              className="inline-flex min-h-11 items-center font-semibold break-words text-brand-800 underline"
            >
              {o.name}
            </Link>
            <p className="text-sm text-stone-700">
              {t(`type.${o.type}`)}
              {o.myRole ? ` · ${t(`role.${o.myRole}`)}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
