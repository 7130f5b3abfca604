import { useTranslation } from 'react-i18next';
import { formatSavedAt, useSavedAt } from '../../lib/offline.ts';

/**
 * "Saved on <date>" beside data that came from a kept copy (lib/offline.ts): the answers under `prefix`
 * (an API path such as `/request/image`) that the service worker served instead of the network.
 */
export function SavedCopyNote({ prefix }: { prefix: string }) {
  const { t, i18n } = useTranslation();
  const savedAt = useSavedAt(prefix);
  if (savedAt === null) return null;
  return (
    <p data-testid="saved-copy" className="mt-2 rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-950">
      {t('offline.savedCopy', { date: formatSavedAt(savedAt, i18n.language) })}
    </p>
  );
}
