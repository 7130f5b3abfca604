import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { SavedCopyNote } from '../../components/offline/SavedCopyNote.tsx';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { ApiAnswerError } from '../../lib/queries.ts';
import { ParcelNotFound } from './AccessScreens.tsx';
import { farmQueries, type Parcel } from './farmApi.ts';
import { asLang, formatDay, formatNumber } from './format.ts';
import { descriptionIn, useParcelIndices, type IndexView } from './indexView.ts';
import { indexTone } from './legend.ts';
import { LazyFarmMap } from './map/LazyFarmMap.tsx';
import { MAP_DEFAULTS, parcelBounds } from './map/mapConfig.ts';
import { LegendPanel, StatsList, VisibilityBadge } from './ResultPanels.tsx';
import { SeasonCurve } from './SeasonCurve.tsx';
import { ParcelAlertRules } from '../alerts/ParcelAlertRules.tsx';
import { ParcelCrop } from './ParcelCrop.tsx';
import { WaterCard } from './WaterCard.tsx';
import { useValuesGrid } from './valuesGrid.ts';

const panel = 'rounded-2xl border border-stone-200 bg-white p-4';

/** /user/ferme-map/{parcelId}: the parcel, the latest image per index, legend, recommendations, history. */
export function ParcelPage() {
  const { t } = useTranslation('farm');
  const parcelId = Number(useParams().parcelId);
  const parcel = useQuery({ ...farmQueries.parcel(parcelId), enabled: Number.isInteger(parcelId) && parcelId > 0 });
  const { indices, fromPlan, isError } = useParcelIndices();

  if (!Number.isInteger(parcelId) || parcelId <= 0) return <ParcelNotFound />;
  if (parcel.isError) {
    const missing = parcel.error instanceof ApiAnswerError && [403, 404].includes(parcel.error.status);
    return missing ? (
      <ParcelNotFound />
    ) : (
      <ErrorBanner message={t('parcel.loadError')} onClose={() => void parcel.refetch()} />
    );
  }
  if (isError) return <ErrorBanner message={t('parcel.loadError')} onClose={() => window.location.reload()} />;
  if (parcel.isPending || !indices) return <Loading />;
  return <ParcelView parcel={parcel.data} indices={indices} fromPlan={fromPlan} />;
}

