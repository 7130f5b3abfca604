import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSavedAt, useOnline, useSavedAt } from '../../lib/offline.ts';
import { OFFLINE_READY_EVENT } from '../../lib/storage.ts';

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
    <>
      <div role="status" aria-live="polite" data-testid="offline-banner" className={show ? undefined : 'sr-only'}>
        {show ? (
          <div className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
            {!online ? <p className="font-semibold">{t('offline.banner')}</p> : null}
            {savedAt !== null ? (
              <p data-testid="saved-on">
                {t(online ? 'offline.savedOnSlow' : 'offline.savedOn', {
                  date: formatSavedAt(savedAt, i18n.language),
                })}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {/* A live region of its own, always there: inside the banner's, hidden while online, the note was never seen. */}
      <div role="status" aria-live="polite">
        <OfflineReadyNote />
      </div>
    </>
  );
}

/** How long the note stays before it goes by itself. */
export const READY_NOTE_MS = 8_000;

const readyOnThisPage = () =>
  typeof window !== 'undefined' && (window as { filahaOfflineReady?: boolean }).filahaOfflineReady === true;

/**
 * "Ready to use offline", said once on a device when the service worker has kept the farmer's core and the first
 * visit's answers (lib/pwa.ts): from then on the farm map, the parcel page and the forms open without a network.
 * It comes whenever the worker is done, often while the farmer is tapping (the curve, a form), so it floats over the
 * bottom of the screen and lets every touch through: shown in the page's flow, it pushed the page down under the
 * finger for eight seconds, and a tap aimed at the curve landed above it.
 */
function OfflineReadyNote() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(readyOnThisPage);
  useEffect(() => {
    const show = () => setShown(true);
    window.addEventListener(OFFLINE_READY_EVENT, show);
    return () => window.removeEventListener(OFFLINE_READY_EVENT, show);
  }, []);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => {
      (window as { filahaOfflineReady?: boolean }).filahaOfflineReady = false;
      setShown(false);
    }, READY_NOTE_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  return (
    <p
      data-testid="offline-ready"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 mx-auto w-fit max-w-[90vw] rounded-lg border border-brand-200 bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-900 shadow-md"
    >
      {t('offline.ready')}
    </p>
  );
}
