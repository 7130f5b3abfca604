import { useState } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';

interface ProductImageProps {
  src: string | undefined;
  alt: string;
  className?: string;
  /** Card thumbnails load lazily; the carousel's current photo loads at once. */
  lazy?: boolean;
}

/** A product photo, or a neutral placeholder when there is none or it fails to load (SPEC §2). */
export function ProductImage({ src, alt, className = '', lazy = true }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        data-testid="image-placeholder"
        className={`flex items-center justify-center bg-gradient-to-br from-sand-100 to-brand-50 text-brand-700 ${className}`}
      >
        <Icon name="leaf" className="size-12 opacity-60" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      // Dragging a photo must swipe the carousel, not start the browser's image drag-and-drop.
      draggable={false}
      onError={() => setFailedSrc(src)}
      className={`object-cover ${className}`}
    />
  );
}

/** Grey blocks in the shape of a product card while the first page loads. */
export function CardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse overflow-hidden rounded-2xl border border-stone-200 bg-white">
      <div className="aspect-[4/3] bg-stone-200" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-3/4 rounded bg-stone-200" />
        <div className="h-5 w-1/3 rounded bg-stone-200" />
        <div className="h-3 w-2/3 rounded bg-stone-200" />
        <div className="h-3 w-1/2 rounded bg-stone-200" />
      </div>
    </div>
  );
}
