import { useTranslation } from 'react-i18next';
import { AppLink } from '../../app/navigation.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { LogoMark } from '../../components/ui/Logo.tsx';
import { telHref, usePublicSettings } from '../../lib/publicSettings.ts';
import { CONTACT } from '../home/content.ts';

const LINKS = [
  ['/', 'nav.home'],
  ['/offre', 'nav.offers'],
  ['/about', 'nav.about'],
  ['/auth/SignUp', 'nav.signUp'],
] as const;

const listClass = 'mt-3 flex flex-col gap-3 text-sm text-brand-100';
const linkClass = 'hover:text-white hover:underline';

/**
 * Site footer: about, links, the deployment's contact details (tel:, mailto:, address — each only when set, after
 * the page has loaded, so the prerendered home hydrates unchanged), social links, copyright.
 */
export function Footer() {
  const { t } = useTranslation();
  const settings = usePublicSettings();
  const { phone, email, address } = settings?.contact ?? { phone: null, email: null, address: null };
  const contact = [
    phone
      ? {
          icon: 'phone' as const,
          label: t('footer.phone'),
          body: (
            <a href={telHref(phone)} dir="ltr" className={linkClass}>
              {phone}
            </a>
          ),
        }
      : null,
    email
      ? {
          icon: 'mail' as const,
          label: t('footer.email'),
          body: (
            <a href={`mailto:${email}`} className={linkClass}>
              {email}
            </a>
          ),
        }
      : null,
    address ? { icon: 'pin' as const, label: t('footer.address'), body: <span>{address}</span> } : null,
  ].filter((c) => c !== null);
  return (
    <footer className="bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <div className="flex items-center gap-2">
            <LogoMark />
            <span className="text-lg font-bold">{t('brand.name')}</span>
          </div>
          <p className="mt-3 max-w-md text-sm text-brand-100">{t('footer.about')}</p>
          <h2 className="mt-6 text-sm font-semibold">{t('footer.followUs')}</h2>
          <ul className="mt-3 flex gap-2">
            {CONTACT.social.map((s) => (
              <li key={s.network}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                >
                  <Icon name={s.network} />
                  <span className="sr-only">
                    {t(`social.${s.network}`)} {t('footer.newTab')}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label={t('footer.linksTitle')}>
          <h2 className="text-sm font-semibold">{t('footer.linksTitle')}</h2>
          <ul className={listClass}>
            {LINKS.map(([to, key]) => (
              <li key={to}>
                <AppLink className={linkClass} to={to}>
                  {t(key)}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        {contact.length > 0 ? (
          <address className="not-italic">
            <h2 className="text-sm font-semibold">{t('footer.contactTitle')}</h2>
            <ul className={listClass}>
              {contact.map((c) => (
                <li key={c.icon} className="flex items-center gap-2">
                  <Icon name={c.icon} className="size-4 shrink-0" />
                  <span className="sr-only">{c.label}</span>
                  {c.body}
                </li>
              ))}
            </ul>
          </address>
        ) : null}
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs text-brand-100">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
