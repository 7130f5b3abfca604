import { lazy } from 'react';
import { useTranslation } from 'react-i18next';

/** The compare mode and its two maps load when the farmer opens it (a Suspense around it on the page). */
export const CompareMode = lazy(() => import('./CompareMode.tsx').then((m) => ({ default: m.CompareMode })));

/** Switches the farm map between the ordinary index map and the "compare two dates" mode. */
export function CompareToggle({ on, onToggle }: { on: boolean; onToggle: (on: boolean) => void }) {
  const { t } = useTranslation('farm');
  return (
    <button
      type="button"
      aria-pressed={on}
      data-testid="compare-toggle"
      onClick={() => onToggle(!on)}
      className={`min-h-11 w-full rounded-lg border px-4 py-2 text-sm font-semibold ${on ? 'border-brand-800 bg-brand-800 text-white' : 'border-brand-700 bg-white text-brand-900 hover:bg-brand-50'}`}
    >
      {on ? t('compare.leave') : t('compare.enter')}
    </button>
  );
}
