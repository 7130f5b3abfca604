import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { DemoImageryNote } from '../demo/DemoImageryNote.tsx';
import { useMessages } from '../../lib/messages.ts';
import { ConfigLoading, InactiveScreen, RestrictedScreen } from './AccessScreens.tsx';
import { CompareMode, CompareToggle } from './compare/CompareToggle.tsx';
import { isYmd, rangeOn, todayYmd, windowEnding, type DateRange } from './dateRange.ts';
import { farmQueries, fetchLatestClear, type GenerateFailure, type IndexConfig } from './farmApi.ts';
import { asLang, formatDay } from './format.ts';
import { GenerateButton } from './GenerateButton.tsx';
import { IndexPicker } from './IndexPicker.tsx';
import { indexCodeOf, legendClassOf, legendText } from './legend.ts';
import { LimitModal } from './LimitModal.tsx';
import { OrderDayDialog } from './OrderDayDialog.tsx';
import { DisplayControls, ParcelSelect } from './MapControls.tsx';
import { FarmMapSeason } from './FarmMapSeason.tsx';
import { WaterCard } from './WaterCard.tsx';
import { LazyFarmMap } from './map/LazyFarmMap.tsx';
import { MAP_DEFAULTS, boundsCenter, parcelBounds, unionBounds, type MapView } from './map/mapConfig.ts';
import { ParcelList } from './ParcelList.tsx';
import { PeriodFields } from './PeriodFields.tsx';
import { ColourModeSwitch, RelativeLegend, type ColourMode } from './RelativeView.tsx';
import { cssColor, rampColor, rampPosition, relativeRange, renderRelative } from './relativeView.ts';
import { DownloadPanel, LegendPanel, StatsPanel, VisibilityBadge } from './ResultPanels.tsx';
import { SavedResultNote } from './SavedResultNote.tsx';
import { isNetworkFailure, useSavedResult } from './savedResult.ts';
import { SceneProblem } from './SceneProblem.tsx';
import { useFarmAccess } from './useFarmAccess.ts';
import { defaultParcelId, rememberParcel } from './lastParcel.ts';
import { initialIndexId, initialParcelId } from './prepareFarmMap.ts';
import { useGenerate } from './useGenerate.ts';
import { SMALL_SCREEN, useMedia } from './useMedia.ts';
import { useValuesGrid } from './valuesGrid.ts';

/** /user/ferme-map: the index map screen of SPEC §2, behind the subscription gate. */
export function FarmMapPage() {
  const { t } = useTranslation('farm');
  const access = useFarmAccess();
  if (access.state === 'loading') return <ConfigLoading />;
  if (access.state === 'none') return <RestrictedScreen />;
  if (access.state === 'inactive') return <InactiveScreen subscription={access.subscription} />;
  if (access.state === 'error') return <ErrorBanner message={t('access.loadError')} onClose={access.retry} />;
  return <IndexMapScreen userId={access.userId} config={access.config} />;
}

/** Where the window comes from: the link, the latest acquisition over the parcel, or the farmer's own choice. */
type RangeSource = 'url' | 'auto' | 'user';

/** How far back "latest clear image" looks (the API's CLEAR_LOOKBACK_DAYS). */
const CLEAR_LOOKBACK_DAYS = 60;

