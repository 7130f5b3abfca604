import { lazy, Suspense, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SavedCopyNote } from '../../components/offline/SavedCopyNote.tsx';
import { controlClass } from '../../components/ui/fields.tsx';
import { waitText } from '../../lib/messages.ts';
import { useNearViewport } from '../../lib/useNearViewport.ts';
import { ApiAnswerError } from '../../lib/queries.ts';
import { isSeasonRange, seasonEnding, shiftYear, todayYmd, type DateRange } from './dateRange.ts';
import { farmQueries, type SeriesAnswer, type SeriesPoint } from './farmApi.ts';
import { asLang, formatDay, formatNumber, formatPercent } from './format.ts';
import type { IndexView } from './indexView.ts';
import type { CurvePoint } from './SeasonChart.tsx';

// recharts is heavy: the chart comes in its own chunk, like the history chart.
const SeasonChart = lazy(() => import('./SeasonChart.tsx').then((m) => ({ default: m.SeasonChart })));

const panel = 'rounded-2xl border border-stone-200 bg-white p-4';

/** The points the chart can draw: an acquisition whose statistics are all there. */
function curveOf(points: readonly SeriesPoint[]): CurvePoint[] {
  return points.flatMap((p) =>
    p.median !== null && p.p25 !== null && p.p75 !== null
      ? [{ date: p.date, median: p.median, p25: p.p25, p75: p.p75, validFraction: p.validFraction }]
      : [],
  );
}

interface SeasonCurveProps {
  parcelId: number;
  indices: readonly IndexView[];
  /** False when the indices come from the catalogue (no active plan): a curve needs an active plan. */
  fromPlan: boolean;
  /** The index chosen elsewhere (the farm map's picker): no index select of its own then. */
  indexId?: number | null;
  /** What a tapped point offers instead of the link to the farm map (the farm map sets its own dates). */
  pointActions?: (date: string) => ReactNode;
  /** Told about every tapped point (the farm map moves its date window to that day). */
  onPointSelect?: (date: string) => void;
  /**
   * Draw the chart only once it comes near the screen (the farm map, where it sits below the map and the result:
   * recharts' first drawing was the page's longest task on a slow phone, issue 27 §2). The numbers are loaded
   * all the same.
   */
  deferChart?: boolean;
}

/**
 * Issue 15 §1 "Screen": the season curve of the parcel for one index of the plan (NDVI first) over a period of
 * at most 366 days (the twelve months up to the latest acquisition over the parcel), with the same period of
 * the previous year beside it when the catalog has clear points there. Tapping a point shows its date and
 * visible share and orders that day's map: the farm map on that day, which asks to confirm the cost (`order=1`,
 * OrderDayDialog) and then generates it (an ordinary, charged image request).
 */
