import { useTranslation } from 'react-i18next';
import { formatSavedAt, useOnline, useSavedAt } from '../../lib/offline.ts';

/**
 * The connection's state for the signed-in areas and the public pages: without a network, a banner says so
 * (what stays readable, that forms are kept); when what the page shows came from a kept copy (offline, or the
 * network gave no answer in time), it says when that copy was saved. A polite live region, so a screen reader
 * hears the change without losing its place.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const savedAt = useSavedAt();
  const show = !online || savedAt !== null;
  return (
    <div role="status" aria-live="polite" data-testid="offline-banner" className={show ? undefined : 'sr-only'}>
      {show ? (
        <div className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
          {!online ? <p className="font-semibold">{t('offline.banner')}</p> : null}
          {savedAt !== null ? (
            <p data-testid="saved-on">
              {t(online ? 'offline.savedOnSlow' : 'offline.savedOn', { date: formatSavedAt(savedAt, i18n.language) })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
