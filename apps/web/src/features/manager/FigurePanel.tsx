import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/Loading.tsx';
import type { BarDatum } from './Charts.tsx';

// recharts loads after the figures are on screen, in its own chunk.
const Bars = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.Bars })));
const Donut = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.Donut })));

interface Props {
  title: string;
  data: readonly BarDatum[];
  kind?: 'bars' | 'donut';
  /** Column headers of the table: the label, then one per series. */
  headers: [string, string, string?];
  loading?: boolean;
  error?: string | null;
  footer?: ReactNode;
}

/** One dashboard figure: a chart (hidden from screen readers) and the same numbers as a table. */
export function FigurePanel({ title, data, kind = 'bars', headers, loading, error, footer }: Props) {
  const { t, i18n } = useTranslation('manager');
  const headingId = useId();
  const rtl = i18n.language === 'ar';
  const empty = !loading && !error && data.every((d) => d.value === 0 && !d.value2);
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {loading ? <Loading className="py-8" /> : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {empty ? <p className="mt-3 text-stone-600">{t('empty')}</p> : null}
      {!loading && !error && !empty ? (
        <>
          <div className="mt-3">
            <Suspense fallback={<Loading className="py-8" />}>
              {kind === 'donut' ? (
                <Donut data={data} />
              ) : (
                <Bars data={data} rtl={rtl} series={[headers[1], headers[2]]} />
              )}
            </Suspense>
          </div>
          {/* Long lists scroll inside the panel; the region takes the focus so keyboards can scroll it too. */}
          <div
            className="mt-3 max-h-64 overflow-y-auto"
            tabIndex={0}
            role="region"
            aria-label={t('tableOf', { title })}
          >
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="sticky top-0 bg-stone-50 text-stone-700">
                <tr>
                  {headers.filter(Boolean).map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 text-start font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {data.map((d) => (
                  <tr key={d.name}>
                    <th scope="row" className="px-3 py-1.5 text-start font-normal">
                      {d.name}
                    </th>
                    <td className="px-3 py-1.5 tabular-nums">{d.value}</td>
                    {headers[2] ? <td className="px-3 py-1.5 tabular-nums">{d.value2 ?? 0}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {footer}
        </>
      ) : null}
    </section>
  );
}
