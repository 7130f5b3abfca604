import { useId, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/ui/Icon.tsx';

const SERVICES = [
  { id: 'marketplace', icon: 'store' },
  { id: 'precision', icon: 'satellite' },
  { id: 'drilling', icon: 'drill' },
  { id: 'soil', icon: 'soil' },
] as const satisfies ReadonlyArray<{ id: string; icon: IconName }>;

/**
 * The four services of SPEC §1 in a scroll-snap track. Touch scrolls natively; a mouse or pen drags
 * (pointer capture), and the previous/next buttons serve the keyboard. scrollLeft is negative in RTL,
 * so edge checks use its absolute value and "next" scrolls toward the inline end.
 */
export function ServicesCarousel() {
  const { t } = useTranslation('home');
  const trackId = useId();
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; scroll: number } | null>(null);

  /** One card forward or back; past either end it wraps around, so both buttons always do something. */
  const step = (direction: 1 | -1) => {
    const el = track.current;
    const card = el?.firstElementChild;
    if (!el || !(card instanceof HTMLElement)) return;
    const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    const pos = Math.abs(el.scrollLeft);
    const max = el.scrollWidth - el.clientWidth;
    if (direction === 1 && pos >= max - 2) el.scrollTo({ left: 0 });
    else if (direction === -1 && pos <= 2) el.scrollTo({ left: max * sign });
    else el.scrollBy({ left: (card.offsetWidth + 16) * direction * sign });
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const el = track.current;
    if (e.pointerType === 'touch' || e.button !== 0 || !el) return;
    drag.current = { x: e.clientX, scroll: el.scrollLeft };
    el.setPointerCapture(e.pointerId);
    // Snapping and smooth scrolling would fight the pointer while dragging.
    el.style.scrollSnapType = 'none';
    el.style.scrollBehavior = 'auto';
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current && track.current) track.current.scrollLeft = drag.current.scroll - (e.clientX - drag.current.x);
  };
  const endDrag = () => {
    if (!drag.current || !track.current) return;
    drag.current = null;
    track.current.style.scrollSnapType = track.current.style.scrollBehavior = '';
  };

  return (
    <section aria-labelledby="services-title" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="services-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
              {t('services.title')}
            </h2>
            <p className="mt-2 max-w-2xl text-stone-700">{t('services.lead')}</p>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              aria-controls={trackId}
              aria-label={t('services.prev')}
              onClick={() => step(-1)}
              className="rounded-full border border-stone-300 bg-white p-2 text-stone-800 hover:bg-stone-100"
            >
              <Icon name="chevronPrev" className="size-5" />
            </button>
            <button
              type="button"
              aria-controls={trackId}
              aria-label={t('services.next')}
              onClick={() => step(1)}
              className="rounded-full border border-stone-300 bg-white p-2 text-stone-800 hover:bg-stone-100"
            >
              <Icon name="chevronNext" className="size-5" />
            </button>
          </div>
        </div>
        <p className="sr-only">{t('services.dragHint')}</p>
        <div role="region" aria-roledescription="carousel" aria-label={t('services.carouselLabel')} className="mt-8">
          <div
            id={trackId}
            ref={track}
            // Focusable so arrow keys scroll it too (and axe's scrollable-region rule holds).
            tabIndex={0}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            className="flex cursor-grab snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 select-none [scrollbar-width:none] active:cursor-grabbing"
          >
            {SERVICES.map((s, i) => (
              <div
                key={s.id}
                role="group"
                aria-roledescription="slide"
                aria-label={t('services.slide', { index: i + 1, total: SERVICES.length })}
                className="shrink-0 basis-[85%] snap-start sm:basis-[calc(50%-0.5rem)] lg:basis-[calc((100%-2rem)/3)]"
              >
                <article className="h-full rounded-2xl border border-brand-200 bg-brand-50 p-6">
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-800 text-white">
                    <Icon name={s.icon} className="size-6" />
                  </span>
                  <h3 className="mt-4 text-xl font-semibold text-stone-900">{t(`services.items.${s.id}.title`)}</h3>
                  <p className="mt-2 text-stone-700">{t(`services.items.${s.id}.text`)}</p>
                </article>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
