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

  return (
    <div role="img" aria-label={label} dir="ltr" className="h-72 w-full" data-testid="farm-history-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
          <XAxis
            dataKey="day"
            tickFormatter={(d: string) => formatShortDay(d, lang)}
            tick={{ fontSize: 12, fill: '#44403c' }}
          />
          <YAxis
            domain={[low, high]}
            tickFormatter={(v: number) => formatNumber(v, lang, 2)}
            tick={{ fontSize: 12, fill: '#44403c' }}
            width={48}
          />
          <Tooltip
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
            fill="#86efac"
            fillOpacity={0.45}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="mean"
            name={t('history.mean')}
            stroke="#166534"
            strokeWidth={2.5}
            dot={{ r: 4, fill: '#166534', className: 'farm-history-dot' }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
