import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../components/ui/Loading.tsx';
import { asLang, formatDay } from '../farm/format.ts';
import { farmQueries } from '../farm/farmApi.ts';
import { alertSentence, curveLink, mapLink } from './alertText.ts';
import { alertKeys, alertQueries, markAllRead, markRead, type AlertItem, type AlertList } from './alertsApi.ts';

/**
 * /user/alertes — the notification centre: the farmer's alerts, newest acquisition first (parcel, date, what
 * happened, a link to the farm map on that day and one to the parcel's curve), mark one or all as read.
 */
export function AlertsPage() {
  const { t, i18n } = useTranslation('alerts');
  const lang = asLang(i18n.language);
  const client = useQueryClient();
  const list = useQuery(alertQueries.list);
  const indices = useQuery(farmQueries.indices);
  const [actionFailed, setActionFailed] = useState(false);
  const indexIds = useMemo(
    () => new Map((indices.data ?? []).map((i) => [i.code.toUpperCase(), i.id] as const)),
    [indices.data],
  );

  const applyRead = (ids: number[] | 'all', unread: number) =>
    client.setQueryData<AlertList>(alertKeys.list, (old) =>
      old
        ? {
            unread,
            alerts: old.alerts.map((a) => (ids === 'all' || ids.includes(a.id) ? { ...a, read: true } : a)),
          }
        : old,
    );
  const one = useMutation({
    mutationFn: markRead,
    onMutate: () => setActionFailed(false),
    onSuccess: (answer) => applyRead([answer.id], answer.unread),
    onError: () => setActionFailed(true),
  });
  const all = useMutation({
    mutationFn: markAllRead,
    onMutate: () => setActionFailed(false),
    onSuccess: (answer) => applyRead('all', answer.unread),
    onError: () => setActionFailed(true),
  });

  const data = list.data;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl" data-testid="alerts-page">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 id="page-title" className="text-2xl font-bold text-stone-900">
          {t('centre.title')}
        </h1>
        {data ? (
          <p className="text-sm text-stone-600" data-testid="alerts-unread">
            {t('centre.unreadCount', { count: data.unread })}
          </p>
        ) : null}
        {data && data.alerts.length > 0 ? (
          <button
            type="button"
            onClick={() => all.mutate()}
            disabled={data.unread === 0 || all.isPending}
            className="ms-auto min-h-11 rounded-lg border border-brand-700 px-4 text-sm font-semibold text-brand-800 disabled:opacity-50"
          >
            {t('centre.markAll')}
          </button>
        ) : null}
      </div>
      {actionFailed ? (
        <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {t('centre.actionError')}
        </p>
      ) : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <p>{t('centre.loadError')}</p>
          <button
            type="button"
            onClick={() => void list.refetch()}
            className="mt-2 min-h-11 rounded-lg bg-red-700 px-4 font-semibold text-white"
          >
            {t('centre.retry')}
          </button>
        </div>
      ) : data!.alerts.length === 0 ? (
        <p className="rounded-2xl border border-stone-200 bg-white p-6 text-stone-700" data-testid="alerts-empty">
          {t('centre.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="alerts-list">
          {data!.alerts.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              sentence={alertSentence(alert, t, lang)}
              day={formatDay(alert.date, lang)}
              mapHref={mapLink(alert, indexIds.get(alert.index.toUpperCase()))}
              onRead={() => !alert.read && one.mutate(alert.id)}
              pending={one.isPending && one.variables === alert.id}
            />
          ))}
        </ul>
      )}
      <p className="mt-6 text-sm">
        <Link to="/user/profile#alert-settings" className="font-semibold text-brand-800 underline">
          {t('centre.settingsLink')}
        </Link>
      </p>
    </section>
  );
}

function AlertCard(props: {
  alert: AlertItem;
  sentence: string;
  day: string;
  mapHref: string;
  onRead: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('alerts');
  const { alert } = props;
  const link = 'inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-brand-800 underline';
  return (
    <li
      data-testid="alert-item"
      data-rule={alert.rule}
      data-read={alert.read ? 'true' : 'false'}
      className={`rounded-2xl border p-4 ${alert.read ? 'border-stone-200 bg-white' : 'border-brand-300 bg-brand-50'}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-base font-bold text-stone-900">
          {alert.likelyHarvest ? t('likelyHarvest') : t(`rule.${alert.rule}`)}
        </h2>
        {alert.read ? null : (
          <span className="rounded-full bg-red-600 px-2 text-xs font-bold text-white">{t('centre.new')}</span>
        )}
      </div>
      <p className="mt-1 text-sm text-stone-700">
        <span className="font-semibold">{alert.parcelName}</span>
        {' · '}
        <span>{t('centre.acquisition', { date: props.day })}</span>
      </p>
      <p className="mt-2 text-stone-900" data-testid="alert-sentence">
        {props.sentence}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Link to={props.mapHref} onClick={props.onRead} className={link}>
          {t('centre.openMap')}
        </Link>
        <Link to={curveLink(alert)} onClick={props.onRead} className={link}>
          {t('centre.openCurve')}
        </Link>
        {alert.read ? null : (
          <button
            type="button"
            onClick={props.onRead}
            disabled={props.pending}
            className="ms-auto min-h-11 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white disabled:opacity-50"
          >
            {t('centre.markRead')}
          </button>
        )}
      </div>
    </li>
  );
}
