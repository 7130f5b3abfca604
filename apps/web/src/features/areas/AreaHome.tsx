import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AreaDef } from '../../app/areas.ts';
import { useSession } from '../../app/session.tsx';
import { profileQuery } from '../../lib/queries.ts';
import { parseRole } from '../../lib/roles.ts';
import { AreaGlyph } from './areaIcons.tsx';

/**
 * The landing page of a role (ROLE_HOME): greets the user by name, shows the account type, offers
 * shortcuts to the area, and states plainly which part of this page is still being built.
 */
export function AreaHome({ area, title }: { area: AreaDef; title: string }) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const { session } = useSession();
  const profile = useQuery(profileQuery);
  const role = parseRole(profile.data?.roleName) ?? (session.status === 'authenticated' ? session.role : null);
  const name = profile.data?.userName;
  const intro =
    area.name === 'seller' ? t('home.seller') : area.name === 'manager' ? t('home.manager') : t('home.user');
  const pending =
    area.name === 'manager'
      ? { title: t('home.dashboardTitle'), text: t('home.dashboardText') }
      : { title: t('home.marketplaceTitle'), text: t('home.marketplaceText') };
  const shortcuts = area.routes.filter((r) => r.nav && r.page !== 'home');

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <header className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-950 p-6 text-white md:p-8">
        <p className="text-sm text-brand-100">{title}</p>
        <h1 className="mt-1 text-2xl font-bold md:text-3xl">
          {name ? t('home.greeting', { name }) : t('home.greetingAnonymous')}
        </h1>
        {role ? <p className="mt-2 text-brand-100">{t('home.role', { role: tc(`roles.${role}`) })}</p> : null}
        <p className="mt-4 max-w-2xl text-brand-50">{intro}</p>
      </header>

      {shortcuts.length > 0 ? (
        <section aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title" className="text-lg font-semibold text-stone-900">
            {t('home.shortcuts')}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {shortcuts.map((r) => (
              <li key={r.path}>
                <Link
                  to={`${area.base}/${r.path}`}
                  className="flex h-full items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 font-medium text-stone-800 hover:border-brand-600"
                >
                  <span className="rounded-lg bg-brand-100 p-2 text-brand-800">
                    <AreaGlyph name={r.icon} />
                  </span>
                  {t(r.label)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section
        aria-labelledby="pending-title"
        className="rounded-2xl border border-dashed border-sand-300 bg-white p-6"
      >
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="pending-title" className="text-lg font-semibold text-stone-900">
            {pending.title}
          </h2>
          <span className="rounded-full bg-sand-100 px-3 py-0.5 text-xs font-semibold text-sand-700">
            {t('prep.badge')}
          </span>
        </div>
        <p className="mt-2 text-stone-700">{pending.text}</p>
      </section>
    </div>
  );
}
