import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon.tsx';
import { AreaGlyph } from '../areas/areaIcons.tsx';
import { formatAmount, useLang } from './format.ts';
import { browserCodec, preparePhoto, type ImageCodec } from './photoPrep.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_TYPES, screenPhotos, type PhotoRejection } from './productForm.ts';

interface PhotoInputProps {
  /** New files chosen so far (not uploaded yet). */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Photos the publication keeps already (edit form); they count towards the limit of 10. */
  kept?: number;
  /** The edit form lists the current photos first, so its picker is titled "new photos". */
  legend?: string;
  /** While the form uploads: each new photo's share sent, 0…1, in the order of `files`. */
  progress?: readonly number[] | null;
  /** Decodes and re-encodes the chosen photos (photoPrep.ts); the browser's by default, a fake in tests. */
  codec?: ImageCodec | null;
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
 * Photo picker with previews (SPEC §3 `images`): JPEG, PNG or WebP, 8 MB each once prepared, 10 per publication. Refused
 * files are named with the reason; the accepted ones can be removed before sending. Each accepted photo is
 * resized and re-encoded before it is listed (photoPrep.ts); one the browser cannot read is refused alone.
 */
export function PhotoInput({ files, onChange, kept = 0, legend, progress, codec }: PhotoInputProps) {
  const { t } = useTranslation('marketplace');
  const lang = useLang();
  const inputId = useId();
  const hintId = useId();
  const [rejected, setRejected] = useState<PhotoRejection[]>([]);
  const [preparing, setPreparing] = useState(0);
  const previews = usePreviews(files);
  const codecRef = useRef<ImageCodec | null | undefined>(codec);
  if (codec !== undefined) codecRef.current = codec;
  // The list as it is when a preparation ends (the seller may have removed a photo meanwhile).
  const latest = useRef(files);
  latest.current = files;
  const held = kept + files.length;
  const full = held >= MAX_PHOTOS;
  const limits = { max: MAX_PHOTOS, mb: formatAmount(MAX_PHOTO_BYTES / (1024 * 1024), lang) };

  const add = async (list: FileList | null) => {
    if (codecRef.current === undefined) codecRef.current = browserCodec();
    const codecNow = codecRef.current;
    // With a codec the size is checked once the photo is prepared (a heavy camera photo is made small first).
    const result = screenPhotos(held + preparing, Array.from(list ?? []), { checkSize: codecNow === null });
    setRejected(result.rejected);
    if (!result.accepted.length) return;
    setPreparing((n) => n + result.accepted.length);
    const prepared = await Promise.all(result.accepted.map((f) => preparePhoto(f, codecNow)));
    setPreparing((n) => n - result.accepted.length);
    const ready = prepared.flatMap((p) => (p.ok ? [p.file] : []));
    const refused = prepared.flatMap((p) => (p.ok ? [] : [{ name: p.name, reason: p.reason }]));
    if (refused.length) setRejected((r) => [...r, ...refused]);
    const room = Math.max(0, MAX_PHOTOS - kept - latest.current.length);
    if (ready.length) onChange([...latest.current, ...ready.slice(0, room)]);
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
            void add(e.target.files);
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
      {preparing ? (
        <p role="status" className="text-sm text-stone-700">
          {t('photos.preparing')}
        </p>
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
              {progress ? (
                <div
                  role="progressbar"
                  aria-label={t('photos.progress', { name: file.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round((progress[i] ?? 0) * 100)}
                  className="mt-1 h-2 overflow-hidden rounded-full bg-stone-200"
                >
                  <div
                    className="h-full bg-brand-700 transition-[width]"
                    style={{ width: `${Math.round((progress[i] ?? 0) * 100)}%` }}
                  />
                </div>
              ) : null}
              <button
                type="button"
                disabled={Boolean(progress)}
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