function IndexMapScreen({ userId, config }: { userId: number; config: IndexConfig[] }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const small = useMedia(SMALL_SCREEN);
  const formId = useId();
  const { errorMessage, fieldMessage, failureMessage } = useMessages();
  const [params, setParams] = useSearchParams();
  const parcelsQuery = useQuery(farmQueries.parcels);
  const parcels = parcelsQuery.data ?? config[0]?.parcelles ?? [];

  const [indexId, setIndexId] = useState<number | null>(() => initialIndexId(config, params.get('index')));
  // The parcel of the link, or the farmer's own choice (null: "choose a parcel"); until then the default one.
  const [picked, setParcelId] = useState<number | null | undefined>(() => initialParcelId(params) ?? undefined);
  // The default waits for the parcel list (prepared before the first render: prepareFarmMap.ts), not the plan's.
  const parcelId = picked !== undefined ? picked : parcelsQuery.isPending ? null : defaultParcelId(parcels, userId);
  // Only a parcel chosen (or linked) is kept: the default may stand on a list that is still arriving.
  useEffect(() => {
    if (picked != null) rememberParcel(userId, picked);
  }, [userId, picked]);
  const [asked] = useState<DateRange | null>(() => {
    const start = params.get('start') ?? '';
    const end = params.get('end') ?? '';
    return isYmd(start) && isYmd(end) ? { start, end } : null;
  });
  // A season-curve point's "order this date's map" (here, or the parcel page's link with `order=1`): the day
  // whose map is to be ordered once the farmer confirms the cost.
  const [ordering, setOrdering] = useState<string | null>(() =>
    params.get('order') === '1' && asked && asked.start === asked.end ? asked.start : null,
  );
  const orderedRef = useRef(false);
  const [rangeSource, setRangeSource] = useState<RangeSource>(asked ? 'url' : 'auto');
  // Until the catalog answers (or without a parcel): the 6 days up to today.
  const [ownRange, setOwnRange] = useState<DateRange>(() => asked ?? windowEnding(todayYmd()));
  const [formOpen, setFormOpen] = useState(false);
  const [mode, setMode] = useState<ColourMode>('classes');
  const resultRef = useRef<HTMLDivElement>(null);
  const [opacity, setOpacity] = useState<number>(MAP_DEFAULTS.opacity);
  const [tooltip, setTooltip] = useState(true);
  const [view, setView] = useState<MapView | null>(null);
  const [quotaClosed, setQuotaClosed] = useState(false);
  const [comparing, setComparing] = useState(false);
  const gen = useGenerate();

  const index = config.find((c) => c.indiceId === indexId) ?? null;
  const code = index ? indexCodeOf(index) : '';
  // Offline (or Generate without a network): the last result saved for the parcel × index (savedResult.ts).
  const saved = useSavedResult({ parcelId, indexId, fresh: gen.image, failure: gen.error });
  const image = gen.image ?? (saved.kind === 'shown' ? saved.image : null);
  const grid = useValuesGrid(image?.resultId ?? null, image?.valuesUrl ?? null);

  // Default window: the latest available 6 days over the selected parcel (free catalog search), until the
  // farmer picks dates of their own.
  const autoRange = rangeSource === 'auto' && parcelId !== null && code !== '';
  const latest = useQuery({
    ...farmQueries.latestAcquisition(parcelId ?? 0, code),
    enabled: autoRange,
    // A busy catalog (503) is asked again, as compare mode does: else Generate would offer a window it does not
    // cover. No network fails at once (the saved result is shown instead).
    retry: (count: number, error: unknown) => count < 2 && !isNetworkFailure(error),
  });
  const range: DateRange = autoRange && latest.data?.window ? latest.data.window : ownRange;
  const findingLatest = autoRange && latest.fetchStatus === 'fetching' && !latest.data;

  // The relative view: a ramp over the parcel's own p2–p98, drawn in the browser from the values grid.
  const relRange = useMemo(() => (grid.data ? relativeRange(grid.data.data) : null), [grid.data]);
  const relUrl = useMemo(
    () => (mode === 'relative' && grid.data && relRange ? renderRelative(grid.data, relRange) : null),
    [mode, grid.data, relRange],
  );
  const legend = index?.legende ?? [];
  const describe = (value: number) => {
    const entry = legendClassOf(value, legend);
    if (mode === 'relative' && relRange)
      return { color: cssColor(rampColor(rampPosition(value, relRange))), label: entry ? legendText(entry, lang) : '' };
    return entry ? { color: entry.color, label: legendText(entry, lang) } : null;
  };

  // On a phone the result is brought into view when it arrives (the form sits above the map).
  const resultKey = image ? `${image.resultId}-${image.imageUrl}` : null;
  useEffect(() => {
    if (!resultKey || !(small || orderedRef.current)) return;
    orderedRef.current = false;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    resultRef.current?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    // Only a new result scrolls, not a rotation of the phone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resultKey]);

  // First view: the farmer's parcels (or the asked one); the SPEC's centre when there are none.
  const initialView = useMemo<MapView | null>(() => {
    const asked = parcels.find((p) => p.id === parcelId);
    if (asked) return { key: `parcel-${asked.id}`, kind: 'fit', bounds: parcelBounds(asked) };
    const all = unionBounds(parcels);
    return all ? { key: 'all', kind: 'fit', bounds: all } : null;
    // Only once the parcels arrive, not on every selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parcels.length]);

  const selectIndex = (id: number) => {
    if (id === indexId) return;
    setIndexId(id);
    gen.reset();
  };
  const selectParcel = (id: number | null) => {
    if (id !== parcelId) gen.reset();
    setParcelId(id);
    const parcel = parcels.find((p) => p.id === id);
    if (parcel) setView({ key: `parcel-${parcel.id}-${Date.now()}`, kind: 'fit', bounds: parcelBounds(parcel) });
  };
  const changeRange = (next: DateRange) => {
    setOwnRange(next);
    setRangeSource('user');
    gen.clearFailure();
  };
  const generate = (window: DateRange = range) => {
    if (parcelId === null || !index) return;
    setQuotaClosed(false);
    gen.generate({
      indexCode: code,
      indexId: index.indiceId,
      parcelId,
      userId,
      startDate: window.start,
      endDate: window.end,
    });
  };

  // The order link's `order=1` is used once: a reload or Back does not ask again.
  const closeOrder = () => {
    setOrdering(null);
    if (params.has('order'))
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('order');
          return next;
        },
        { replace: true },
      );
  };

  // "Latest clear image": the API searches back up to 60 days (free), then the normal generate on that day.
  const latestClear = useMutation({
    mutationFn: ({ parcel, indexCode }: { parcel: number; indexCode: string }) => fetchLatestClear(parcel, indexCode),
    onSuccess: (found) => {
      if (!found.date) return;
      const day = rangeOn(found.date);
      changeRange(day);
      generate(day);
    },
  });
  const remaining = index?.nbreq_restante ?? null;
  const canSearchClear = parcelId !== null && index !== null && remaining !== 0 && !gen.loading;
  const clearStatus = (() => {
    if (latestClear.isPending) return t('latestClear.searching', { days: CLEAR_LOOKBACK_DAYS });
    if (latestClear.isError) return t('latestClear.error');
    const found = latestClear.data;
    if (!found) return null;
    if (found.date) return t('latestClear.found', { date: formatDay(found.date, lang) });
    return found.searched
      ? t('latestClear.none', { days: CLEAR_LOOKBACK_DAYS, date: formatDay(found.searched.end, lang) })
      : t('latestClear.noImagery');
  })();
  const folded = small && !formOpen;

  // SPEC §4: on success the map centres on the middle of the returned bounds at zoom 15.
  const resultView: MapView | null = image
    ? {
        key: `result-${image.resultId}-${image.imageUrl}`,
        kind: 'center',
        center: boundsCenter(image.bounds),
        zoom: MAP_DEFAULTS.resultZoom,
      }
    : null;
  const failure: GenerateFailure | null = gen.failure;
  const errorText = (() => {
    if (gen.error) return t('generate.error', { index: code, message: failureMessage(gen.error) });
    if (failure?.kind !== 'error') return null;
    const issue = failure.issues[0]?.message;
    const detail = issue ? fieldMessage(issue) : failure.code ? errorMessage(failure.code) : t('generate.unknown');
    return t('generate.error', { index: code, message: detail ?? t('generate.unknown') });
  })();

  const indicesColumn = (
    <div data-column="indices" className="space-y-4">
      <IndexPicker indices={config} selectedId={indexId} onSelect={selectIndex} />
      {parcelsQuery.isPending && !config[0]?.parcelles ? (
        <p role="status" className="text-sm text-stone-600">
          {t('parcels.loading')}
        </p>
      ) : (
        <ParcelList parcels={parcels} selectedId={parcelId} onSelect={selectParcel} />
      )}
    </div>
  );
  const stats = <StatsPanel stats={image?.stats ?? null} scene={image ? image.scene : null} />;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-[1600px]">
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {t('title')}
      </h1>
      <DemoImageryNote className="mt-2" />
      <div className="mt-4 grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_18rem]">
        {/* DOM order is the screen's order on every width (WCAG 2.4.3), so focus and a screen reader follow it: on
            a phone the map and the result first (the form folded into a compact bar), the result's numbers, then
            the indices and the parcels; on a wide screen the indices' column first. */}
        {small ? null : indicesColumn}
        <div data-column="map" className="min-w-0 space-y-4">
          <CompareToggle on={comparing} onToggle={setComparing} />
          {/* Compare mode (issue 15 §2) takes the place of the form and the map, which stay mounted. */}
          {comparing ? (
            <Suspense fallback={<Loading className="py-8" />}>
              <CompareMode parcels={parcels} parcelId={parcelId} index={index} config={config} />
            </Suspense>
          ) : null}
          <div
            hidden={comparing}
            id={formId}
            data-testid="farm-form"
            data-folded={folded || undefined}
            className={`rounded-2xl border border-stone-200 bg-white ${folded ? 'space-y-3 p-3' : 'space-y-4 p-4'}`}
          >
            <ParcelSelect parcels={parcels} selectedId={parcelId} onSelect={selectParcel} />
            {folded ? (
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm text-stone-800" data-testid="farm-period-summary">
                  {t('period.summary', { start: formatDay(range.start, lang), end: formatDay(range.end, lang) })}
                </p>
                <button
                  type="button"
                  aria-expanded={false}
                  aria-controls={formId}
                  onClick={() => setFormOpen(true)}
                  className="min-h-11 shrink-0 rounded-lg border border-stone-300 px-3 text-sm font-semibold text-brand-900"
                >
                  {t('form.more')}
                </button>
              </div>
            ) : (
              <>
                <PeriodFields range={range} onChange={changeRange} />
                <DisplayControls opacity={opacity} onOpacity={setOpacity} tooltip={tooltip} onTooltip={setTooltip} />
              </>
            )}
            <GenerateButton
              parcelId={parcelId}
              indexId={indexId}
              range={range}
              loading={gen.loading}
              remaining={remaining}
              total={index?.nbreq_total ?? null}
              indexCode={code}
              findingLatest={findingLatest}
              onGenerate={() => generate()}
            />
            <div>
              <button
                type="button"
                disabled={!canSearchClear || latestClear.isPending}
                onClick={() => index && parcelId !== null && latestClear.mutate({ parcel: parcelId, indexCode: code })}
                className="min-h-11 w-full rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-stone-300 disabled:text-stone-600"
              >
                {t('latestClear.button')}
              </button>
              {clearStatus ? (
                <p role="status" data-testid="farm-latest-clear-status" className="mt-1 text-sm text-stone-700">
                  {clearStatus}
                </p>
              ) : null}
            </div>
            {small && formOpen ? (
              <button
                type="button"
                aria-expanded
                aria-controls={formId}
                onClick={() => setFormOpen(false)}
                className="min-h-11 w-full rounded-lg px-3 text-sm font-semibold text-brand-900"
              >
                {t('form.less')}
              </button>
            ) : null}
            {image?.cached ? (
              <p role="status" className="text-sm text-stone-700">
                {t('generate.cached')}
              </p>
            ) : null}
            {errorText ? <ErrorBanner key={errorText} message={errorText} onClose={gen.clearFailure} /> : null}
            {failure && (failure.kind === 'noScene' || failure.kind === 'cloudy') ? (
              <SceneProblem failure={failure} range={range} onUse={changeRange} />
            ) : null}
          </div>
          <div ref={resultRef} hidden={comparing} data-testid="farm-result" className="scroll-mt-2 space-y-3">
            <SavedResultNote saved={saved} />
            {image ? (
              <VisibilityBadge validFraction={image.stats.validFraction} minValidFraction={image.minValidFraction} />
            ) : null}
            <LazyFarmMap
              ready={!parcelsQuery.isPending || parcels.length > 0}
              parcels={parcels}
              selectedId={parcelId}
              onSelect={selectParcel}
              overlay={image ? { url: relUrl ?? image.imageUrl, bounds: image.bounds, opacity } : null}
              grid={grid.data ?? null}
              tooltip={tooltip}
              indexCode={code}
              describe={describe}
              view={resultView ?? view ?? initialView}
              label={t('map.label')}
              heightClass="h-[40vh] min-h-[260px] sm:h-[420px] md:h-[700px]"
            />
            {image && relRange ? <ColourModeSwitch mode={mode} onMode={setMode} /> : null}
            {image && relRange && mode === 'relative' ? <RelativeLegend range={relRange} indexCode={code} /> : null}
          </div>
        </div>
        <div
          data-column="info"
          className="grid content-start gap-4 lg:col-span-2 lg:grid-cols-3 xl:col-span-1 xl:grid-cols-1"
        >
          {/* The numbers right under the map on a phone; the absolute legend after them. */}
          {small ? stats : null}
          <LegendPanel legend={legend} title={code ? t('legend.titleOf', { index: code }) : undefined} />
          {small ? null : stats}
          <DownloadPanel imageUrl={image?.imageUrl ?? null} valuesUrl={image?.downloadUrl ?? null} indexCode={code} />
          {parcelId !== null ? <WaterCard parcelId={parcelId} compact /> : null}
        </div>
        {small ? indicesColumn : null}
        {/* The season curve under the map on a wide screen; on a phone after the result's numbers and the indices,
            so Generate's statistics stay in the first screen. */}
        {comparing ? null : (
          <div data-column="season" className="min-w-0 lg:col-span-2 lg:col-start-1 xl:col-span-1 xl:col-start-2">
            <FarmMapSeason
              parcelId={parcelId}
              indexId={indexId}
              config={config}
              onDay={(day) => changeRange(rangeOn(day))}
              onGenerateDay={(day) => {
                changeRange(rangeOn(day));
                setOrdering(day);
              }}
            />
          </div>
        )}
      </div>
      {ordering && index && parcelId !== null ? (
        <OrderDayDialog
          day={ordering}
          indexCode={code}
          parcelName={parcels.find((p) => p.id === parcelId)?.identifiantU ?? ''}
          remaining={remaining}
          total={index.nbreq_total ?? null}
          onOrder={() => {
            closeOrder();
            orderedRef.current = true;
            generate(rangeOn(ordering));
          }}
          onClose={closeOrder}
        />
      ) : null}
      {failure?.kind === 'quota' && !quotaClosed ? (
        <LimitModal payload={failure.payload} onClose={() => setQuotaClosed(true)} />
      ) : null}
    </section>
  );
}
