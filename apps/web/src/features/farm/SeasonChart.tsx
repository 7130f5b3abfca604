import { useMemo, type KeyboardEvent } from 'react';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  XAxis,
  YAxis,
  DefaultZIndexes,
  ZIndexLayer,
  useXAxisScale,
  useYAxisScale,
} from 'recharts';
import { useTranslation } from 'react-i18next';
import { CHART_COLOURS } from './HistoryChart.tsx';
import { shiftYear } from './dateRange.ts';
import { asLang, formatDay, formatNumber, formatShortDay } from './format.ts';

/** One clear acquisition as the chart draws it (the API's point with its statistics present). */
export interface CurvePoint {
  date: string;
  median: number;
  p25: number;
  p75: number;
}

/**
 * The season chart's own colours, beside the history chart's (CHART_COLOURS): the previous year's line is
 * thinner, dashed and amber, drawn over a white halo so it keeps ≥ 3:1 against whatever it crosses (the band
 * included); the selected point wears a ring of the same dark green. Checked in SeasonCurve.test.tsx.
 */
export const SEASON_COLOURS = {
  previous: '#b45309',
  halo: '#ffffff',
  selected: CHART_COLOURS.mean,
} as const;

const DAY_MS = 86_400_000;
const timeOf = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

interface Row {
  t: number;
  date?: string;
  median?: number;
  band?: [number, number];
  previous?: number;
  previousDate?: string;
}

/** Both years on one time axis: last year's points are moved one year on, so a season sits on top of the other. */
function rowsOf(points: readonly CurvePoint[], previous: readonly CurvePoint[]): Row[] {
  const rows = new Map<number, Row>();
  for (const p of points) {
    const t = timeOf(p.date);
    rows.set(t, { ...rows.get(t), t, date: p.date, median: p.median, band: [p.p25, p.p75] });
  }
  for (const p of previous) {
    const t = timeOf(shiftYear(p.date, 1));
    rows.set(t, { ...rows.get(t), t, previous: p.median, previousDate: p.date });
  }
  return [...rows.values()].sort((a, b) => a.t - b.t);
}

interface SeasonChartProps {
  points: readonly CurvePoint[];
  previous: readonly CurvePoint[];
  label: string;
  selected: string | null;
  onSelect: (date: string) => void;
}

/**
 * The season curve: the median per clear acquisition with the p25–p75 band, last year's median beside it.
 * Time reads left to right in both languages (like the history chart); each point is a button (tap, click or
 * Enter) that selects its acquisition; the details show under the chart, so they always stay on the screen.
 */
export function SeasonChart({ points, previous, label, selected, onSelect }: SeasonChartProps) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const data = useMemo(() => rowsOf(points, previous), [points, previous]);
  const values = [...points.flatMap((p) => [p.p25, p.p75, p.median]), ...previous.map((p) => p.median)];
  const low = Math.floor((Math.min(...values) - 0.05) * 10) / 10;
  const high = Math.ceil((Math.max(...values) + 0.05) * 10) / 10;
  const times = data.map((r) => r.t);
  // A lone acquisition still gets a few days either side, so its dot is not drawn on the axis' edge.
  const span = Math.max(...times) - Math.min(...times);
  const pad = Math.max(span * 0.04, 2 * DAY_MS);
  const ticks = (points.length > 0 ? points.map((p) => timeOf(p.date)) : times).filter(
    (v, i, all) => all.indexOf(v) === i,
  );

  return (
    <div>
      <div role="group" aria-label={label} dir="ltr" className="h-64 w-full" data-testid="season-chart">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 12, right: 20, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={CHART_COLOURS.grid} />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={[Math.min(...times) - pad, Math.max(...times) + pad]}
              ticks={ticks}
              tickFormatter={(v: number) => formatShortDay(dayOf(v), lang)}
              tick={{ fontSize: 12, fill: CHART_COLOURS.text }}
              interval="preserveStartEnd"
              minTickGap={10}
            />
            <YAxis
              domain={[low, high]}
              tickFormatter={(v: number) => formatNumber(v, lang, 2)}
              tick={{ fontSize: 12, fill: CHART_COLOURS.text }}
              width={44}
            />
            <Area
              type="linear"
              dataKey="band"
              name={t('season.band')}
              stroke="none"
              fill={CHART_COLOURS.band}
              fillOpacity={1}
              activeDot={false}
              connectNulls
              isAnimationActive={false}
            />
            {previous.length > 0 ? (
              <Line
                type="linear"
                dataKey="previous"
                stroke={SEASON_COLOURS.halo}
                strokeWidth={5}
                dot={false}
                activeDot={false}
                connectNulls
                legendType="none"
                isAnimationActive={false}
              />
            ) : null}
            {previous.length > 0 ? (
              <Line
                type="linear"
                dataKey="previous"
                name={t('season.previous')}
                stroke={SEASON_COLOURS.previous}
                strokeWidth={2}
                strokeDasharray="6 4"
                dot={{ r: 2.5, fill: SEASON_COLOURS.previous, stroke: SEASON_COLOURS.halo, strokeWidth: 1 }}
                activeDot={false}
                connectNulls
                isAnimationActive={false}
              />
            ) : null}
            <Line
              type="linear"
              dataKey="median"
              name={t('season.median')}
              stroke={CHART_COLOURS.mean}
              strokeWidth={2.5}
              dot={false}
              activeDot={false}
              connectNulls
              isAnimationActive={false}
            />
            <TapPoints points={points} selected={selected} onSelect={onSelect} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" data-testid="season-legend">
        <li className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" width="22" height="10">
            <line x1="1" y1="5" x2="21" y2="5" stroke={CHART_COLOURS.mean} strokeWidth="2.5" />
            <circle cx="11" cy="5" r="3.5" fill={CHART_COLOURS.mean} />
          </svg>
          {t('season.median')}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-2.5 w-5 rounded-sm"
            style={{ backgroundColor: CHART_COLOURS.band }}
          />
          {t('season.band')}
        </li>
        {previous.length > 0 ? (
          <li className="inline-flex items-center gap-1.5" data-testid="season-legend-previous">
            <svg aria-hidden="true" width="22" height="10">
              <line
                x1="1"
                y1="5"
                x2="21"
                y2="5"
                stroke={SEASON_COLOURS.previous}
                strokeWidth="2"
                strokeDasharray="6 4"
              />
            </svg>
            {t('season.previous')}
          </li>
        ) : null}
      </ul>
    </div>
  );
}

