import { useTranslation } from 'react-i18next';
import { usagePercent } from './format.ts';

/**
 * The share of an index quota already used (SPEC §2), capped at 100 % even if the counters disagree
 * (used > total). Exposed as a progressbar whose value text says the counts, not only the percentage.
 */
export function UsageBar({ used, total, label }: { used: number; total: number; label: string }) {
  const { t } = useTranslation('subscription');
  const percent = usagePercent(used, total);
  const tone = percent >= 100 ? 'bg-red-700' : percent >= 80 ? 'bg-amber-600' : 'bg-brand-700';
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('usage.valueText', { percent, used, total })}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
      <span className="w-12 text-end text-sm font-semibold text-stone-800 tabular-nums" dir="ltr">
        {percent}%
      </span>
    </div>
  );
}
