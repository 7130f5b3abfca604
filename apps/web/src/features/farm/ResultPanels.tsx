import { useTranslation } from 'react-i18next';
import type { Stats } from './farmApi.ts';
import { asLang, formatDay, formatNumber, formatPercent } from './format.ts';
import { legendRange, legendText, sortedLegend, type LegendEntry } from './legend.ts';

const panel = 'rounded-2xl border border-stone-200 bg-white p-4';

/** Every interval of the index: colour, range ('a à b' / 'a إلى b') and its meaning. */
export function LegendPanel({ legend, title }: { legend: readonly LegendEntry[]; title?: string }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const rows = sortedLegend(legend);
  return (
    <section aria-label={title ?? t('legend.title')} className={panel}>
      <h2 className="text-base font-bold text-stone-900">{title ?? t('legend.title')}</h2>
      {rows.length === 0 ? <p className="mt-2 text-sm text-stone-600">{t('legend.empty')}</p> : null}
      <ul className="mt-3 space-y-2" data-testid="farm-legend">
        {rows.map((row) => (
          <li key={row.id} className="flex items-start gap-3 text-sm">
            <span
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 rounded border border-stone-300"
              style={{ backgroundColor: row.color }}
            />
            <span>
              <span className="block font-semibold tabular-nums text-stone-900">
                {legendRange(row.intervalDeb, row.intervalFin, lang)}
              </span>
              <span className="block text-stone-700">{legendText(row, lang)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * How much of the parcel the chosen scene shows, next to the deployment's minimum (MIN_VALID_FRACTION):
 * « Parcelle visible à 87 % (min. 60 %) ». Shown at the top of every result, so a partly clouded parcel is never
 * read as if it were seen whole. Green when (almost) all of it is seen, amber otherwise.
 */
export function VisibilityBadge({
  validFraction,
  minValidFraction,
}: {
  validFraction: number;
  minValidFraction?: number | null;
}) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const percent = formatPercent(validFraction, lang);
  const text =
    minValidFraction === undefined || minValidFraction === null
      ? t('visibility.label', { percent })
      : t('visibility.withMin', { percent, min: formatPercent(minValidFraction, lang) });
  const whole = validFraction >= 0.95;
  return (
    <p
      data-testid="farm-visibility"
      data-whole={whole || undefined}
      title={t('visibility.hint')}
      className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-semibold ${
        whole ? 'border-brand-200 bg-brand-50 text-brand-950' : 'border-amber-300 bg-amber-50 text-amber-950'
      }`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 fill-current">
        <path d="M10 4C5.5 4 2 10 2 10s3.5 6 8 6 8-6 8-6-3.5-6-8-6Zm0 9.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Zm0-5.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z" />
      </svg>
      <span>{text}</span>
    </p>
  );
}

export interface SceneInfo {
  datetime: string;
  cloudFraction: number | null;
}

/** The numbers of one result: distribution, valid share, scene date and cloud, resolution. */
export function StatsList({ stats, scene }: { stats: Stats; scene: SceneInfo | null }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const n = (v: number) => formatNumber(v, lang, 3);
  const rows: Array<[string, string]> = [
    [t('stats.mean'), n(stats.mean)],
    [t('stats.median'), n(stats.median)],
    [t('stats.min'), n(stats.min)],
    [t('stats.max'), n(stats.max)],
    [t('stats.std'), n(stats.std)],
    [t('stats.quartiles'), t('stats.range', { from: n(stats.p25), to: n(stats.p75) })],
    [t('stats.valid'), formatPercent(stats.validFraction, lang)],
  ];
  if (scene) {
    rows.push([t('stats.scene'), formatDay(scene.datetime, lang)]);
    rows.push([
      t('stats.cloud'),
      scene.cloudFraction === null ? t('stats.unknown') : formatPercent(scene.cloudFraction, lang),
    ]);
  }
  rows.push([t('stats.resolution'), t('stats.meters', { value: formatNumber(stats.resolution || 10, lang, 1) })]);
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm" data-testid="farm-stats">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="text-end font-semibold tabular-nums text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatsPanel({ stats, scene }: { stats: Stats | null; scene: SceneInfo | null }) {
  const { t } = useTranslation('farm');
  return (
    <section aria-label={t('stats.title')} className={panel}>
      <h2 className="text-base font-bold text-stone-900">{t('stats.title')}</h2>
      <div className="mt-3">
        {stats ? (
          <StatsList stats={stats} scene={scene} />
        ) : (
          <p className="text-sm text-stone-600">{t('stats.empty')}</p>
        )}
      </div>
    </section>
  );
}

/** The PNG as shown and the raw values as a Float32 GeoTIFF (signed same-origin URLs). */
export function DownloadPanel({
  imageUrl,
  valuesUrl,
  indexCode,
}: {
  imageUrl: string | null;
  valuesUrl: string | null;
  indexCode: string;
}) {
  const { t } = useTranslation('farm');
  const link =
    'flex items-center justify-center rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50';
  return (
    <section aria-label={t('download.title')} className={panel}>
      <h2 className="text-base font-bold text-stone-900">{t('download.title')}</h2>
      {imageUrl ? (
        <div className="mt-3 grid gap-2">
          <a href={imageUrl} download={`${indexCode}.png`} className={link}>
            {t('download.image')}
          </a>
          {valuesUrl ? (
            <a href={valuesUrl} download={`${indexCode}.tif`} className={link}>
              {t('download.values')}
            </a>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-stone-600">{t('download.empty')}</p>
      )}
    </section>
  );
}
