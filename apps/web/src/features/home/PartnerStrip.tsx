import { useTranslation } from 'react-i18next';
import { PARTNERS, type Partner } from './content.ts';

const COPIES = [0, 1, 2] as const;

/** A text monogram in the partner's colour: our own drawing, not the institution's trademark. */
function PartnerLogo({ partner }: { partner: Partner }) {
  const width = 28 + partner.monogram.length * 13;
  return (
    <svg viewBox={`0 0 ${width} 44`} className="h-11 w-auto shrink-0" aria-hidden="true" focusable="false">
      <rect width={width} height="44" rx="10" fill={partner.color} />
      <text
        x={width / 2}
        y="28.5"
        textAnchor="middle"
        fill="#fff"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize="17"
        fontWeight="700"
        letterSpacing="1"
      >
        {partner.monogram}
      </text>
    </svg>
  );
}

/**
 * Auto-scrolling strip (25 s per loop, 10 s on phones) built from three copies so the loop is seamless.
 * It pauses on hover or keyboard focus; under prefers-reduced-motion it stands still as one wrapped list.
 * Copies two and three are hidden from assistive technology and the tab order.
 */
export function PartnerStrip() {
  const { t, i18n } = useTranslation('home');
  const { t: tc } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  return (
    <section aria-labelledby="partners-title" className="bg-sand-100 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="partners-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
          {t('partners.title')}
        </h2>
        <p className="mt-2 text-stone-700">{t('partners.lead')}</p>
      </div>
      <div className="mx-auto mt-8 max-w-6xl overflow-hidden px-4 [mask-image:linear-gradient(to_right,transparent,#000_4%,#000_96%,transparent)] motion-reduce:[mask-image:none]">
        <ul
          data-testid="partner-strip"
          className="flex w-max animate-marquee [--marquee-duration:10s] hover:[animation-play-state:paused] focus-within:[animation-play-state:paused] motion-reduce:w-full motion-reduce:animate-none motion-reduce:flex-wrap motion-reduce:gap-y-4 md:[--marquee-duration:25s] rtl:[--marquee-direction:1]"
        >
          {COPIES.map((copy) =>
            PARTNERS.map((p) => (
              <li
                key={`${copy}-${p.id}`}
                aria-hidden={copy > 0 ? true : undefined}
                className={`shrink-0 pe-5 ${copy > 0 ? 'motion-reduce:hidden' : ''}`}
              >
                <a
                  href={p.website}
                  target="_blank"
                  rel="noopener"
                  tabIndex={copy > 0 ? -1 : undefined}
                  className="flex w-72 items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 hover:border-brand-600"
                >
                  <PartnerLogo partner={p} />
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold text-stone-900">{p.name[lang]}</span>
                    <span className="mt-1 block text-xs text-stone-600">{p.description[lang]}</span>
                    <span className="sr-only">{tc('footer.newTab')}</span>
                  </span>
                </a>
              </li>
            )),
          )}
        </ul>
      </div>
    </section>
  );
}
