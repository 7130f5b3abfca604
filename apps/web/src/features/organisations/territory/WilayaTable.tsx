import { useTranslation } from 'react-i18next';
import { CONDITION_CLASSES, WILAYAS, type ConditionClass } from '@filaha/shared';
import type { TerritorySummary } from '@filaha/shared/contracts';
import { asLang, formatNumber } from '../../farm/format.ts';

const COLUMNS: Array<ConditionClass | null> = [...CONDITION_CLASSES, null];

/**
 * The territory per wilaya (issue 30 §3): each wilaya's parcels and area, and its parcels in each condition class —
 * of the parcels the filters keep (a crop filtered: that crop's). The outlines' source is named under the table.
 */
export function WilayaTable({ summary }: { summary: TerritorySummary }) {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const n = (v: number, digits = 0) => formatNumber(v, lang, digits);
  const byWilaya = new Map<number | null, { parcels: number; areaHa: number; classes: Map<string | null, number> }>();
  for (const r of summary.wilayas) {
    const w = byWilaya.get(r.wilaya) ?? { parcels: 0, areaHa: 0, classes: new Map<string | null, number>() };
    w.parcels += r.parcels;
    w.areaHa += r.areaHa;
    w.classes.set(r.class, (w.classes.get(r.class) ?? 0) + r.parcels);
    byWilaya.set(r.wilaya, w);
  }
  const rows = [...byWilaya].sort((a, b) => b[1].areaHa - a[1].areaHa);
  const nameOf = (id: number | null) => {
    const w = id === null ? undefined : WILAYAS.find((x) => x.id === id);
    return w ? `${String(w.id).padStart(2, '0')} — ${w[lang]}` : t('territory.wilayas.outside');
  };
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4" aria-labelledby="wilayas-title">
      <h2 id="wilayas-title" className="text-lg font-bold text-stone-900">
        {t('territory.wilayas.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('territory.wilayas.empty')}</p>
      ) : (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="wilayas-title">
          <table className="w-full text-start text-sm tabular-nums" data-testid="wilayas">
            <thead>
              <tr className="text-stone-600">
                <th scope="col" className="py-1 pe-2 text-start font-semibold">
                  {t('territory.wilayas.wilaya')}
                </th>
                <th scope="col" className="py-1 pe-2 text-start font-semibold">
                  {t('territory.wilayas.parcels')}
                </th>
                {COLUMNS.map((c) => (
                  <th key={c ?? 'none'} scope="col" className="py-1 pe-2 text-start font-semibold">
                    {t(`territory.class.${c ?? 'none'}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map(([id, w]) => (
                <tr key={id ?? 'none'} data-testid="wilaya-row">
                  <th scope="row" className="py-1 pe-2 text-start font-semibold text-stone-900">
                    {nameOf(id)}
                  </th>
                  <td className="py-1 pe-2">
                    {n(w.parcels)} · {n(w.areaHa, 1)} {t('territory.ha')}
                  </td>
                  {COLUMNS.map((c) => (
                    <td key={c ?? 'none'} className="py-1 pe-2">
                      {n(w.classes.get(c) ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-2 text-sm text-stone-600">
        {summary.wilayaSource
          ? t('territory.wilayas.source', { source: summary.wilayaSource })
          : t('territory.wilayas.noOutlines')}
      </p>
    </section>
  );
}
