import { useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
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
  usePlotArea,
  useXAxisScale,
  useYAxisScale,
} from 'recharts';
import { useTranslation } from 'react-i18next';
import { CHART_COLOURS } from './HistoryChart.tsx';
import { plainTick, spreadTicks } from './chartTicks.tsx';
import { shiftYear } from './dateRange.ts';
import { asLang, formatDay, formatNumber, formatPercent, formatShortDay } from './format.ts';

/** One clear acquisition as the chart draws it (the API's point with its statistics present). */
export interface CurvePoint {
  date: string;
  median: number;
  p25: number;
  p75: number;
  /** The share of the parcel visible at that acquisition (0–1). */
  validFraction: number;
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
const noLines = (): number[] => [];
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

/** The smallest side of any pointer target of the curve (px): WCAG 2.5.8 asks ≥ 24; the buttons take 44. */
export const MIN_TARGET_PX = 24;

/**
 * The season curve: the median per clear acquisition with the p25–p75 band, last year's median beside it.
 * Time reads left to right in both languages (like the history chart; the chart is `dir="ltr"`), so "previous"
 * is to the left, earlier in time, in Arabic as in French.
 *
 * Issue 27 §2: on a phone a season's points sit a few pixels apart, so no point is a target of its own. The
 * whole plot is one target: a finger put down and dragged along it moves a cursor snapped to the nearest
 * acquisition, its date, median and visible share read above the chart (out from under the finger); the
 * previous/next buttons step one acquisition at a time. From the keyboard the curve is one tab stop, a slider:
 * the arrows (and Home/End) move along the acquisitions, Enter or Space selects the one under the cursor.
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
  // Labels on acquisition days, spread in time and chosen without measuring (chartTicks.tsx): 4 on a phone.
  const ticks = spreadTicks(
    points.length > 0 ? points.map((p) => timeOf(p.date)) : times,
    typeof window !== 'undefined' && window.innerWidth >= 640 ? 6 : 4,
  );
  const xTick = useMemo(() => plainTick((v) => formatShortDay(dayOf(v), lang), '0.71em', CHART_COLOURS.text), [lang]);
  const yTick = useMemo(() => plainTick((v) => formatNumber(v, lang, 2), '0.355em', CHART_COLOURS.text), [lang]);
  // The cursor: the selected acquisition, else the newest (where the arrows and "previous" start from).
  const at = points.findIndex((p) => p.date === selected);
  const last = points.length - 1;
  const cursor = at >= 0 ? at : last;
  const chosen = at >= 0 ? points[at]! : null;
  const go = (to: number) => {
    const next = points[Math.min(last, Math.max(0, to))];
    if (next && next.date !== selected) onSelect(next.date);
  };
  // With nothing selected yet, "previous" starts at the newest acquisition; "next" has nowhere to go.
  const canPrevious = at < 0 ? points.length > 0 : at > 0;
  const canNext = at >= 0 && at < last;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? at < 0
          ? last
          : at - 1
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? at < 0
            ? -1
            : at + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : event.key === 'Enter' || event.key === ' '
                ? cursor
                : null;
    if (to === null) return;
    event.preventDefault();
    if (to >= 0 && to <= last) go(to);
  };
  const cursorPoint = points[cursor];
  const n = (v: number) => formatNumber(v, lang, 3);

  return (
    <div>
      {/* Time runs left to right on the chart in both languages: the row keeps "previous" on its left. */}
      <div dir="ltr" className="mb-1 flex items-center gap-2" data-testid="season-stepper">
        <StepButton
          label={t('season.previousPoint')}
          disabled={!canPrevious}
          onClick={() => go(at < 0 ? last : at - 1)}
          testId="season-previous"
          direction="left"
        />
        <p
          dir={lang === 'ar' ? 'rtl' : 'ltr'}
          className="flex min-h-11 flex-1 flex-col justify-center text-center text-sm leading-tight text-stone-900"
          data-testid="season-readout"
        >
          {chosen ? (
            <>
              <span className="block font-semibold" data-testid="season-readout-date">
                {formatDay(chosen.date, lang)}
              </span>
              <span className="block">
                <span data-testid="season-readout-value">{t('season.readoutValue', { value: n(chosen.median) })}</span>
                {' · '}
                <span data-testid="season-readout-valid">
                  {t('season.readoutValid', { share: formatPercent(chosen.validFraction, lang) })}
                </span>
              </span>
            </>
          ) : (
            // Short, in small type: the row keeps the height it has once a point is read (no jump on the first
            // touch), in French as in Arabic.
            <span className="block text-xs text-stone-600" data-testid="season-drag-hint">
              {t('season.dragHint')}
            </span>
          )}
        </p>
        <StepButton
          label={t('season.nextPoint')}
          disabled={!canNext}
          onClick={() => go(at + 1)}
          testId="season-next"
          direction="right"
        />
      </div>
      <div
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={points.length > 0 ? 1 : 0}
        aria-valuemax={points.length}
        aria-valuenow={cursor + 1}
        aria-valuetext={
          cursorPoint
            ? t('season.pointLabel', { date: formatDay(cursorPoint.date, lang), value: n(cursorPoint.median) })
            : undefined
        }
        onKeyDown={onKeyDown}
        dir="ltr"
        // pan-y: a vertical swipe still scrolls the page, a sideways drag moves the cursor instead. Nothing drawn
        // in the chart takes a pointer but the plot's target (the Scrubber): a finger's touch area is hit-tested
        // and adjusted to the element it overlaps best, and a grid line, the band or the median line a few pixels
        // from the finger took the touch, outside the target, so a tap near them selected nothing.
        className="h-64 w-full touch-pan-y touch-pinch-zoom rounded-lg outline-none select-none focus-visible:ring-2 focus-visible:ring-amber-500 [&_svg]:pointer-events-none"
        data-testid="season-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          {/* The slider around it is the curve's one tab stop: recharts' own keyboard layer would be a second. */}
          <ComposedChart data={data} margin={{ top: 12, right: 20, bottom: 4, left: 0 }} accessibilityLayer={false}>
            {/* Horizontal lines only. recharts places vertical ones by measuring every date label again, even when
                they are not drawn: the generator is replaced by one that places none. */}
            <CartesianGrid
              strokeDasharray="3 3"
              stroke={CHART_COLOURS.grid}
              vertical={false}
              verticalCoordinatesGenerator={noLines}
            />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={[Math.min(...times) - pad, Math.max(...times) + pad]}
              ticks={ticks}
              tick={xTick}
              interval={0}
            />
            <YAxis domain={[low, high]} tick={yTick} interval={0} width={44} />
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
            <Scrubber points={points} selected={selected} onSelect={onSelect} />
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

