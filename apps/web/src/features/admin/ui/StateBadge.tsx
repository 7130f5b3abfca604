import { useTranslation } from 'react-i18next';
import type { SubscriptionState } from '@filaha/shared';
import { FilterSelect } from './FilterSelect.tsx';

/** SPEC §2: state 'actif' in green, otherwise red; the text says it too (colour is never the only cue). */
export function StateBadge({ etat }: { etat: SubscriptionState }) {
  const { t } = useTranslation('admin');
  const active = etat === 'actif';
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        active ? 'bg-brand-100 text-brand-900' : 'bg-red-100 text-red-900'
      }`}
    >
      {active ? t('common.states.active') : t('common.states.inactive')}
    </span>
  );
}

/** A state select for the subscription tables ('' = every state). */
export function StateFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <FilterSelect
      label={t('common.stateFilter')}
      allLabel={t('common.states.all')}
      options={[
        { value: 'actif', label: t('common.states.active') },
        { value: 'désactivé', label: t('common.states.inactive') },
      ]}
      value={value}
      onChange={onChange}
      className="sm:w-48"
    />
  );
}
