import '../../pages.css';
import { Suspense, useEffect, useId, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { AreaDef } from '../../app/areas.ts';
import { OfflineBanner } from '../../components/offline/OfflineBanner.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { LogoMark } from '../../components/ui/Logo.tsx';
import { onOutboxEvent, startOutbox } from '../../lib/outbox.ts';
import { queryClient } from '../../lib/queries.ts';
import { AlertBell } from '../alerts/AlertBell.tsx';
import { useMedia } from '../farm/useMedia.ts';
import { AreaGlyph } from './areaIcons.tsx';
import { Sidebar } from './Sidebar.tsx';

const COLLAPSED_KEY = 'sidebarCollapsed';
const MOBILE = '(max-width: 767.98px)';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Signed-in frame: a sidebar (collapsible to icons from 768 px, a drawer below it that closes after each
 * click) and the page. The closed drawer is `invisible`, so its links leave the tab order too.
 */
export function AreaLayout({ area }: { area: AreaDef }) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const sidebarId = useId();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // One bell (farmers): in the phone's header, above the page from 768 px.
  const phone = useMedia(MOBILE);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  // Forms kept without a connection are sent when it returns; what they changed is then read again.
  useEffect(() => {
    const stop = startOutbox();
    const unsubscribe = onOutboxEvent(({ entry }) => {
      if (entry.kind === 'stockMovement' || entry.kind === 'stockItem')
        void queryClient.invalidateQueries({ queryKey: ['stock'] });
      if (entry.kind === 'profile') void queryClient.invalidateQueries({ queryKey: ['users', 'profile'] });
    });
    return () => {
      stop();
      unsubscribe();
    };
  }, []);

  const toggleCollapsed = () =>
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // Remembering the choice is optional.
      }
      return !value;
    });

  const onNavigate = () => {
    if (window.matchMedia(MOBILE).matches) setDrawerOpen(false);
  };

  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-dvh bg-sand-50 md:flex">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {tc('nav.skipToContent')}
        </a>
        <header className="flex h-14 items-center gap-3 bg-brand-900 px-4 text-white md:hidden">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            aria-controls={sidebarId}
            aria-label={t('sidebar.open')}
            className="rounded-md p-2 hover:bg-white/10"
          >
            <AreaGlyph name="menu" className="size-6" />
          </button>
          <LogoMark className="size-8" />
          <span className="font-bold">{tc('brand.name')}</span>
          {phone ? <AlertBell className="ms-auto hover:bg-white/10" /> : null}
        </header>
        <div
          className={`fixed inset-y-0 start-0 z-40 w-72 transition-transform duration-200 md:sticky md:top-0 md:h-dvh ${
            drawerOpen ? 'translate-x-0' : 'max-md:invisible max-md:ltr:-translate-x-full max-md:rtl:translate-x-full'
          } ${collapsed ? 'md:w-20' : 'md:w-64'}`}
        >
          {drawerOpen ? (
            <button
              type="button"
              onClick={() => setDrawerOpen(false)}
              aria-label={t('sidebar.close')}
              className="absolute end-2 top-3 z-10 rounded-md p-2 text-white hover:bg-white/10 md:hidden"
            >
              <AreaGlyph name="close" />
            </button>
          ) : null}
          <Sidebar
            id={sidebarId}
            area={area}
            collapsed={collapsed}
            onToggleCollapsed={toggleCollapsed}
            onNavigate={onNavigate}
          />
        </div>
        {drawerOpen ? (
          <div
            aria-hidden="true"
            onClick={() => setDrawerOpen(false)}
            className="fixed inset-0 z-30 bg-stone-950/40 md:hidden"
          />
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-8">
          <div className="-mx-4 -mt-4 mb-4 md:-mx-8 md:-mt-8">
            <OfflineBanner />
          </div>
          {phone ? null : (
            <div className="-mt-4 mb-2 flex justify-end text-brand-900">
              <AlertBell />
            </div>
          )}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </QueryClientProvider>
  );
}
