import { useTranslation } from 'react-i18next';
import type { PublicationImage } from './api.ts';
import { ProductImage } from './ProductImage.tsx';

interface CurrentPhotosProps {
  images: readonly PublicationImage[];
  removed: ReadonlySet<number>;
  onToggle: (id: number) => void;
}

/** The photos a publication has; each can be marked for removal (sent as `deletedImageIds`) and restored. */
export function CurrentPhotos({ images, removed, onToggle }: CurrentPhotosProps) {
  const { t } = useTranslation('marketplace');
  if (images.length === 0) return <p className="text-sm text-stone-600">{t('mine.noPhotos')}</p>;
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-5">
      {images.map((img, i) => {
        const gone = removed.has(img.id);
        return (
          <li key={img.id} data-testid="current-photo" data-removed={gone || undefined} className="space-y-1">
            <ProductImage
              src={img.thumbPath}
              alt={t('mine.photoAlt', { n: i + 1 })}
              className={`aspect-square w-full rounded-lg ${gone ? 'opacity-40 grayscale' : ''}`}
            />
            <button
              type="button"
              onClick={() => onToggle(img.id)}
              aria-pressed={gone}
              aria-label={gone ? t('mine.restorePhoto', { n: i + 1 }) : t('mine.removePhoto', { n: i + 1 })}
              className={`w-full rounded-md px-2 py-1 text-xs font-semibold ${
                gone ? 'bg-stone-200 text-stone-900 hover:bg-stone-300' : 'bg-red-50 text-red-800 hover:bg-red-100'
              }`}
            >
              {gone ? t('mine.restore') : t('mine.remove')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
