import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { asLang, formatNumber, formatShortDay } from './format.ts';

export interface TrendPoint {
  /** Scene day, YYYY-MM-DD. */
  day: string;
  mean: number;
  p25: number;
  p75: number;
}

/**
 * The chart's colours on its white card. WCAG 2.2 §1.4.11 asks graphics a reader needs for ≥ 3:1 contrast with
 * what is next to them: the p25–p75 band is 3.3:1 against white, the mean line 4.5:1 against the band
 * (checked in HistoryChart.test.ts).
 */
export const CHART_COLOURS = {
  background: '#ffffff',
  band: '#4f9d69',
  mean: '#052e16',
  grid: '#e7e5e4',
  text: '#44403c',
} as const;

/**
 * The field's health trend: the mean per image with the p25–p75 band around it, oldest on the start side.
 * Loaded lazily (recharts is heavy); the page shows the same numbers as a table for screen readers.
 * The time axis reads left to right in both languages, like the dates under it.
 */
export function HistoryChart({ points, label }: { points: readonly TrendPoint[]; label: string }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const data = points.map((p) => ({ ...p, band: [p.p25, p.p75] as [number, number] }));
  const values = points.flatMap((p) => [p.p25, p.p75, p.mean]);
  const low = Math.floor((Math.min(...values) - 0.05) * 10) / 10;
  const high = Math.ceil((Math.max(...values) + 0.05) * 10) / 10;
  const n = (v: number) => formatNumber(v, lang, 3);
  const rtl = lang === 'ar';

  return (
    <div role="img" aria-label={label} dir="ltr" className="h-72 w-full" data-testid="farm-history-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={CHART_COLOURS.grid} />
          {/* First and last day always shown, inner ones skipped rather than overlapping or cut at the edge. */}
          <XAxis
            dataKey="day"
            tickFormatter={(d: string) => formatShortDay(d, lang)}
            tick={{ fontSize: 12, fill: CHART_COLOURS.text }}
            interval="preserveStartEnd"
            minTickGap={12}
            padding={{ left: 16, right: 16 }}
          />
          <YAxis
            domain={[low, high]}
            tickFormatter={(v: number) => formatNumber(v, lang, 2)}
            tick={{ fontSize: 12, fill: CHART_COLOURS.text }}
            width={52}
          />
          {/* Kept inside the chart (so inside a phone's screen), read right to left in Arabic. */}
          <Tooltip
            allowEscapeViewBox={{ x: false, y: false }}
            wrapperStyle={{ maxWidth: 'calc(100% - 8px)', zIndex: 10 }}
            contentStyle={{
              direction: rtl ? 'rtl' : 'ltr',
              textAlign: rtl ? 'right' : 'left',
              whiteSpace: 'normal',
              fontSize: 13,
              borderRadius: 8,
            }}
            // Text in the series' own colours would be too pale to read (the band is a graphic, 3.3:1).
            itemStyle={{ color: CHART_COLOURS.mean }}
            formatter={(value, name) =>
              Array.isArray(value)
                ? [`${n(Number(value[0]))} – ${n(Number(value[1]))}`, name]
                : [n(Number(value)), name]
            }
            labelFormatter={(d) => formatShortDay(String(d), lang)}
          />
          <Area
            type="monotone"
            dataKey="band"
            name={t('history.band')}
            stroke="none"
            fill={CHART_COLOURS.band}
            fillOpacity={1}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="mean"
            name={t('history.mean')}
            stroke={CHART_COLOURS.mean}
            strokeWidth={2.5}
            dot={{ r: 4, fill: CHART_COLOURS.mean, stroke: CHART_COLOURS.background, className: 'farm-history-dot' }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
