import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/Icon.tsx';
import { ContactLinks } from './ContactLinks.tsx';
import { usePublicSettings } from '../../lib/publicSettings.ts';
import { formatDinars, INCLUDES, serviceByKey, SERVICES, type ServiceDef } from './catalog.ts';
import { ServiceRequestForm } from './ServiceRequestForm.tsx';

const PARAM = 'service';

/**
 * /user/service-offert (SPEC §2): the four services, a detail view for each (`?service=<key>`, so it can be
 * linked and the back button works), contact links and the request form.
 */
export function ServicesPage() {
  const { t } = useTranslation('services');
  const [params, setParams] = useSearchParams();
  const current = serviceByKey(params.get(PARAM));
  const heading = useRef<HTMLHeadingElement>(null);

  // Moving between the list and a detail view replaces the page's main content: focus its heading.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [current?.key]);

  const open = (key: string | null) => setParams(key ? { [PARAM]: key } : {});

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {t('title')}
      </h1>
      {current ? (
        <ServiceDetail service={current} headingRef={heading} onBack={() => open(null)} />
      ) : (
        <>
          <p className="mt-2 max-w-3xl text-stone-700">{t('lead')}</p>
          <h2 ref={heading} tabIndex={-1} className="sr-only">
            {t('listTitle')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {SERVICES.map((s) => (
              <li key={s.key}>
                <ServiceCard service={s} onOpen={() => open(s.key)} />
              </li>
            ))}
          </ul>
          <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
            <ServiceRequestForm />
            <ContactLinks />
          </div>
        </>
      )}
    </section>
  );
}

function PriceFrom({ service }: { service: ServiceDef }) {
  const { t, i18n } = useTranslation('services');
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const amount = usePublicSettings()?.servicePrices[service.price];
  return <>{amount ? t('priceFrom', { price: formatDinars(amount, lang) }) : t('onQuote')}</>;
}

function ServiceCard({ service, onOpen }: { service: ServiceDef; onOpen: () => void }) {
  const { t } = useTranslation('services');
  return (
    <article className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="rounded-xl bg-brand-100 p-2.5 text-brand-800">
          <Icon name={service.icon} className="size-6" />
        </span>
        <h3 className="text-lg font-bold text-stone-900">{t(`items.${service.key}.title`)}</h3>
      </div>
      <p className="mt-3 flex-1 text-sm leading-relaxed text-stone-700">{t(`items.${service.key}.summary`)}</p>
      <p className="mt-3 font-semibold text-brand-900">
        <PriceFrom service={service} />
      </p>
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('details.openLabel', { name: t(`items.${service.key}.title`) })}
        className="mt-4 self-start rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50"
      >
        {t('details.open')}
      </button>
    </article>
  );
}

interface DetailProps {
  service: ServiceDef;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
}

function ServiceDetail({ service, headingRef, onBack }: DetailProps) {
  const { t } = useTranslation('services');
  const key = service.key;
  return (
    <div className="mt-4">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-900 hover:bg-brand-50"
      >
        <Icon name="chevronPrev" className="size-4" />
        {t('details.back')}
      </button>
      <article className="mt-3 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <div className="flex items-center gap-3">
          <span className="rounded-xl bg-brand-100 p-2.5 text-brand-800">
            <Icon name={service.icon} className="size-7" />
          </span>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-stone-900 focus:outline-none">
            {t(`items.${key}.title`)}
          </h2>
        </div>
        <p className="mt-4 leading-relaxed text-stone-800">{t(`items.${key}.details`)}</p>
        <h3 className="mt-5 font-semibold text-stone-900">{t('details.includes')}</h3>
        <ul className="mt-2 space-y-1.5">
          {INCLUDES.map((i) => (
            <li key={i} className="flex items-start gap-2 text-stone-800">
              <Icon name="check" className="mt-1 size-4 shrink-0 text-brand-700" />
              <span>{t(`items.${key}.includes.${i}`)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-5 text-lg font-bold text-brand-900">
          <PriceFrom service={service} />
        </p>
        <p className="mt-1 text-sm text-stone-600">{t('details.priceNote')}</p>
      </article>
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <ServiceRequestForm serviceKey={key} />
        <ContactLinks />
      </div>
    </div>
  );
}
