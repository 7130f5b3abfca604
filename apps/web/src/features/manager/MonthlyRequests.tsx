import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouteData } from '@filaha/shared/contracts';
import { Loading } from '../../components/ui/Loading.tsx';
import { call } from '../../lib/client.ts';
import { useFormat } from '../../lib/format.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { LOCALE } from '../marketplace/format.ts';
import { dateFormat } from '../../lib/intl.ts';

const MonthlyColumns = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.MonthlyColumns })));

/** GET /api/stats/requests-per-month */
export type RequestsPerMonth = RouteData<'GET /stats/requests-per-month'>;

const PERIODS = [3, 6, 12] as const;

/** "août 2025" / "أوت 2025": a `YYYY-MM` month in the page's language. */
export function formatMonth(month: string, lang: 'ar' | 'fr'): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return dateFormat(LOCALE[lang], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, m - 1, 1),
  );
}

/** Requests used per index, month by month (the charged image requests), over 3, 6 or 12 months. */
export function MonthlyRequests() {
  const { t, i18n } = useTranslation('manager');
  const fmt = useFormat();
  const errorText = useErrorText();
  const headingId = useId();
  const [months, setMonths] = useState<(typeof PERIODS)[number]>(6);
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const query = useQuery({
    queryKey: ['manager', 'requestsPerMonth', months],
    queryFn: () => call('GET /stats/requests-per-month', { query: { months } }),
  });
  const data = query.data;
  const empty = data !== undefined && data.series.every((s) => s.counts.every((c) => c === 0));
  const columns = (data?.months ?? []).map((month, i) => ({
    month: formatMonth(month, lang),
    ...Object.fromEntries((data?.series ?? []).map((s) => [s.code, s.counts[i] ?? 0])),
  }));

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5 lg:col-span-2"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-stone-900">
          {t('figures.requestsOverTime')}
        </h2>
        <label className="flex items-center gap-2 text-sm text-stone-700">
          {t('period.label')}
          <select
            value={months}
            onChange={(e) => setMonths(Number(e.target.value) as (typeof PERIODS)[number])}
            className="rounded-lg border border-stone-300 bg-white px-2 py-1 text-stone-900"
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t('period.months', { count: p })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isPending ? <Loading className="py-8" /> : null}
      {query.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {errorText(query.error)}
        </p>
      ) : null}
      {empty ? <p className="mt-3 text-stone-600">{t('empty')}</p> : null}
      {data && !empty ? (
        <>
          <div className="mt-3">
            <Suspense fallback={<Loading className="py-8" />}>
              <MonthlyColumns data={columns} keys={data.series.map((s) => s.code)} rtl={lang === 'ar'} />
            </Suspense>
          </div>
          <div
            className="mt-3 overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={t('tableOf', { title: t('figures.requestsOverTime') })}
          >
            <table className="w-full text-sm" data-testid="requests-per-month">
              <caption className="sr-only">{t('figures.requestsOverTime')}</caption>
              <thead className="bg-stone-50 text-stone-700">
                <tr>
                  <th scope="col" className="px-2 py-1.5 text-start font-semibold">
                    {t('columns.index')}
                  </th>
                  {data.months.map((m) => (
                    <th key={m} scope="col" className="px-2 py-1.5 text-end font-semibold whitespace-nowrap">
                      {formatMonth(m, lang)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.series.map((s) => (
                  <tr key={s.code} className="border-t border-stone-100">
                    <th scope="row" className="px-2 py-1.5 text-start font-medium text-stone-900">
                      {s.code}
                    </th>
                    {s.counts.map((c, i) => (
                      <td key={data.months[i]} className="px-2 py-1.5 text-end tabular-nums">
                        {fmt.number(c, 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