/**
 * A link to a part of this page (`#season-curve`, from the ordered-maps history) scrolls to it once the page has
 * rendered: the router does not (the section exists only after the parcel's answer).
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [hash]);
}

function ParcelView({ parcel, indices, fromPlan }: { parcel: Parcel; indices: IndexView[]; fromPlan: boolean }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const [indexId, setIndexId] = useState<number | null>(
    () => (indices.find((i) => i.code === 'NDVI') ?? indices[0])?.id ?? null,
  );
  const index = indices.find((i) => i.id === indexId) ?? null;
  const latest = useQuery({ ...farmQueries.latest(parcel.id, indexId ?? 0), enabled: indexId !== null });
  const image = latest.data ?? null;
  const grid = useValuesGrid(image?.id ?? null, image?.valuesUrl ?? null);
  useScrollToHash();
  const view = useMemo(
    () => ({
      key: `parcel-${parcel.id}`,
      kind: 'fit' as const,
      bounds: parcelBounds(parcel),
      maxZoom: MAP_DEFAULTS.resultZoom + 1,
    }),
    [parcel],
  );

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl">
      <Link
        to="/user/ferme-map"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <Icon name="chevronPrev" className="size-4" />
        {t('parcel.back')}
      </Link>
      <h1 id="page-title" className="mt-2 text-2xl font-bold text-stone-900">
        {parcel.identifiantU}
      </h1>
      {parcel.areaHa !== undefined ? (
        <p className="text-sm text-stone-600">{t('parcel.area', { area: formatNumber(parcel.areaHa, lang, 2) })}</p>
      ) : null}
      {!fromPlan ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{t('parcel.allIndices')}</p>
      ) : null}

      <div role="group" aria-label={t('parcel.indices')} className="mt-4 flex flex-wrap gap-2">
        {indices.map((i) => (
          <button
            key={i.id}
            type="button"
            aria-pressed={i.id === indexId}
            onClick={() => setIndexId(i.id)}
            className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-50 aria-pressed:border-brand-800 aria-pressed:bg-brand-800 aria-pressed:text-white"
          >
            <span aria-hidden="true" className={`size-2.5 rounded-full ${indexTone(i.code).dot}`} />
            <span dir="ltr">{i.code}</span>
          </button>
        ))}
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          <LazyFarmMap
            parcels={[parcel]}
            selectedId={parcel.id}
            overlay={image ? { url: image.imageUrl, bounds: image.bounds, opacity: MAP_DEFAULTS.opacity } : null}
            grid={grid.data ?? null}
            tooltip
            indexCode={index?.code ?? ''}
            view={view}
            label={t('map.label')}
            heightClass="h-[360px] md:h-[520px]"
          />
          <section aria-labelledby="latest-title" className={panel}>
            <h2 id="latest-title" className="text-base font-bold text-stone-900">
              {t('parcel.latest', { index: index?.code ?? '' })}
            </h2>
            <SavedCopyNote prefix="/request/image" />
            {latest.isPending && indexId !== null ? <Loading className="py-4" /> : null}
            {latest.isError ? <p className="mt-2 text-sm text-red-800">{t('parcel.loadError')}</p> : null}
            {latest.isSuccess && !image ? <p className="mt-2 text-sm text-stone-600">{t('parcel.noImage')}</p> : null}
            {image ? (
              <div className="mt-2 space-y-3">
                <VisibilityBadge validFraction={image.stats.validFraction} minValidFraction={image.minValidFraction} />
                <p className="text-sm text-stone-700">
                  {t('parcel.period', { start: formatDay(image.dateDebut, lang), end: formatDay(image.dateFin, lang) })}
                </p>
                <StatsList
                  stats={image.stats}
                  scene={{ datetime: image.sceneDatetime, cloudFraction: image.cloudFraction }}
                />
              </div>
            ) : null}
          </section>
          <WaterCard parcelId={parcel.id} />
          <SeasonCurve parcelId={parcel.id} indices={indices} fromPlan={fromPlan} />
        </div>
        <div className="space-y-4">
          <section aria-labelledby="history-title" className={panel}>
            <h2 id="history-title" className="sr-only">
              {t('parcel.indices')}
            </h2>
            <div className="grid gap-2">
              {index ? (
                <Link
                  to={`/user/ferme-map?parcel=${parcel.id}&index=${index.id}`}
                  className="rounded-lg bg-brand-800 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-900"
                >
                  {t('parcel.analyse')}
                </Link>
              ) : null}
              {indices.map((i) => (
                <Link
                  key={i.id}
                  to={`/user/historique/${i.id}/${parcel.id}`}
                  className="rounded-lg border border-brand-700 px-4 py-2 text-center text-sm font-semibold text-brand-900 hover:bg-brand-50"
                >
                  {t('parcel.history', { index: i.code })}
                </Link>
              ))}
            </div>
          </section>
          {index ? <LegendPanel legend={index.legend} title={t('legend.titleOf', { index: index.code })} /> : null}
          {index ? <Recommendations index={index} /> : null}
          <ParcelCrop parcelId={parcel.id} />
          <ParcelAlertRules parcelId={parcel.id} />
        </div>
      </div>
    </section>
  );
}

function Recommendations({ index }: { index: IndexView }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  return (
    <section aria-labelledby="reco-title" className={panel}>
      <h2 id="reco-title" className="text-base font-bold text-stone-900">
        {t('parcel.recommendations', { index: index.code })}
      </h2>
      <p className="mt-2 text-sm text-stone-700">{descriptionIn(index.description, lang)}</p>
      {index.recommendations.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t('parcel.noRecommendations')}</p>
      ) : null}
      <ul className="mt-3 space-y-2 text-sm">
        {index.recommendations.map((r, i) => (
          <li key={i}>
            <span className="font-semibold text-stone-900">{r.range[lang]}</span>
            <span className="text-stone-700"> — {r[lang]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