export function SeasonCurve({
  parcelId,
  indices,
  fromPlan,
  pointActions,
  onPointSelect,
  deferChart = false,
  ...props
}: SeasonCurveProps) {
  const { t } = useTranslation('farm');
  const id = useId();
  const [ownIndexId, setIndexId] = useState<number | null>(
    () => (indices.find((i) => i.code === 'NDVI') ?? indices[0])?.id ?? null,
  );
  const controlled = props.indexId !== undefined;
  const indexId = controlled ? (props.indexId ?? null) : ownIndexId;
  const index = indices.find((i) => i.id === indexId) ?? null;
  const code = index?.code ?? '';
  const [own, setOwn] = useState<DateRange | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  // Default period: the twelve months up to the latest acquisition over the parcel; today when unknown.
  const latest = useQuery({
    ...farmQueries.latestAcquisition(parcelId, code),
    enabled: fromPlan && own === null && code !== '',
  });
  const autoEnd = latest.data ? (latest.data.date ?? todayYmd()) : latest.isError ? todayYmd() : null;
  const period = own ?? (autoEnd ? seasonEnding(autoEnd) : null);
  const valid = period !== null && isSeasonRange(period);
  const previousPeriod =
    period && valid ? { start: shiftYear(period.start, -1), end: shiftYear(period.end, -1) } : null;

  const enabled = fromPlan && code !== '' && valid;
  const series = useQuery({
    ...farmQueries.series(parcelId, code, period?.start ?? '', period?.end ?? ''),
    enabled,
  });
  const previous = useQuery({
    ...farmQueries.series(parcelId, code, previousPeriod?.start ?? '', previousPeriod?.end ?? ''),
    enabled: enabled && series.isSuccess,
  });

  const changePeriod = (edge: 'start' | 'end', value: string) => {
    if (!period) return;
    setOwn({ ...period, [edge]: value });
    setSelected(null);
  };
  const selectIndex = (next: number) => {
    setIndexId(next);
    setSelected(null);
  };

  return (
    <section id="season-curve" aria-labelledby={`${id}-title`} className={panel} data-testid="season-curve">
      <h2 id={`${id}-title`} className="text-base font-bold text-stone-900">
        {t('season.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('season.intro')}</p>
      {index ? (
        // The other history of the parcel: the maps the farmer ordered of this index (issue 27).
        <Link
          to={`/user/historique/${index.id}/${parcelId}`}
          className="mt-1 inline-block text-sm font-semibold text-brand-800 underline"
        >
          {t('season.ordered', { index: index.code })}
        </Link>
      ) : null}
      <SavedCopyNote prefix={`/parcelle/${parcelId}/series`} />

      {!fromPlan ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{t('season.inactive')}</p>
      ) : (
        <>
          {indices.length > 1 && !controlled ? (
            <div className="mt-3">
              <label htmlFor={`${id}-index`} className="block text-sm font-medium text-stone-800">
                {t('season.indices')}
              </label>
              <select
                id={`${id}-index`}
                value={indexId ?? ''}
                onChange={(e) => selectIndex(Number(e.target.value))}
                className={`${controlClass} mt-1`}
              >
                {indices.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.code}
                  </option>
                ))}
              </select>
            </div>
          ) : null}

          {period ? (
            <div className="mt-3">
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <label htmlFor={`${id}-from`} className="block text-sm font-medium text-stone-800">
                    {t('season.from')}
                  </label>
                  <input
                    id={`${id}-from`}
                    type="date"
                    value={period.start}
                    onChange={(e) => changePeriod('start', e.target.value)}
                    aria-describedby={`${id}-period-note`}
                    aria-invalid={!valid}
                    className={`${controlClass} mt-1`}
                  />
                </div>
                <div>
                  <label htmlFor={`${id}-to`} className="block text-sm font-medium text-stone-800">
                    {t('season.to')}
                  </label>
                  <input
                    id={`${id}-to`}
                    type="date"
                    value={period.end}
                    onChange={(e) => changePeriod('end', e.target.value)}
                    aria-describedby={`${id}-period-note`}
                    aria-invalid={!valid}
                    className={`${controlClass} mt-1`}
                  />
                </div>
              </div>
              <p
                id={`${id}-period-note`}
                className={`mt-1 text-sm ${valid ? 'text-stone-600' : 'font-semibold text-red-800'}`}
              >
                {valid ? t('season.periodHint') : t('season.periodInvalid')}
              </p>
            </div>
          ) : null}

          <div className="mt-3" aria-live="polite">
            {!period || (enabled && series.isPending) ? (
              <p role="status" className="py-8 text-center text-sm text-stone-600">
                {t('season.loading')}
              </p>
            ) : null}
            {series.isError ? <SeriesError error={series.error} retry={() => void series.refetch()} /> : null}
            {series.isSuccess && index ? (
              <Curve
                answer={series.data}
                previous={previous.data ?? null}
                indexId={index.id}
                indexCode={code}
                selected={selected}
                onSelect={(date) => {
                  setSelected(date);
                  onPointSelect?.(date);
                }}
                pointActions={pointActions}
                deferChart={deferChart}
              />
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

function SeriesError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t, i18n } = useTranslation('farm');
  const code = error instanceof ApiAnswerError ? error.code : '';
  let message = t('season.loadError');
  let canRetry = true;
  if (
    code === 'INDEX_NOT_IN_PLAN' ||
    (error instanceof ApiAnswerError && error.status === 403 && code !== 'SUBSCRIPTION_INACTIVE')
  ) {
    message = t('season.notInPlan');
    canRetry = false;
  } else if (code === 'SUBSCRIPTION_INACTIVE') {
    message = t('season.inactive');
    canRetry = false;
  } else if (error instanceof ApiAnswerError && error.status === 429 && error.retryAfterSeconds) {
    message = t('season.rateLimited', { wait: waitText(error.retryAfterSeconds, i18n.language) });
    canRetry = false;
  }
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900" data-testid="season-error">
      <p>{message}</p>
      {canRetry ? (
        <button type="button" onClick={retry} className="mt-2 font-semibold text-red-900 underline">
          {t('season.retry')}
        </button>
      ) : null}
    </div>
  );
}

function ChartLoading() {
  const { t } = useTranslation('farm');
  return <p className="py-8 text-center text-sm text-stone-600">{t('season.loading')}</p>;
}

/** `children` once the place they take is near the screen (at once without `defer`), `fallback` until then. */
function NearScreen({ defer, fallback, children }: { defer: boolean; fallback: ReactNode; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place);
  if (!defer || near) return <>{children}</>;
  return (
    <div ref={place} className="flex h-64 items-center justify-center" data-testid="season-chart-deferred">
      {fallback}
    </div>
  );
}

interface CurveProps {
  answer: SeriesAnswer;
  previous: SeriesAnswer | null;
  indexId: number;
  indexCode: string;
  selected: string | null;
  onSelect: (date: string) => void;
  pointActions?: (date: string) => ReactNode;
  deferChart: boolean;
}

function Curve({ answer, previous, indexId, indexCode, selected, onSelect, pointActions, deferChart }: CurveProps) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const points = useMemo(() => curveOf(answer.points), [answer]);
  const before = useMemo(() => (previous ? curveOf(previous.points) : []), [previous]);
  const chosen = answer.points.find((p) => p.date === selected) ?? null;
  const n = (v: number) => formatNumber(v, lang, 3);

  return (
    <div>
      {points.length === 0 ? (
        <p className="rounded-lg bg-stone-50 p-3 text-center text-sm text-stone-700" data-testid="season-empty">
          {t('season.empty')}
        </p>
      ) : (
        <>
          <NearScreen defer={deferChart} fallback={<ChartLoading />}>
            <Suspense fallback={<ChartLoading />}>
              <SeasonChart
                points={points}
                previous={before}
                selected={selected}
                onSelect={onSelect}
                label={t('season.chartLabel', {
                  index: indexCode,
                  from: formatDay(answer.from, lang),
                  to: formatDay(answer.to, lang),
                })}
              />
            </Suspense>
          </NearScreen>
          {chosen ? (
            <div className="mt-3 rounded-lg border border-brand-700 bg-brand-50 p-3" data-testid="season-selected">
              <p className="font-semibold text-stone-900">
                {t('season.pointTitle', { date: formatDay(chosen.date, lang) })}
              </p>
              <ul className="mt-1 space-y-0.5 text-sm text-stone-800">
                {chosen.median !== null ? <li>{t('season.pointMedian', { value: n(chosen.median) })}</li> : null}
                {chosen.p25 !== null && chosen.p75 !== null ? (
                  <li>{t('season.pointBand', { from: n(chosen.p25), to: n(chosen.p75) })}</li>
                ) : null}
                <li data-testid="season-selected-valid">
                  {t('season.pointValid', {
                    share: formatPercent(chosen.validFraction, lang),
                    min: formatPercent(answer.minValidFraction, lang),
                  })}
                </li>
              </ul>
              {pointActions ? (
                pointActions(chosen.date)
              ) : (
                <>
                  <Link
                    to={`/user/ferme-map?parcel=${answer.parcelId}&index=${indexId}&start=${chosen.date}&end=${chosen.date}&order=1`}
                    className="mt-3 block rounded-lg bg-brand-800 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-900"
                    data-testid="season-order"
                  >
                    {t('season.order')}
                  </Link>
                  <p className="mt-1 text-xs text-stone-600">{t('season.orderNote')}</p>
                </>
              )}
            </div>
          ) : null}
        </>
      )}
      {answer.skipped.length > 0 ? (
        <div className="mt-3">
          <h3 className="text-sm font-bold text-stone-900">{t('season.skippedTitle')}</h3>
          <ul className="mt-1 space-y-0.5 text-sm text-stone-700" data-testid="season-skipped">
            {answer.skipped.map((s) => (
              <li key={`${s.date}-${s.sceneId}`} data-date={s.date} data-reason={s.reason}>
                {formatDay(s.date, lang)} — {t(`season.reason.${s.reason}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