interface StepButtonProps {
  label: string;
  disabled: boolean;
  onClick: () => void;
  testId: string;
  direction: 'left' | 'right';
}

/**
 * Previous/next: a real button of 44 × 44 px. At either end it says so (aria-disabled) without leaving the
 * focus tree, so a finger or the keyboard pressing it again simply does nothing.
 */
function StepButton({ label, disabled, onClick, testId, direction }: StepButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={disabled}
      onClick={() => {
        if (!disabled) onClick();
      }}
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-brand-700 text-brand-900 aria-disabled:cursor-not-allowed aria-disabled:border-stone-300 aria-disabled:text-stone-400"
      data-testid={testId}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
        <path
          d={direction === 'left' ? 'M12.5 4 6.5 10l6 6' : 'M7.5 4l6 6-6 6'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

interface ScrubberProps {
  points: readonly CurvePoint[];
  selected: string | null;
  onSelect: (date: string) => void;
}

/** The index of the x nearest to `x` (the earlier one on a tie); -1 when there is none. */
export function nearestIndex(xs: readonly number[], x: number): number {
  let best = -1;
  for (let i = 0; i < xs.length; i++) if (best < 0 || Math.abs(xs[i]! - x) < Math.abs(xs[best]! - x)) best = i;
  return best;
}

/**
 * The plot's one pointer target (the whole plot area, never a point of its own) and what it draws: the median's
 * dots, drawn by the page, and a cursor line on the selected acquisition. A finger or a pressed mouse moving
 * over it selects the acquisition nearest to it along time; the pointer is captured, so the drag goes on when the
 * finger leaves the plot. The dots stay inside the target (taps on them land on it too).
 */
function Scrubber({ points, selected, onSelect }: ScrubberProps) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  const plot = usePlotArea();
  const area = useRef<SVGRectElement>(null);
  const dragging = useRef<number | null>(null);
  if (!x || !y || !plot) return null;
  const placed = points.flatMap((p) => {
    const cx = x(timeOf(p.date));
    const cy = y(p.median);
    return cx === undefined || cy === undefined ? [] : [{ p, cx, cy }];
  });
  const snap = (clientX: number) => {
    const box = area.current?.getBoundingClientRect();
    if (!box) return;
    // The plot in screen pixels (box) against the chart's own coordinates (plot): equal unless scaled.
    const scale = box.width > 0 ? plot.width / box.width : 1;
    const i = nearestIndex(
      placed.map((d) => d.cx),
      plot.x + (clientX - box.left) * scale,
    );
    const date = placed[i]?.p.date;
    if (date && date !== selected) onSelect(date);
  };
  const down = (event: PointerEvent<SVGGElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragging.current = event.pointerId;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    snap(event.clientX);
  };
  const move = (event: PointerEvent<SVGGElement>) => {
    if (dragging.current === event.pointerId) snap(event.clientX);
  };
  const up = (event: PointerEvent<SVGGElement>) => {
    if (dragging.current !== event.pointerId) return;
    dragging.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const chosen = placed.find((d) => d.p.date === selected);
  // Above the band and the lines (recharts draws its layers by z-index), under the axis labels.
  return (
    <ZIndexLayer zIndex={DefaultZIndexes.activeDot}>
      <g
        data-testid="season-points"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        className="cursor-pointer"
        // The chart's one pointer target: every other layer of the chart is pointer-events: none (above).
        style={{ pointerEvents: 'auto' }}
      >
        <rect
          ref={area}
          x={plot.x}
          y={plot.y}
          width={Math.max(plot.width, MIN_TARGET_PX)}
          height={Math.max(plot.height, MIN_TARGET_PX)}
          fill="transparent"
          data-testid="season-plot-target"
        />
        {chosen ? (
          <line
            x1={chosen.cx}
            x2={chosen.cx}
            y1={plot.y}
            y2={plot.y + plot.height}
            stroke={SEASON_COLOURS.selected}
            strokeWidth={1.5}
            data-testid="season-cursor"
          />
        ) : null}
        {placed.map(({ p, cx, cy }) => {
          const active = p.date === selected;
          return (
            <circle
              key={p.date}
              cx={cx}
              cy={cy}
              r={active ? 7 : 4.5}
              data-testid="season-point"
              data-date={p.date}
              data-selected={active}
              fill={active ? CHART_COLOURS.background : CHART_COLOURS.mean}
              stroke={active ? SEASON_COLOURS.selected : CHART_COLOURS.background}
              strokeWidth={active ? 3 : 1.5}
            />
          );
        })}
      </g>
    </ZIndexLayer>
  );
}
