import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { ParcelNotFound } from './AccessScreens.tsx';
import { farmQueries, type HistoryItem } from './farmApi.ts';
import { asLang, formatDay, formatNumber } from './format.ts';
import { fromInfo, recommendationFor, type IndexView } from './indexView.ts';
import { legendClassOf, legendText } from './legend.ts';
import { LegendPanel, StatsList, VisibilityBadge } from './ResultPanels.tsx';
import type { TrendPoint } from './HistoryChart.tsx';

const HistoryChart = lazy(() => import('./HistoryChart.tsx').then((m) => ({ default: m.HistoryChart })));

const panel = 'rounded-2xl border border-stone-200 bg-white p-4';
const positive = (v: string | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** /user/historique/{indexId}/{parcelId}: every image of that index on that parcel, newest first, and the trend. */
export function HistoryPage() {
  const { t } = useTranslation('farm');
  const params = useParams();
  const indexId = positive(params.indexId);
  const parcelId = positive(params.parcelId);
  const enabled = indexId !== null && parcelId !== null;
  const index = useQuery({ ...farmQueries.index(indexId ?? 0), enabled });
  const parcel = useQuery({ ...farmQueries.parcel(parcelId ?? 0), enabled });
  const history = useQuery({ ...farmQueries.history(parcelId ?? 0, indexId ?? 0), enabled });

  if (!enabled || parcel.isError || index.isError) return <ParcelNotFound />;
  if (history.isError) return <ErrorBanner message={t('history.loadError')} onClose={() => void history.refetch()} />;
  if (index.isPending || parcel.isPending || history.isPending) return <Loading />;
  const view = fromInfo(index.data);
  return (
    <HistoryView index={view} parcelName={parcel.data.identifiantU} parcelId={parcel.data.id} items={history.data} />
  );
}

interface HistoryViewProps {
  index: IndexView;
  parcelName: string;
  parcelId: number;
  items: HistoryItem[];
}

function HistoryView({ index, parcelName, parcelId, items }: HistoryViewProps) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const day = (iso: string) => iso.slice(0, 10);
  // Newest acquisition first (the API lists by production time): the order a farmer reads a field's story in.
  const newestFirst = [...items].sort(
    (a, b) => b.sceneDatetime.localeCompare(a.sceneDatetime) || b.createdAt.localeCompare(a.createdAt),
  );
  const points: TrendPoint[] = [...newestFirst]
    .reverse()
    .map((i) => ({ day: day(i.sceneDatetime), mean: i.stats.mean, p25: i.stats.p25, p75: i.stats.p75 }));
  const n = (v: number) => formatNumber(v, lang, 3);

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
      <Link
        to={`/user/ferme-map/${parcelId}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <Icon name="chevronPrev" className="size-4" />
        {t('history.back')}
      </Link>
      <h1 id="page-title" className="mt-2 text-2xl font-bold text-stone-900">
        {t('history.title', { index: index.code })} — {parcelName}
      </h1>
      <p className="text-sm text-stone-600">{t('history.count', { count: formatNumber(items.length, lang) })}</p>
      <Link
        to={`/user/ferme-map/${parcelId}#season-curve`}
        className="mt-1 inline-block text-sm font-semibold text-brand-800 underline"
      >
        {t('history.seasonLink')}
      </Link>

      {items.length === 0 ? (
        <p className={`${panel} mt-6 text-center text-stone-700`}>{t('history.empty')}</p>
      ) : (
        <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-4">
            <section aria-labelledby="chart-title" className={panel}>
              <h2 id="chart-title" className="text-base font-bold text-stone-900">
                {t('history.chartTitle')}
              </h2>
              <div className="mt-3">
                <Suspense
                  fallback={<p className="py-8 text-center text-sm text-stone-600">{t('history.chartLoading')}</p>}
                >
                  <HistoryChart points={points} label={t('history.chartLabel', { index: index.code })} />
                </Suspense>
              </div>
              {/* A table resists the 1 px box of sr-only; its wrapper does not. */}
              <div className="sr-only">
                <table>
                  <caption>{t('history.tableCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('history.date')}</th>
                      <th scope="col">{t('history.mean')}</th>
                      <th scope="col">{t('history.band')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {points.map((p, i) => (
                      <tr key={`${p.day}-${i}`}>
                        <td>{formatDay(p.day, lang)}</td>
                        <td>{n(p.mean)}</td>
                        <td>{t('stats.range', { from: n(p.p25), to: n(p.p75) })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <ol className="space-y-4" data-testid="farm-history-list">
              {newestFirst.map((item) => (
                <HistoryEntry key={item.id} item={item} index={index} />
              ))}
            </ol>
          </div>
          <div>
            <LegendPanel legend={index.legend} title={t('legend.titleOf', { index: index.code })} />
          </div>
        </div>
      )}
    </section>
  );
}

function HistoryEntry({ item, index }: { item: HistoryItem; index: IndexView }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const sceneDay = formatDay(item.sceneDatetime, lang);
  const entry = legendClassOf(item.stats.mean, index.legend);
  const advice = recommendationFor(index, entry);
  return (
    <li className={`${panel} grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]`} data-testid="farm-history-entry">
      <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-stone-200">
        <img
          src={item.imageUrl}
          alt={t('history.thumbAlt', { index: index.code, date: sceneDay })}
          loading="lazy"
          className="size-full object-contain [image-rendering:pixelated]"
        />
      </div>
      <div className="min-w-0 space-y-3">
        <div>
          <h2 className="font-bold text-stone-900">{t('history.scene', { date: sceneDay })}</h2>
          <p className="text-sm text-stone-600">
            {t('history.period', { start: formatDay(item.dateDebut, lang), end: formatDay(item.dateFin, lang) })}
          </p>
        </div>
        <VisibilityBadge validFraction={item.stats.validFraction} minValidFraction={item.minValidFraction} />
        {entry ? (
          <p className="flex items-center gap-2 text-sm">
            <span
              aria-hidden="true"
              className="size-4 rounded border border-stone-300"
              style={{ backgroundColor: entry.color }}
            />
            <span className="text-stone-600">{t('history.class')}</span>
            <span className="font-semibold text-stone-900">{legendText(entry, lang)}</span>
          </p>
        ) : null}
        {advice ? (
          <p className="rounded-lg bg-brand-50 p-2 text-sm text-brand-950">
            <span className="block font-semibold">{t('history.recommendation')}</span>
            {advice[lang]}
          </p>
        ) : null}
        <div>
          <h3 className="sr-only">{t('history.stats')}</h3>
          <StatsList stats={item.stats} scene={{ datetime: item.sceneDatetime, cloudFraction: item.cloudFraction }} />
        </div>
      </div>
    </li>
  );
}
