import { useTranslation } from 'react-i18next';
import { asLang, formatNumber } from './format.ts';
import { rampGradient, type RelativeRange } from './relativeView.ts';

export type ColourMode = 'classes' | 'relative';

/** Absolute classes (the index's legend) or the relative ramp over the parcel's own range. */
export function ColourModeSwitch({ mode, onMode }: { mode: ColourMode; onMode: (mode: ColourMode) => void }) {
  const { t } = useTranslation('farm');
  const option = (value: ColourMode) => (
    <label
      key={value}
      className={`flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 px-3 py-1.5 text-sm font-semibold ${
        mode === value ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-800'
      }`}
    >
      <input
        type="radio"
        name="farm-colour-mode"
        value={value}
        checked={mode === value}
        onChange={() => onMode(value)}
        className="size-4 accent-brand-700"
      />
      {t(`relative.${value}`)}
    </label>
  );
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('relative.mode')}</legend>
      <div className="flex gap-2">{(['classes', 'relative'] as const).map(option)}</div>
    </fieldset>
  );
}

/** The relative view's own legend: the ramp from the parcel's p2 to its p98, in reading order. */
export function RelativeLegend({ range, indexCode }: { range: RelativeRange; indexCode: string }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const n = (v: number) => formatNumber(v, lang, 3);
  const title = t('relative.title', { index: indexCode });
  return (
    <section
      aria-label={title}
      data-testid="farm-relative-legend"
      data-low={range.low}
      data-high={range.high}
      className="rounded-2xl border border-stone-200 bg-white p-3"
    >
      <h2 className="text-sm font-bold text-stone-900">{title}</h2>
      <div
        aria-hidden="true"
        className="mt-2 h-4 rounded border border-stone-400"
        style={{ backgroundImage: rampGradient(lang === 'ar' ? 'to left' : 'to right') }}
      />
      <div className="mt-1 flex justify-between gap-2 text-xs text-stone-800">
        <span>
          <span className="block font-semibold tabular-nums">{n(range.low)}</span>
          {t('relative.lower')}
        </span>
        <span className="text-end">
          <span className="block font-semibold tabular-nums">{n(range.high)}</span>
          {t('relative.higher')}
        </span>
      </div>
      <p className="mt-1 text-xs text-stone-700">{t('relative.note', { low: n(range.low), high: n(range.high) })}</p>
    </section>
  );
}
