import { useTranslation } from 'react-i18next';
import { neighbourRanges, rangeOn, type DateRange } from './dateRange.ts';
import type { GenerateFailure } from './farmApi.ts';
import { asLang, formatDay, formatPercent } from './format.ts';

type SceneFailure = Extract<GenerateFailure, { kind: 'noScene' | 'cloudy' }>;

interface SceneProblemProps {
  failure: SceneFailure;
  /** The window that was asked (the cloudy case proposes the windows next to it). */
  range: DateRange;
  onUse: (range: DateRange) => void;
}

const choice =
  'rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50';

const nearestDays = (failure: SceneFailure) =>
  [failure.nearestBefore, failure.nearestAfter].filter((day): day is string => day !== null);

/**
 * Why no image came back, and one click to a window that has data: for NO_SCENE the nearest acquisition
 * days the catalogue knows (before and after); for ALL_CLOUDY the nearest days on which the parcel is
 * clear, or, when the answer names none, the 6-day windows just before and just after the clouded one.
 */
export function SceneProblem({ failure, range, onUse }: SceneProblemProps) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const days = nearestDays(failure);
  const dayButtons = (
    <div className="mt-3 flex flex-wrap gap-2">
      {days.map((day) => (
        <button key={day} type="button" className={choice} onClick={() => onUse(rangeOn(day))}>
          {t(failure.kind === 'noScene' ? 'scene.useDay' : 'scene.clearOn', { date: formatDay(day, lang) })}
        </button>
      ))}
    </div>
  );

  if (failure.kind === 'noScene' && failure.outsideCoverage) {
    return (
      <div
        role="alert"
        data-testid="scene-outside-coverage"
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      >
        <p className="font-bold">{t('scene.outsideTitle')}</p>
        <p className="mt-1 text-sm">{t('scene.outsideText')}</p>
      </div>
    );
  }

  if (failure.kind === 'noScene') {
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <p className="font-bold">{t('scene.noSceneTitle')}</p>
        <p className="mt-1 text-sm">
          {t('scene.noSceneText', { start: formatDay(range.start, lang), end: formatDay(range.end, lang) })}
        </p>
        {days.length === 0 ? <p className="mt-2 text-sm">{t('scene.noneNearby')}</p> : null}
        {dayButtons}
      </div>
    );
  }

  const around = neighbourRanges(range);
  return (
    <div role="alert" className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950">
      <p className="font-bold">{t('scene.cloudyTitle')}</p>
      <p className="mt-1 text-sm">
        {failure.validFraction === null
          ? t('scene.cloudyText')
          : t('scene.cloudyTextPercent', { percent: formatPercent(failure.validFraction, lang) })}
      </p>
      {days.length > 0 ? dayButtons : null}
      {days.length === 0 && around ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {[around.before, around.after].map((r, i) => (
            <button key={r.start} type="button" className={choice} onClick={() => onUse(r)}>
              {t(i === 0 ? 'scene.tryBefore' : 'scene.tryAfter', {
                start: formatDay(r.start, lang),
                end: formatDay(r.end, lang),
              })}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
