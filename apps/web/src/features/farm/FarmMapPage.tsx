import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { useMessages } from '../../lib/messages.ts';
import { ConfigLoading, InactiveScreen, RestrictedScreen } from './AccessScreens.tsx';
import { DEFAULT_RANGE, isYmd, type DateRange } from './dateRange.ts';
import { farmQueries, type GenerateFailure, type IndexConfig } from './farmApi.ts';
import { GenerateButton } from './GenerateButton.tsx';
import { IndexPicker } from './IndexPicker.tsx';
import { indexCodeOf } from './legend.ts';
import { LimitModal } from './LimitModal.tsx';
import { DisplayControls, ParcelSelect } from './MapControls.tsx';
import { FarmMap } from './map/FarmMap.tsx';
import { MAP_DEFAULTS, boundsCenter, parcelBounds, unionBounds, type MapView } from './map/mapConfig.ts';
import { ParcelList } from './ParcelList.tsx';
import { PeriodFields } from './PeriodFields.tsx';
import { DownloadPanel, LegendPanel, StatsPanel } from './ResultPanels.tsx';
import { SceneProblem } from './SceneProblem.tsx';
import { useFarmAccess } from './useFarmAccess.ts';
import { useGenerate } from './useGenerate.ts';
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

/** SPEC §4: the NDVI index is shown first when the plan has it. */
function defaultIndex(config: readonly IndexConfig[]): number | null {
  return (config.find((c) => indexCodeOf(c) === 'NDVI') ?? config[0])?.indiceId ?? null;
}

const numberParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

function IndexMapScreen({ userId, config }: { userId: number; config: IndexConfig[] }) {
  const { t } = useTranslation('farm');
  const { errorMessage, fieldMessage, failureMessage } = useMessages();
  const [params] = useSearchParams();
  const parcelsQuery = useQuery(farmQueries.parcels);
  const parcels = parcelsQuery.data ?? config[0]?.parcelles ?? [];

  const [indexId, setIndexId] = useState<number | null>(() => {
    const asked = numberParam(params.get('index'));
    return config.some((c) => c.indiceId === asked) ? asked : defaultIndex(config);
  });
  const [parcelId, setParcelId] = useState<number | null>(() => numberParam(params.get('parcel')));
  const [range, setRange] = useState<DateRange>(() => {
    const start = params.get('start') ?? '';
    const end = params.get('end') ?? '';
    return isYmd(start) && isYmd(end) ? { start, end } : DEFAULT_RANGE;
  });
  const [opacity, setOpacity] = useState<number>(MAP_DEFAULTS.opacity);
  const [tooltip, setTooltip] = useState(true);
  const [view, setView] = useState<MapView | null>(null);
  const [quotaClosed, setQuotaClosed] = useState(false);
  const gen = useGenerate();

  const index = config.find((c) => c.indiceId === indexId) ?? null;
  const code = index ? indexCodeOf(index) : '';
  const image = gen.image;
  const grid = useValuesGrid(image?.resultId ?? null, image?.valuesUrl ?? null);

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
    setParcelId(id);
    gen.reset();
    const parcel = parcels.find((p) => p.id === id);
    if (parcel) setView({ key: `parcel-${parcel.id}-${Date.now()}`, kind: 'fit', bounds: parcelBounds(parcel) });
  };
  const changeRange = (next: DateRange) => {
    setRange(next);
    gen.clearFailure();
  };
  const generate = () => {
    if (parcelId === null || !index) return;
    setQuotaClosed(false);
    gen.generate({
      indexCode: code,
      indexId: index.indiceId,
      parcelId,
      userId,
      startDate: range.start,
      endDate: range.end,
    });
  };

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

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-[1600px]">
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {t('title')}
      </h1>
      <div className="mt-4 grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_18rem]">
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
        <div data-column="map" className="min-w-0 space-y-4">
          <div className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4">
            <ParcelSelect parcels={parcels} selectedId={parcelId} onSelect={selectParcel} />
            <PeriodFields range={range} onChange={changeRange} />
            <DisplayControls opacity={opacity} onOpacity={setOpacity} tooltip={tooltip} onTooltip={setTooltip} />
            <GenerateButton
              parcelId={parcelId}
              indexId={indexId}
              range={range}
              loading={gen.loading}
              onGenerate={generate}
            />
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
          <FarmMap
            parcels={parcels}
            selectedId={parcelId}
            onSelect={selectParcel}
            overlay={image ? { url: image.imageUrl, bounds: image.bounds, opacity } : null}
            grid={grid.data ?? null}
            tooltip={tooltip}
            indexCode={code}
            view={resultView ?? view ?? initialView}
            label={t('map.label')}
          />
        </div>
        <div
          data-column="info"
          className="grid content-start gap-4 lg:col-span-2 lg:grid-cols-3 xl:col-span-1 xl:grid-cols-1"
        >
          <LegendPanel legend={index?.legende ?? []} title={code ? t('legend.titleOf', { index: code }) : undefined} />
          <StatsPanel stats={image?.stats ?? null} scene={image ? image.scene : null} />
          <DownloadPanel imageUrl={image?.imageUrl ?? null} valuesUrl={image?.downloadUrl ?? null} indexCode={code} />
        </div>
      </div>
      {failure?.kind === 'quota' && !quotaClosed ? (
        <LimitModal payload={failure.payload} onClose={() => setQuotaClosed(true)} />
      ) : null}
    </section>
  );
}
