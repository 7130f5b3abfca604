import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { IndexConfig } from './farmApi.ts';
import { fromConfig } from './indexView.ts';
import { SeasonCurve } from './SeasonCurve.tsx';

interface FarmMapSeasonProps {
  parcelId: number | null;
  indexId: number | null;
  config: readonly IndexConfig[];
  /** A tapped point: the map's date window moves to that day. */
  onDay: (date: string) => void;
  /** "Generate this day's map" (an ordinary, charged image request). */
  onGenerateDay: (date: string) => void;
}

/**
 * Issue 15 §1 on the farm map: the season curve of the selected parcel for the selected index (the page's own
 * picker). Tapping a point sets the date window to that day; its button orders that day's map.
 */
export function FarmMapSeason({ parcelId, indexId, config, onDay, onGenerateDay }: FarmMapSeasonProps) {
  const { t } = useTranslation('farm');
  const indices = useMemo(() => config.map(fromConfig), [config]);
  if (parcelId === null || indexId === null) return null;
  return (
    <SeasonCurve
      key={parcelId}
      parcelId={parcelId}
      indices={indices}
      fromPlan
      indexId={indexId}
      onPointSelect={onDay}
      deferChart
      pointActions={(date) => (
        <>
          <p className="mt-2 text-sm text-stone-700" data-testid="season-window-set">
            {t('compare.windowSet')}
          </p>
          <button
            type="button"
            data-testid="season-generate-day"
            onClick={() => onGenerateDay(date)}
            className="mt-2 min-h-11 w-full rounded-lg bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
          >
            {t('season.order')}
          </button>
          <p className="mt-1 text-xs text-stone-600">{t('season.orderNote')}</p>
        </>
      )}
    />
  );
}
