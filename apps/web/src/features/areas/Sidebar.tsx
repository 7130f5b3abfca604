import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { AreaDef } from '../../app/areas.ts';
import { useSession } from '../../app/session.tsx';
import { LanguageSwitch } from '../../components/ui/LanguageSwitch.tsx';
import { LogoMark } from '../../components/ui/Logo.tsx';
import { parseRole } from '../../lib/roles.ts';
import { call } from '../../lib/client.ts';
import { profileQuery } from '../../lib/queries.ts';
import { useMessagingStream, useUnreadCount } from '../messaging/live.ts';
import { AreaGlyph } from './areaIcons.tsx';

interface SidebarProps {
  area: AreaDef;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Called after any navigation click; the layout closes the drawer under 768 px. */
  onNavigate: () => void;
  id: string;
}

const itemClass = (collapsed: boolean) => (s: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    s.isActive ? 'bg-white text-brand-950' : 'text-brand-50 hover:bg-white/10'
  } ${collapsed ? 'md:justify-center md:px-0' : ''}`;

/** SPEC §2 sidebars: the area's items, Home, the user's real name and role, Ar/Fr, sign-out; collapsible to icons. */
export function Sidebar({ area, collapsed, onToggleCollapsed, onNavigate, id }: SidebarProps) {
  const { t } = useTranslation('layout');
  const { t: tc, i18n } = useTranslation();
  const { session, signOut } = useSession();
  const profile = useQuery(profileQuery);
  const role = parseRole(profile.data?.roleName) ?? (session.status === 'authenticated' ? session.role : null);
  const name = profile.data?.userName;
  // SPEC §2: the seller sidebar shows the seller's sub-type (Fournisseur, Coopérative…), not a placeholder.
  const userId = profile.data?.id;
  const sellerRole = useQuery({
    queryKey: ['userSellerRole', userId],
    queryFn: () => call('GET /userSellerRole/:userId', { params: { userId: userId! } }),
    enabled: role === 'Seller' && userId !== undefined,
    staleTime: Infinity,
  });
  const subType = sellerRole.data?.sellerRole;
  const subTypeName = (i18n.language === 'ar' && subType?.roleNameAr) || subType?.roleName;
  const hideLabel = collapsed ? 'md:sr-only' : '';
  const hasMessaging = area.routes.some((r) => r.page === 'messaging');
  // The sidebar lives as long as the signed-in area: it holds the tab's one live message stream.
  useMessagingStream(hasMessaging && session.status === 'authenticated');
  const unread = useUnreadCount(hasMessaging && session.status === 'authenticated');
  const { t: tm } = useTranslation('messaging');

  return (
    <nav id={id} aria-label={t('sidebar.label')} className="flex h-full flex-col gap-4 bg-brand-900 p-3 text-white">
      <div className={`flex items-center gap-2 ${collapsed ? 'md:flex-col' : ''}`}>
        <Link
          to="/"
          onClick={onNavigate}
          className="flex items-center gap-2 rounded-md"
          aria-label={tc('brand.homeLink')}
        >
          <LogoMark className="size-9 shrink-0" />
          <span className={`text-lg font-bold ${hideLabel}`}>{tc('brand.name')}</span>
        </Link>
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-pressed={collapsed}
          aria-controls={id}
          aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
          title={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
          className={`ms-auto hidden rounded-md p-2 hover:bg-white/10 md:block ${collapsed ? 'md:ms-0' : ''}`}
        >
          <AreaGlyph name="collapse" />
        </button>
      </div>

      <div className={`rounded-lg bg-white/10 p-3 ${collapsed ? 'md:hidden' : ''}`} data-testid="sidebar-user">
        <p className="truncate font-semibold">{name ?? (profile.isPending ? t('sidebar.loadingUser') : '')}</p>
        {role ? <p className="text-sm text-brand-100">{tc(`roles.${role}`)}</p> : null}
        {subTypeName ? (
          <p className="text-sm text-brand-100" data-testid="sidebar-seller-role">
            {subTypeName}
          </p>
        ) : null}
      </div>

      <ul className="flex flex-1 flex-col gap-1 overflow-y-auto">
        <li>
          <NavLink
            to="/"
            end
            onClick={onNavigate}
            className={itemClass(collapsed)}
            title={collapsed ? t('nav.home') : undefined}
          >
            <AreaGlyph name="home" />
            <span className={hideLabel}>{t('nav.home')}</span>
          </NavLink>
        </li>
        {area.routes
          .filter((r) => r.nav)
          .map((r) => (
            <li key={r.path}>
              <NavLink
                to={`${area.base}/${r.path}`}
                onClick={onNavigate}
                className={itemClass(collapsed)}
                title={collapsed ? t(r.label) : undefined}
              >
                <span className="relative">
                  <AreaGlyph name={r.icon} />
                  {r.page === 'messaging' && unread > 0 && collapsed ? (
                    <span
                      aria-hidden="true"
                      className="absolute -end-1 -top-1 hidden size-2.5 rounded-full bg-amber-400 md:block"
                    />
                  ) : null}
                </span>
                <span className={hideLabel}>{t(r.label)}</span>
                {r.page === 'messaging' && unread > 0 ? (
                  <span
                    className={`ms-auto rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-stone-900 ${hideLabel}`}
                    data-testid="unread-badge"
                    aria-label={tm('badge', { count: unread })}
                  >
                    {unread}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
      </ul>

      <div className={`flex flex-col gap-3 border-t border-white/15 pt-3 ${collapsed ? 'md:items-center' : ''}`}>
        {/* Collapsed to icons, the two language buttons stack to fit the narrow bar. */}
        <div className={collapsed ? 'md:[&>div]:flex-col' : ''}>
          <LanguageSwitch tone="dark" />
        </div>
        <button
          type="button"
          onClick={signOut}
          title={collapsed ? t('sidebar.signOut') : undefined}
          className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-brand-50 hover:bg-white/10 ${collapsed ? 'md:justify-center md:px-2' : ''}`}
        >
          <AreaGlyph name="signOut" />
          <span className={hideLabel}>{t('sidebar.signOut')}</span>
        </button>
      </div>
    </nav>
  );
}