interface TapPointsProps {
  points: readonly CurvePoint[];
  selected: string | null;
  onSelect: (date: string) => void;
}

/** Half the height of a point's touch target, and its reach beyond the first and the last dot (px). */
const HIT_HALF = 22;

/**
 * Each point's touch target along x: from halfway to its left neighbour to halfway to its right one (HIT_HALF
 * beyond the ends), so targets never overlap and a tap between two close dots picks the nearer — on a phone a
 * season of acquisitions five days apart sits a few pixels apart.
 */
export function hitSpans(xs: readonly number[]): Array<[number, number]> {
  return xs.map((cx, i) => {
    const left = i === 0 ? cx - HIT_HALF : Math.max(cx - HIT_HALF, (xs[i - 1]! + cx) / 2);
    const right = i === xs.length - 1 ? cx + HIT_HALF : Math.min(cx + HIT_HALF, (cx + xs[i + 1]!) / 2);
    return [left, right];
  });
}

/**
 * The median's points, drawn by the page rather than by recharts so they are ordinary, stable buttons: a
 * finger-sized target around each dot that never overlaps its neighbours' (hitSpans), Enter or Space from the
 * keyboard and the arrow keys to the previous or next acquisition, a ring on the selected one.
 */
function TapPoints({ points, selected, onSelect }: TapPointsProps) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const x = useXAxisScale();
  const y = useYAxisScale();
  if (!x || !y) return null;
  const placed = points.flatMap((p) => {
    const cx = x(timeOf(p.date));
    const cy = y(p.median);
    return cx === undefined || cy === undefined ? [] : [{ p, cx, cy }];
  });
  const spans = hitSpans(placed.map((d) => d.cx));
  // One tab stop for the whole curve (a roving tabindex): the selected point, else the newest; the arrows move on.
  const chosenAt = placed.findIndex((d) => d.p.date === selected);
  const stop = chosenAt >= 0 ? chosenAt : placed.length - 1;
  // Time reads left to right (dir="ltr" on the chart): the arrows move along it, in both languages.
  const step = (event: KeyboardEvent<SVGGElement>, i: number) => {
    const to = event.key === 'ArrowRight' ? i + 1 : event.key === 'ArrowLeft' ? i - 1 : -1;
    const next = placed[to];
    if (!next) return false;
    const group = event.currentTarget.parentElement?.children[to];
    if (group instanceof SVGElement) group.focus();
    onSelect(next.p.date);
    return true;
  };
  // Above the band and the lines (recharts draws its layers by z-index), under the axis labels.
  return (
    <ZIndexLayer zIndex={DefaultZIndexes.activeDot}>
      <g data-testid="season-points">
        {placed.map(({ p, cx, cy }, i) => {
          const active = p.date === selected;
          const [left, right] = spans[i]!;
          const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onSelect(p.date);
            } else if (step(event, i)) event.preventDefault();
          };
          return (
            <g
              key={p.date}
              role="button"
              tabIndex={i === stop ? 0 : -1}
              aria-pressed={active}
              aria-label={t('season.pointLabel', {
                date: formatDay(p.date, lang),
                value: formatNumber(p.median, lang, 3),
              })}
              data-testid="season-point"
              data-date={p.date}
              onClick={() => onSelect(p.date)}
              onKeyDown={onKeyDown}
              className="cursor-pointer outline-none [&:focus-visible>circle:last-child]:stroke-amber-500"
            >
              <rect
                x={left}
                y={cy - HIT_HALF}
                width={right - left}
                height={2 * HIT_HALF}
                fill="transparent"
                data-testid="season-point-target"
              />
              <circle
                cx={cx}
                cy={cy}
                r={active ? 7 : 4.5}
                // Only the targets take taps: a dot overlapping its neighbour's target must not steal them.
                pointerEvents="none"
                fill={active ? CHART_COLOURS.background : CHART_COLOURS.mean}
                stroke={active ? SEASON_COLOURS.selected : CHART_COLOURS.background}
                strokeWidth={active ? 3 : 1.5}
              />
            </g>
          );
        })}
      </g>
    </ZIndexLayer>
  );
}
