import { useTranslation } from 'react-i18next';
import { formatSavedAt } from '../../lib/offline.ts';
import { asLang, formatDay } from './format.ts';
import type { SavedResultState } from './savedResult.ts';

/**
 * What the farm map says about a saved result (savedResult.ts): the last result of the parcel × index, "saved on
 * <date>" like the parcel page and the history, or that this device holds none.
 */
export function SavedResultNote({ saved }: { saved: SavedResultState }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  if (saved.kind === 'off') return null;
  if (saved.kind === 'loading') {
    return (
      <p role="status" data-testid="farm-saved-result" className="text-sm text-stone-700">
        {t('savedResult.loading')}
      </p>
    );
  }
  if (saved.kind === 'none') {
    return (
      <p
        role="status"
        data-testid="farm-saved-result"
        data-state="none"
        className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
      >
        {t('savedResult.none')}
      </p>
    );
  }
  return (
    <div
      role="status"
      data-testid="farm-saved-result"
      data-state="shown"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold" data-testid="saved-copy">
        {t('savedResult.savedOn', { date: formatSavedAt(saved.savedAt, i18n.language) })}
      </p>
      <p>
        {t('savedResult.period', {
          start: formatDay(saved.period.start, lang),
          end: formatDay(saved.period.end, lang),
        })}
      </p>
    </div>
  );
}
