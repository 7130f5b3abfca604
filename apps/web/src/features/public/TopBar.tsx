import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon.tsx';
import { LanguageSwitch } from '../../components/ui/LanguageSwitch.tsx';
import { LogoMark } from '../../components/ui/Logo.tsx';
import { AppLink, useNavigation } from '../../app/navigation.tsx';
import { useSession } from '../../app/session.tsx';
import { homeOf } from '../../lib/roles.ts';

const LINKS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/offre', key: 'nav.offers', end: false },
  { to: '/about', key: 'nav.about', end: false },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-100 text-brand-900' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
  }`;

/** Public top bar: links, sign-in (or the signed-in user's space), Ar/Fr; a burger menu under 768 px. */
export function TopBar() {
  const { t } = useTranslation();
  const { session, signOut } = useSession();
  const { pathname } = useNavigation();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  // A new page closes the mobile menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const button = 'rounded-md px-4 py-2 text-sm font-semibold';
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <AppLink to="/" aria-label={t('brand.homeLink')} className="flex items-center gap-2 rounded-md">
          <LogoMark />
          <span className="text-lg font-bold text-brand-900">{t('brand.name')}</span>
        </AppLink>
        <button
          type="button"
          className="ms-auto rounded-md p-2 text-stone-800 hover:bg-stone-100 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpen((v) => !v)}
        >
          <Icon name={open ? 'close' : 'menu'} className="size-6" />
        </button>
        {/* One menu for every width: a drop-down panel under 768 px, an inline bar above. */}
        <div
          id={menuId}
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-16 flex-col gap-3 border-b border-stone-200 bg-white p-4 md:static md:flex md:flex-1 md:flex-row md:items-center md:border-0 md:p-0`}
        >
          <nav aria-label={t('nav.label')} className="md:ms-4">
            <ul className="flex flex-col gap-1 md:flex-row">
              {LINKS.map((l) => (
                <li key={l.to}>
                  <AppLink to={l.to} end={l.end} className={linkClass}>
                    {t(l.key)}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-wrap items-center gap-3 md:ms-auto">
            <LanguageSwitch />
            {session.status === 'authenticated' ? (
              <>
                <AppLink to={homeOf(session.role)} className={`${button} bg-brand-800 text-white hover:bg-brand-900`}>
                  {t('nav.mySpace')}
                </AppLink>
                <button type="button" onClick={signOut} className={`${button} text-stone-700 hover:bg-stone-100`}>
                  {t('nav.signOut')}
                </button>
              </>
            ) : (
              <AppLink to="/auth/SignIn" className={`${button} bg-brand-800 text-white hover:bg-brand-900`}>
                {t('nav.signIn')}
              </AppLink>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
