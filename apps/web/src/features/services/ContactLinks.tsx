import { useTranslation } from 'react-i18next';
import { AppLink } from '../../app/navigation.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { telHref, usePublicSettings } from '../../lib/publicSettings.ts';
import { CONTACT } from '../home/content.ts';
import { MESSAGING_PATH } from './catalog.ts';

const linkClass =
  'flex min-w-0 items-center gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3 font-semibold text-stone-900 hover:border-brand-700 hover:bg-brand-50';

/** SPEC §2: contact through the social page, the messaging screen, or the phone. */
export function ContactLinks() {
  const { t } = useTranslation('services');
  const { t: tc } = useTranslation();
  const facebook = CONTACT.social.find((s) => s.network === 'facebook');
  const phone = usePublicSettings()?.contact.phone;
  return (
    <section aria-labelledby="services-contact" className="rounded-2xl bg-sand-100 p-5">
      <h2 id="services-contact" className="text-lg font-bold text-stone-900">
        {t('contact.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('contact.text')}</p>
      {/* Three across under the form on tablets; stacked when the block sits in the narrow side column. */}
      <ul className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
        {facebook ? (
          <li>
            <a href={facebook.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <Icon name="facebook" className="size-5 shrink-0 text-brand-800" />
              <span>
                {t('contact.social')}
                <span className="sr-only"> {tc('footer.newTab')}</span>
              </span>
            </a>
          </li>
        ) : null}
        <li>
          <AppLink to={MESSAGING_PATH} className={linkClass}>
            <Icon name="mail" className="size-5 shrink-0 text-brand-800" />
            <span>{t('contact.messaging')}</span>
          </AppLink>
        </li>
        {phone ? (
          <li>
            <a href={telHref(phone)} className={linkClass}>
              <Icon name="phone" className="size-5 shrink-0 text-brand-800" />
              <span>
                {t('contact.phone')}
                {/* The number on its own line: split across lines it would read out of order in Arabic. */}
                <span className="block whitespace-nowrap">
                  <bdi dir="ltr">{phone}</bdi>
                </span>
              </span>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
