import { useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { controlClass } from '../../../components/ui/fields.tsx';
import { ErrorBanner } from '../../../components/ui/ErrorBanner.tsx';
import { useMessages } from '../../../lib/messages.ts';
import { isYmd, seasonEnding, todayYmd } from '../dateRange.ts';
import { farmQueries, type GenerateFailure, type IndexConfig, type Parcel } from '../farmApi.ts';
import { asLang, formatDay, formatNumber, formatPercent } from '../format.ts';
import { fromConfig } from '../indexView.ts';
import { indexCodeOf } from '../legend.ts';
import { LimitModal } from '../LimitModal.tsx';
import { FarmMap } from '../map/FarmMap.tsx';
import { MAP_DEFAULTS, boundsCenter } from '../map/mapConfig.ts';
import { SeasonCurve } from '../SeasonCurve.tsx';
import { useValuesGrid } from '../valuesGrid.ts';
import { alertQueries } from '../../alerts/alertsApi.ts';
import {
  alertPair,
  changeClassOf,
  DEFAULT_THRESHOLD,
  fetchChange,
  seasonPair,
  type ChangeClass,
  type ChangeRequest,
  type ChangeResult,
} from './compareApi.ts';
import { SwipeMap } from './SwipeMap.tsx';

const panel = 'rounded-2xl border border-stone-200 bg-white p-4';
const THRESHOLDS = [0.05, 0.1, 0.15, 0.2, 0.3] as const;

interface CompareModeProps {
  parcels: readonly Parcel[];
  parcelId: number | null;
  index: IndexConfig | null;
  config: readonly IndexConfig[];
}

/**
 * Issue 15 §2 screen: the farm map's "compare" mode. Two dates of the parcel (by default the pair behind the
 * parcel's latest alert, else the last two clear acquisitions of the growing season — issue 27 §2, alertPair and
 * seasonPair in compareApi.ts; or any two points of the curve),
 * one charged request of the index per pair: the two dates side by side with a swipe, the change map with its
 * diverging legend, the statistics of the difference and the share of the parcel that fell.
 */
export function CompareMode({ parcels, parcelId, index, config }: CompareModeProps) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const id = useId();
  const client = useQueryClient();
  const { errorMessage, fieldMessage, failureMessage } = useMessages();
  const parcel = parcels.find((p) => p.id === parcelId) ?? null;
  const code = index ? indexCodeOf(index) : '';
  const indices = useMemo(() => config.map(fromConfig), [config]);

  // The dates offered: the clear acquisitions of the twelve months up to the latest one (the season curve's
  // query: the chart below shares it).
  // A busy catalog (503) is asked again: without the latest day there are no dates to offer.
  const latest = useQuery({
    ...farmQueries.latestAcquisition(parcelId ?? 0, code),
    enabled: !!parcel && !!code,
    retry: 2,
  });
  const latestDay = latest.data ? (latest.data.date ?? todayYmd()) : latest.isError ? todayYmd() : null;
  const period = latestDay ? seasonEnding(latestDay) : null;
  const series = useQuery({
    ...farmQueries.series(parcelId ?? 0, code, period?.start ?? '', period?.end ?? ''),
    enabled: !!parcel && !!code && period !== null,
  });
  const dates = useMemo(() => [...new Set((series.data?.points ?? []).map((p) => p.date))].sort(), [series.data]);
  // The farmer's alerts (the bell's query): the pair behind this parcel's latest one opens the screen. Asked once;
  // refused (staff) or unreachable, the season's pair stands in.
  const alerts = useQuery({ ...alertQueries.list, enabled: !!parcel && !!code, retry: false });
  const alertsPending = alerts.isPending && alerts.fetchStatus !== 'idle';
  const fallback = useMemo(() => {
    if (!series.data || alertsPending) return null;
    const clear = series.data.points.filter(
      (p) => p.median !== null && p.validFraction >= series.data.minValidFraction,
    );
    return (
      alertPair(alerts.data?.alerts ?? [], parcelId ?? 0, clear.length > 0 ? clear.map((p) => p.date) : null) ??
      seasonPair(series.data.points, series.data.minValidFraction, code)
    );
  }, [series.data, alerts.data, alertsPending, parcelId, code]);

  const [own, setOwn] = useState<{ earlier?: string; later?: string }>({});
  const [threshold, setThreshold] = useState<number>(DEFAULT_THRESHOLD);
  const [result, setResult] = useState<ChangeResult | null>(null);
  const [failure, setFailure] = useState<GenerateFailure | null>(null);
  const [quotaClosed, setQuotaClosed] = useState(false);
  const earlier = own.earlier ?? fallback?.earlier ?? '';
  const later = own.later ?? fallback?.later ?? '';
  const ordered = isYmd(earlier) && isYmd(later) && earlier < later;

  const mutation = useMutation({
    mutationFn: (request: ChangeRequest) => fetchChange(request),
    onMutate: () => setFailure(null),
    onSuccess: async (outcome) => {
      if (!outcome.ok) {
        setFailure(outcome.failure);
        setQuotaClosed(false);
        if (outcome.failure.kind === 'quota') await client.invalidateQueries({ queryKey: ['farm', 'config'] });
        return;
      }
      setResult(outcome.change);
      await client.invalidateQueries({ queryKey: ['farm', 'config'] });
    },
  });

  const compare = (next: { earlier?: string; later?: string; threshold?: number } = {}) => {
    const e = next.earlier ?? earlier;
    const l = next.later ?? later;
    if (!parcel || !index || !(isYmd(e) && isYmd(l) && e < l)) return;
    mutation.mutate({
      indexCode: code,
      indexId: index.indiceId,
      parcelId: parcel.id,
      earlier: e,
      later: l,
      threshold: next.threshold ?? threshold,
    });
  };
  const pick = (which: 'earlier' | 'later', value: string) => {
    setOwn((o) => ({ ...o, earlier, later, [which]: value }));
    setResult(null);
    setFailure(null);
  };
  const changeThreshold = (value: number) => {
    setThreshold(value);
    // The pair already paid for answers any threshold from what is stored: asked again, never charged again.
    if (result) compare({ earlier: result.earlier.startDate, later: result.later.startDate, threshold: value });
  };

  const failureText = (() => {
    if (mutation.error) return failureMessage(mutation.error);
    if (!failure || failure.kind === 'quota') return null;
    if (failure.kind === 'noScene' || failure.kind === 'cloudy')
      return failure.message || errorMessage(failure.kind === 'cloudy' ? 'ALL_CLOUDY' : 'NO_SCENE');
    const issue = failure.issues[0]?.message;
    return (issue ? fieldMessage(issue) : null) ?? errorMessage(failure.code) ?? t('generate.unknown');
  })();

  const datesLoading = series.isPending || latest.isPending || alertsPending;
  const dateField = (which: 'earlier' | 'later', value: string) => {
    const label = which === 'earlier' ? t('compare.earlier') : t('compare.later');
    return (
      <div>
        <label htmlFor={`${id}-${which}`} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        {dates.length >= 2 ? (
          <select
            id={`${id}-${which}`}
            data-testid={`compare-${which}`}
            value={value}
            // Until the pair is chosen (the alerts still asked) nothing to pick; with no pair at all (fewer than two
            // clear dates) the farmer picks. Either way no date shows as chosen: a select shows its first option when
            // its value is none of them, a date nobody chose.
            disabled={datesLoading}
            onChange={(e) => pick(which, e.target.value)}
            className={`${controlClass} mt-1`}
          >
            {value === '' ? (
              <option value="" disabled>
                …
              </option>
            ) : null}
            {dates.map((d) => (
              <option key={d} value={d}>
                {formatDay(d, lang)}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={`${id}-${which}`}
            data-testid={`compare-${which}`}
            type="date"
            value={value}
            onChange={(e) => pick(which, e.target.value)}
            className={`${controlClass} mt-1`}
          />
        )}
      </div>
    );
  };

  return (
    <div className="space-y-4" data-testid="compare-mode">
      <section aria-labelledby={`${id}-title`} className={panel}>
        <h2 id={`${id}-title`} className="text-base font-bold text-stone-900">
          {t('compare.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('compare.intro')}</p>
        {!parcel || !index ? (
          <p className="mt-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-700" data-testid="compare-no-parcel">
            {t('compare.pickParcel')}
          </p>
        ) : (
          <div className="mt-3 space-y-3">
            {datesLoading ? (
              <p role="status" className="text-sm text-stone-600">
                {t('compare.loadingDates')}
              </p>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {dateField('earlier', earlier)}
              {dateField('later', later)}
            </div>
            {earlier && later && !ordered ? (
              <p className="text-sm font-semibold text-red-800" role="alert">
                {t('compare.order')}
              </p>
            ) : null}
            <div>
              <label htmlFor={`${id}-threshold`} className="block text-sm font-medium text-stone-800">
                {t('compare.threshold')}
              </label>
              <select
                id={`${id}-threshold`}
                data-testid="compare-threshold"
                value={threshold}
                onChange={(e) => changeThreshold(Number(e.target.value))}
                className={`${controlClass} mt-1`}
              >
                {THRESHOLDS.map((v) => (
                  <option key={v} value={v}>
                    {formatNumber(v, lang, 2)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              data-testid="compare-run"
              disabled={!ordered || mutation.isPending || index.nbreq_restante === 0}
              onClick={() => compare()}
              className="min-h-11 w-full rounded-lg bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-stone-400"
            >
              {mutation.isPending ? t('compare.running') : t('compare.run', { index: code })}
            </button>
            <p className="text-xs text-stone-600">
              {t('compare.cost', { index: code, remaining: index.nbreq_restante ?? 0 })}
            </p>
            {mutation.isPending ? (
              <p role="status" className="text-sm text-stone-700">
                {t('compare.running')}
              </p>
            ) : null}
            {result?.cached ? (
              <p role="status" className="text-sm text-stone-700" data-testid="compare-cached">
                {t('compare.cached')}
              </p>
            ) : null}
            {failureText ? (
              <ErrorBanner
                key={failureText}
                message={t('compare.error', { message: failureText })}
                onClose={() => {
                  setFailure(null);
                  mutation.reset();
                }}
              />
            ) : null}
          </div>
        )}
      </section>

      {result ? <CompareResult result={result} parcel={parcel} code={code} /> : null}

      {parcel && index ? (
        <SeasonCurve
          parcelId={parcel.id}
          indices={indices}
          fromPlan
          indexId={index.indiceId}
          pointActions={(date) => (
            <div className="mt-3 grid grid-cols-2 gap-2">
              <button
                type="button"
                onClick={() => pick('earlier', date)}
                className="min-h-11 rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-900"
              >
                {t('compare.setEarlier')}
              </button>
              <button
                type="button"
                onClick={() => pick('later', date)}
                className="min-h-11 rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-900"
              >
                {t('compare.setLater')}
              </button>
            </div>
          )}
        />
      ) : null}
      {failure?.kind === 'quota' && !quotaClosed ? (
        <LimitModal payload={failure.payload} onClose={() => setQuotaClosed(true)} />
      ) : null}
    </div>
  );
}

function CompareResult({ result, parcel, code }: { result: ChangeResult; parcel: Parcel | null; code: string }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const grid = useValuesGrid(result.changeId, result.valuesUrl);
  const n = (v: number) => formatNumber(v, lang, 3);
  const signed = (v: number) => (v > 0 ? `+${n(v)}` : n(v));
  const day = (iso: string) => formatDay(iso.slice(0, 10), lang);
  const before = day(result.earlier.scene.datetime);
  const after = day(result.later.scene.datetime);
  const describe = (value: number) => {
    const c = changeClassOf(value, result.legend);
    return c ? { color: c.color, label: classLabel(c, lang) } : null;
  };
  const stats = result.stats;
  return (
    <div className="space-y-4" data-testid="compare-result" data-change-id={result.changeId}>
      <section className={panel} aria-label={t('compare.swipeTitle')}>
        <h3 className="mb-2 text-sm font-bold text-stone-900">{t('compare.swipeTitle')}</h3>
        <SwipeMap
          parcel={parcel}
          bounds={result.bounds}
          beforeUrl={result.earlier.imageUrl}
          afterUrl={result.later.imageUrl}
          beforeLabel={before}
          afterLabel={after}
          label={t('compare.swipeLabel', { index: code, before, after })}
        />
      </section>
      <section className={panel} aria-label={t('compare.changeTitle', { index: code })}>
        <h3 className="mb-2 text-sm font-bold text-stone-900">{t('compare.changeTitle', { index: code })}</h3>
        <FarmMap
          parcels={parcel ? [parcel] : []}
          selectedId={parcel?.id ?? null}
          overlay={{ url: result.imageUrl, bounds: result.bounds, opacity: MAP_DEFAULTS.opacity }}
          grid={grid.data ?? null}
          tooltip
          indexCode={`Δ${code}`}
          describe={describe}
          view={{ key: `change-${result.changeId}`, kind: 'center', center: boundsCenter(result.bounds), zoom: 16 }}
          label={t('compare.changeLabel', { index: code, before, after })}
          heightClass="h-[40vh] min-h-[260px] md:h-[480px]"
        />
        <ChangeLegend legend={result.legend} />
      </section>
      <section className={panel} aria-labelledby="compare-stats-title" data-testid="compare-stats">
        <h3 id="compare-stats-title" className="text-sm font-bold text-stone-900">
          {t('compare.statsTitle', { before, after })}
        </h3>
        <p
          className="mt-2 rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-950"
          data-testid="compare-fell"
          data-fell-fraction={result.fellFraction}
        >
          {t('compare.fell', { share: formatPercent(result.fellFraction, lang), threshold: n(result.threshold) })}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {(
            [
              ['mean', stats.mean],
              ['median', stats.median],
              ['p25', stats.p25],
              ['p75', stats.p75],
              ['min', stats.min],
              ['max', stats.max],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-stone-600">{t(`compare.stat.${key}`)}</dt>
              <dd
                className="text-end font-semibold tabular-nums"
                data-testid={`compare-stat-${key}`}
                data-value={value}
              >
                <bdi dir="ltr">{signed(value)}</bdi>
              </dd>
            </div>
          ))}
          <dt className="text-stone-600">{t('compare.stat.std')}</dt>
          <dd className="text-end font-semibold tabular-nums" data-testid="compare-stat-std" data-value={stats.std}>
            <bdi dir="ltr">{n(stats.std)}</bdi>
          </dd>
          <dt className="text-stone-600">{t('compare.stat.count')}</dt>
          <dd className="text-end font-semibold tabular-nums" data-testid="compare-stat-count" data-value={stats.count}>
            {t('compare.pixels', { pixels: stats.count, share: formatPercent(stats.validFraction, lang) })}
          </dd>
        </dl>
        <p className="mt-2 text-xs text-stone-600">{t('compare.note')}</p>
        {result.downloadUrl ? (
          <a
            href={result.downloadUrl}
            className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 text-sm font-semibold text-brand-900"
            data-testid="compare-download"
          >
            {t('compare.download')}
          </a>
        ) : null}
      </section>
    </div>
  );
}

/** A signed number kept left-to-right inside Arabic text (U+2066 … U+2069), so "-0,1" never reads "0,1-". */
const ltr = (text: string) => `\u2066${text}\u2069`;

const classLabel = (c: ChangeClass, lang: 'ar' | 'fr') =>
  `${ltr(formatNumber(c.start, lang, 2))} … ${ltr(formatNumber(c.end, lang, 2))}`;

/** The diverging legend of a change map: falls (reds) to rises (greens), 0 in the pale middle class. */
export function ChangeLegend({ legend }: { legend: readonly ChangeClass[] }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const sorted = [...legend].sort((a, b) => a.start - b.start);
  const n = (v: number) => ltr(formatNumber(v, lang, 2));
  const text = (c: ChangeClass, i: number) => {
    if (i === 0) return t('compare.legendBelow', { value: n(c.end) });
    if (i === sorted.length - 1) return t('compare.legendAbove', { value: n(c.start) });
    return t('compare.legendBetween', { from: n(c.start), to: n(c.end) });
  };
  return (
    <div className="mt-3" data-testid="compare-legend">
      <p className="text-sm font-semibold text-stone-900">{t('compare.legendTitle')}</p>
      <div className="mt-1 flex justify-between text-xs text-stone-600">
        <span>{t('compare.legendFell')}</span>
        <span>{t('compare.legendRose')}</span>
      </div>
      {/* The bar runs from the largest fall to the largest rise in the reading direction. */}
      <ul className="mt-1 grid grid-cols-3 gap-1 sm:grid-cols-9" aria-label={t('compare.legendTitle')}>
        {sorted.map((c, i) => (
          <li key={c.start} className="flex items-center gap-1.5 text-xs text-stone-800 sm:flex-col sm:items-stretch">
            <span
              aria-hidden="true"
              className="inline-block h-4 w-4 shrink-0 rounded-sm border border-stone-300 sm:h-3 sm:w-full"
              style={{ backgroundColor: c.color }}
            />
            <bdi>{text(c, i)}</bdi>
          </li>
        ))}
      </ul>
    </div>
  );
}
