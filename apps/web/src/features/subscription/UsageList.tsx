import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/Loading.tsx';
import { usageQuery } from './api.ts';
import { formatNumber, type Lang } from './format.ts';
import { UsageBar } from './UsageBar.tsx';

/**
 * Total, used and remaining requests per index, with the usage bar (SPEC §2). Usage rows exist once the
 * subscription was activated; before that (or if the call fails) the SPEC's "not available" text shows.
 */
export function UsageList({ subscriptionId }: { subscriptionId: number }) {
  const { t, i18n } = useTranslation('subscription');
  const lang: Lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const usage = useQuery(usageQuery(subscriptionId));
  if (usage.isPending) return <Loading className="py-4" />;
  if (usage.isError || usage.data.length === 0)
    return <p className="text-sm text-stone-600">{t('usage.unavailable')}</p>;
  const n = (v: number) => formatNumber(v, lang);
  return (
    <ul className="space-y-3">
      {usage.data.map((row) => (
        <li key={row.indice_id} className="rounded-xl border border-stone-200 p-4" data-testid="usage-row">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h5 className="font-semibold text-stone-900">{row.indiceName}</h5>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
              <div className="flex gap-1">
                <dt>{t('usage.total')}</dt>
                <dd className="font-semibold text-stone-900">{n(row.nbreq_total)}</dd>
              </div>
              <div className="flex gap-1">
                <dt>{t('usage.used')}</dt>
                <dd className="font-semibold text-stone-900">{n(row.nbreq_used)}</dd>
              </div>
              <div className="flex gap-1">
                <dt>{t('usage.remaining')}</dt>
                <dd className="font-semibold text-stone-900">{n(Math.max(0, row.nbreq_restante))}</dd>
              </div>
            </dl>
          </div>
          <div className="mt-2">
            <UsageBar
              used={row.nbreq_used}
              total={row.nbreq_total}
              label={t('usage.barLabel', { name: row.indiceName })}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
