import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon.tsx';
import type { PublicationImage } from './api.ts';
import { useLang } from './format.ts';
import { ProductImage } from './ProductImage.tsx';

/** A horizontal drag longer than this (px) turns the photo; shorter ones are taps. */
const SWIPE_PX = 40;

/** Wraparound step: from the last photo "next" goes to the first, from the first "previous" to the last. */
export const wrapIndex = (index: number, count: number) => (count === 0 ? 0 : ((index % count) + count) % count);

/**
 * The product photos (SPEC §2): previous/next with wraparound, a counter 'n / N', arrow keys and swipes.
 * Directions follow the reading direction: in Arabic (RTL) the next photo is to the left, so ArrowLeft and a
 * swipe to the right move forward there.
 */
export function Carousel({ images, name }: { images: readonly PublicationImage[]; name: string }) {
  const { t } = useTranslation('marketplace');
  const rtl = useLang() === 'ar';
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const count = images.length;
  const current = wrapIndex(index, count);
  const go = (step: number) => setIndex((i) => wrapIndex(i + step, count));

  if (count === 0) {
    return <ProductImage src={undefined} alt={t('details.noImage')} className="aspect-[4/3] w-full rounded-2xl" />;
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const forward = (e.key === 'ArrowRight') !== rtl;
    go(forward ? 1 : -1);
  };
  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    if (Math.abs(dx) < SWIPE_PX) return;
    // Dragging the photo towards the start of the line brings the next one in.
    const forward = rtl ? dx > 0 : dx < 0;
    go(forward ? 1 : -1);
  };

  const image = images[current];
  const navButton =
    'absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white/90 p-2 text-stone-900 shadow hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-700';

  return (
    <div
      role="region"
      aria-roledescription={t('carousel.role')}
      aria-label={t('carousel.label', { name })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="rounded-2xl focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:outline-none"
    >
      <div
        className="relative touch-pan-y overflow-hidden rounded-2xl bg-stone-100 select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        data-testid="carousel-stage"
      >
        <ProductImage
          key={image?.id}
          src={image?.imagePath}
          alt={t('carousel.photoAlt', { name, n: current + 1, total: count })}
          lazy={false}
          className="aspect-[4/3] w-full"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label={t('carousel.previous')}
              className={`${navButton} start-3`}
            >
              <Icon name="chevronPrev" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label={t('carousel.next')}
              className={`${navButton} end-3`}
            >
              <Icon name="chevronNext" />
            </button>
          </>
        ) : null}
        <p
          aria-live="polite"
          data-testid="carousel-counter"
          dir="ltr"
          className="absolute bottom-3 end-3 rounded-full bg-stone-950/70 px-3 py-1 text-sm font-semibold text-white"
        >
          {t('carousel.counter', { n: current + 1, total: count })}
        </p>
      </div>
      {count > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {images.map((img, i) => (
            <li key={img.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('carousel.goTo', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                className={`block overflow-hidden rounded-lg border-2 ${i === current ? 'border-brand-700' : 'border-transparent opacity-80 hover:opacity-100'}`}
              >
                <ProductImage src={img.thumbPath} alt="" className="size-16" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
