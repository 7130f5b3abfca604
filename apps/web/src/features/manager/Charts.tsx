import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface BarDatum {
  name: string;
  value: number;
  /** A second series (e.g. the quota next to what was used). */
  value2?: number;
}

const PALETTE = ['#166534', '#15803d', '#ca8a04', '#2563eb', '#9333ea', '#dc2626', '#0891b2', '#78716c'];

/**
 * Horizontal bars (names are long, in Arabic too). In RTL the name axis sits on the right and values grow
 * leftward, mirroring the page. The chart is decorative for assistive tech: the table beside it has the data.
 */
export function Bars({ data, rtl, series }: { data: readonly BarDatum[]; rtl: boolean; series: [string, string?] }) {
  const height = Math.max(160, data.length * (series[1] ? 48 : 36) + 48);
  return (
    // SVG text anchors follow the document direction: the chart itself is laid out LTR and mirrored by props.
    <div aria-hidden="true" dir="ltr" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={[...data]}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 8, left: 16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} reversed={rtl} />
          <YAxis
            type="category"
            dataKey="name"
            width={130}
            orientation={rtl ? 'right' : 'left'}
            interval={0}
            tick={{ fontSize: 12 }}
          />
          <Tooltip />
          {series[1] ? <Legend /> : null}
          <Bar dataKey="value" name={series[0]} fill="#15803d" radius={3} isAnimationActive={false} />
          {series[1] ? (
            <Bar dataKey="value2" name={series[1]} fill="#d6d3d1" radius={3} isAnimationActive={false} />
          ) : null}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function Donut({ data }: { data: readonly BarDatum[] }) {
  return (
    <div aria-hidden="true" dir="ltr" style={{ height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={[...data]}
            dataKey="value"
            nameKey="name"
            innerRadius={50}
            outerRadius={85}
            cy="42%"
            isAnimationActive={false}
            // Decorative: the table beside it carries the numbers, so the pie takes no keyboard stop.
            rootTabIndex={-1}
          >
            {data.map((d, i) => (
              <Cell key={d.name} fill={PALETTE[i % PALETTE.length]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface MonthColumn {
  month: string;
  [code: string]: number | string;
}

/** Stacked columns: one per month, one colour per index (decorative; the table beside it has the numbers). */
export function MonthlyColumns({
  data,
  keys,
  rtl,
}: {
  data: readonly MonthColumn[];
  keys: readonly string[];
  rtl: boolean;
}) {
  return (
    <div aria-hidden="true" dir="ltr" style={{ height: 280 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...data]} margin={{ top: 8, right: 16, bottom: 8, left: 16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" reversed={rtl} tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} orientation={rtl ? 'right' : 'left'} width={40} />
          <Tooltip />
          <Legend />
          {keys.map((key, i) => (
            <Bar
              key={key}
              dataKey={key}
              stackId="requests"
              fill={PALETTE[i % PALETTE.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
