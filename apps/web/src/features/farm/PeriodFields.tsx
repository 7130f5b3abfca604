import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClass } from '../../components/ui/fields.tsx';
import { changeRange, type DateRange } from './dateRange.ts';

interface PeriodFieldsProps {
  range: DateRange;
  onChange: (range: DateRange) => void;
}

/**
 * Start and end dates kept ≤ 6 days apart (SPEC §5): the other end follows and the SPEC's message says so.
 * Native date inputs hand over YYYY-MM-DD, the form the API takes.
 */
export function PeriodFields({ range, onChange }: PeriodFieldsProps) {
  const { t } = useTranslation('farm');
  const id = useId();
  const [clamped, setClamped] = useState(false);

  const change = (edge: 'start' | 'end', value: string) => {
    const next = changeRange(range, edge, value);
    setClamped(next.clamped);
    onChange(next.range);
  };

  return (
    <div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-start`} className="block text-sm font-medium text-stone-800">
            {t('period.start')}
          </label>
          <input
            id={`${id}-start`}
            type="date"
            value={range.start}
            onChange={(e) => change('start', e.target.value)}
            aria-describedby={`${id}-note`}
            className={`${controlClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="block text-sm font-medium text-stone-800">
            {t('period.end')}
          </label>
          <input
            id={`${id}-end`}
            type="date"
            value={range.end}
            onChange={(e) => change('end', e.target.value)}
            aria-describedby={`${id}-note`}
            className={`${controlClass} mt-1`}
          />
        </div>
      </div>
      <p
        id={`${id}-note`}
        role="status"
        className={`mt-1 text-sm ${clamped ? 'font-semibold text-amber-800' : 'text-stone-600'}`}
      >
        {clamped ? t('period.tooLong') : t('period.hint')}
      </p>
    </div>
  );
}
