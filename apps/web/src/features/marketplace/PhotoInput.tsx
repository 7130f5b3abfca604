import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon.tsx';
import { AreaGlyph } from '../areas/areaIcons.tsx';
import { formatAmount, useLang } from './format.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_TYPES, screenPhotos, type PhotoRejection } from './productForm.ts';

interface PhotoInputProps {
  /** New files chosen so far (not uploaded yet). */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Photos the publication keeps already (edit form); they count towards the limit of 10. */
  kept?: number;
  /** The edit form lists the current photos first, so its picker is titled "new photos". */
  legend?: string;
}

/** Local previews; revoked when the list changes or the form goes away, so the memory is given back. */
function usePreviews(files: readonly File[]): string[] {
  const urls = useMemo(
    () => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : '')),
    [files],
  );
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/**
 * Photo picker with previews (SPEC §3 `images`): JPEG, PNG or WebP, 8 MB each, 10 per publication. Refused
 * files are named with the reason; the accepted ones can be removed before sending.
 */
export function PhotoInput({ files, onChange, kept = 0, legend }: PhotoInputProps) {
  const { t } = useTranslation('marketplace');
  const lang = useLang();
  const inputId = useId();
  const hintId = useId();
  const [rejected, setRejected] = useState<PhotoRejection[]>([]);
  const previews = usePreviews(files);
  const held = kept + files.length;
  const full = held >= MAX_PHOTOS;
  const limits = { max: MAX_PHOTOS, mb: formatAmount(MAX_PHOTO_BYTES / (1024 * 1024), lang) };

  const add = (list: FileList | null) => {
    const result = screenPhotos(held, Array.from(list ?? []));
    setRejected(result.rejected);
    if (result.accepted.length) onChange([...files, ...result.accepted]);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-stone-800">{legend ?? t('photos.legend')}</legend>
      <p id={hintId} className="text-xs text-stone-600">
        {t('photos.hint', limits)}{' '}
        <span data-testid="photo-count" dir="ltr" className="inline-block">
          {t('photos.count', { n: held, max: MAX_PHOTOS })}
        </span>
      </p>
      <div>
        <input
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(',')}
          disabled={full}
          aria-describedby={hintId}
          onChange={(e) => {
            add(e.target.files);
            // Choosing the same file again must fire a change too.
            e.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={`inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-brand-700 bg-brand-50 px-4 py-2.5 font-semibold text-brand-900 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 hover:bg-brand-100 ${
            full ? 'pointer-events-none opacity-60' : ''
          }`}
        >
          <AreaGlyph name="upload" className="size-5" />
          {full ? t('photos.full', limits) : t('photos.add')}
        </label>
      </div>
      {rejected.length ? (
        <ul role="alert" className="space-y-1 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {rejected.map((r, i) => (
            <li key={`${r.name}-${i}`}>{t(`photos.rejected.${r.reason}`, { name: r.name, ...limits })}</li>
          ))}
        </ul>
      ) : null}
      {files.length ? (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-5" aria-label={t('photos.newList')}>
          {files.map((file, i) => (
            <li key={`${file.name}-${file.size}-${i}`} className="relative" data-testid="photo-preview">
              {previews[i] ? (
                <img
                  src={previews[i]}
                  alt={t('photos.previewAlt', { name: file.name })}
                  className="aspect-square w-full rounded-lg object-cover"
                />
              ) : (
                <div className="flex aspect-square w-full items-center justify-center rounded-lg bg-stone-100 p-1 text-center text-xs break-all text-stone-700">
                  {file.name}
                </div>
              )}
              <button
                type="button"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={t('photos.remove', { name: file.name })}
                className="absolute end-1 top-1 rounded-full bg-white/95 p-1 text-red-800 shadow hover:bg-red-50"
              >
                <Icon name="close" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
