import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CROPS, type Crop } from '@filaha/shared';
import type { TerritoryCurve } from '@filaha/shared/contracts';
import { controlClass } from '../../../components/ui/fields.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { call } from '../../../lib/client.ts';
import { dateFormat } from '../../../lib/intl.ts';
import { LOCALES, asLang, formatDay, formatNumber } from '../../farm/format.ts';

const DAY_MS = 86_400_000;
const H = 240;
const PAD = { left: 36, right: 8, top: 8, bottom: 24 };
const Y_MIN = -0.2;
const Y_MAX = 1;

type Point = TerritoryCurve['current'][number];

/** Days since 1 September of the season a point belongs to (the x of both seasons on one axis). */
const dayOfSeason = (date: string, season: number) =>
  (Date.parse(`${date}T00:00:00Z`) - Date.UTC(season, 8, 1)) / DAY_MS;
const xOf = (width: number) => (day: number) => PAD.left + (day / 365) * (width - PAD.left - PAD.right);
const y = (v: number) => PAD.top + ((Y_MAX - v) / (Y_MAX - Y_MIN)) * (H - PAD.top - PAD.bottom);

function paths(points: Point[], season: number, x: (day: number) => number) {
  const xs = points.map((p) => x(dayOfSeason(p.date, season)));
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${xs[i]!.toFixed(1)},${y(p.median).toFixed(1)}`).join('');
  const band =
    points.length === 0
      ? ''
      : `${points.map((p, i) => `${i ? 'L' : 'M'}${xs[i]!.toFixed(1)},${y(p.p75).toFixed(1)}`).join('')}${points
          .map((_, i) => {
            const j = points.length - 1 - i;
            return `L${xs[j]!.toFixed(1)},${y(points[j]!.p25).toFixed(1)}`;
          })
          .join('')}Z`;
  return { line, band, xs };
}

const seasonLabel = (season: number) => `${season}–${season + 1}`;

/**
 * A crop's season curve over the territory (issue 30 §3): on each acquisition day, the median of the NDVI medians of
 * the followed parcels of that crop and their quartiles (p25–p75), this season against the one before, both on one
 * axis from 1 September. The figures are also in a table.
 */
export function CropCurve({ organisationId, initialCrop }: { organisationId: number; initialCrop: Crop }) {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const [crop, setCrop] = useState<Crop>(initialCrop);
  const titleId = useId();
  const curve = useQuery({
    queryKey: ['organisations', 'territory-curve', organisationId, crop],
    queryFn: () => call('GET /organisations/:id/territory/curve', { params: { id: organisationId }, query: { crop } }),
  });
  const months = useSeasonMonths(lang);
  const n = (v: number) => formatNumber(v, lang, 2);

  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-bold text-stone-900">
        {t('territory.curve.title')}
      </h2>
      <label className="mt-2 block max-w-xs text-sm font-semibold text-stone-800">
        {t('territory.curve.crop')}
        <select value={crop} onChange={(e) => setCrop(e.target.value as Crop)} className={`${controlClass} mt-1`}>
          {CROPS.map((c) => (
            <option key={c} value={c}>
              {t(`crop.${c}`)}
            </option>
          ))}
        </select>
      </label>
      {curve.isPending ? (
        <Loading className="py-6" />
      ) : curve.isError ? (
        <p role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {t('loadError')}
        </p>
      ) : curve.data.season === null || (curve.data.current.length === 0 && curve.data.previous.length === 0) ? (
        <p className="mt-2 text-stone-700" data-testid="crop-curve-empty">
          {t('territory.curve.empty', { crop: t(`crop.${crop}`) })}
        </p>
      ) : (
        <CurveChart data={{ ...curve.data, season: curve.data.season }} months={months} n={n} lang={lang} />
      )}
    </section>
  );
}

/** The month labels of the season axis (1 September first), in the language. */
export function useSeasonMonths(lang: 'ar' | 'fr') {
  return useMemo(() => {
    const format = dateFormat(LOCALES[lang], { month: 'short', timeZone: 'UTC' });
    // 1 September 2001 … 1 August 2002: a year with no 29 February, as the axis has 365 days.
    return Array.from({ length: 12 }, (_, m) => {
      const time = Date.UTC(2001, 8 + m, 1);
      return { day: (time - Date.UTC(2001, 8, 1)) / DAY_MS, label: format.format(time) };
    });
  }, [lang]);
}

/**
 * Two seasons of NDVI on one axis from 1 September: `current` (solid, with its p25–p75 band and dots) and `previous`
 * (dashed). For a crop over the territory (`parcel` false: medians of parcels' medians) or for one parcel (its own
 * median and quartiles of its pixels).
 */
export function CurveChart({
  data,
  months,
  n,
  lang,
  parcel = false,
}: {
  data: Pick<TerritoryCurve, 'current' | 'previous' | 'minParcels'> & { season: number };
  months: Array<{ day: number; label: string }>;
  n: (v: number) => string;
  lang: 'ar' | 'fr';
  parcel?: boolean;
}) {
  const { t } = useTranslation('organisations');
  // Drawn at the width it is shown (its text at its true size on a phone as on a desktop).
  const box = useRef<HTMLDivElement>(null);
  const [W, setW] = useState(600);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      if (width > 0) setW(width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const x = xOf(W);
  const now = paths(data.current, data.season, x);
  const before = paths(data.previous, data.season - 1, x);
  // Every month named when there is room, else every other one.
  const shownMonths = W >= 520 ? months : months.filter((_, i) => i % 2 === 0);
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1];
  const rows = [
    ...data.current.map((p) => ({ ...p, season: data.season })),
    ...data.previous.map((p) => ({ ...p, season: data.season - 1 })),
  ];
  return (
    <div className="mt-3" data-testid={parcel ? 'parcel-curve' : 'crop-curve'}>
      <ul className="flex flex-wrap gap-4 text-sm text-stone-700">
        <li className="flex items-center gap-2">
          <svg aria-hidden width="28" height="10">
            <line x1="0" y1="5" x2="28" y2="5" stroke="#15803d" strokeWidth="3" />
          </svg>
          <bdi dir="ltr">{seasonLabel(data.season)}</bdi>
        </li>
        <li className="flex items-center gap-2">
          <svg aria-hidden width="28" height="10">
            <line x1="0" y1="5" x2="28" y2="5" stroke="#78716c" strokeWidth="2" strokeDasharray="5 4" />
          </svg>
          <bdi dir="ltr">{seasonLabel(data.season - 1)}</bdi>
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden className="inline-block h-3 w-7 rounded-sm bg-green-700/20" />
          {t(parcel ? 'territory.curve.parcelBand' : 'territory.curve.band')}
        </li>
      </ul>
      <div ref={box} className="mt-2 w-full">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width={W}
          height={H}
          className="block max-w-full [direction:ltr]"
          role="img"
          aria-label={t(parcel ? 'territory.curve.parcelChart' : 'territory.curve.chart', {
            season: seasonLabel(data.season),
          })}
        >
          {ticks.map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e7e5e4" />
              <text x={PAD.left - 4} y={y(v) + 4} textAnchor="end" fontSize="12" fill="#57534e">
                {n(v)}
              </text>
            </g>
          ))}
          {shownMonths.map((m) => (
            <text key={m.day} x={x(m.day) + 2} y={H - 6} fontSize="12" fill="#57534e">
              {m.label}
            </text>
          ))}
          <path d={before.band} fill="#78716c" fillOpacity="0.12" />
          <path d={before.line} fill="none" stroke="#78716c" strokeWidth="2" strokeDasharray="5 4" />
          <path d={now.band} fill="#15803d" fillOpacity="0.2" />
          <path d={now.line} fill="none" stroke="#15803d" strokeWidth="3" />
          {data.current.map((p, i) => (
            <circle key={p.date} cx={now.xs[i]} cy={y(p.median)} r="3" fill="#15803d" />
          ))}
        </svg>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {parcel ? t('territory.curve.parcelNote') : t('territory.curve.note', { min: data.minParcels })}
      </p>
      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
          {t('territory.curve.figures')}
        </summary>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('territory.curve.figures')}>
          <table
            className="w-full text-start tabular-nums"
            data-testid={parcel ? 'parcel-curve-table' : 'crop-curve-table'}
          >
            <thead>
              <tr className="text-stone-600">
                <th scope="col" className="py-1 text-start">
                  {t('territory.curve.day')}
                </th>
                {parcel ? null : (
                  <th scope="col" className="py-1 text-start">
                    {t('territory.curve.parcels')}
                  </th>
                )}
                <th scope="col" className="py-1 text-start">
                  {t('territory.curve.median')}
                </th>
                <th scope="col" className="py-1 text-start">
                  p25–p75
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((p) => (
                <tr key={`${p.season}-${p.date}`}>
                  <td className="py-1">{formatDay(p.date, lang)}</td>
                  {parcel ? null : <td className="py-1">{formatNumber(p.parcels, lang)}</td>}
                  <td className="py-1">{n(p.median)}</td>
                  <td className="py-1">
                    <bdi dir="ltr">
                      {n(p.p25)} – {n(p.p75)}
                    </bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
