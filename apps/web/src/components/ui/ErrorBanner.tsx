import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

/** SPEC §2 "Other": the banner fades out, and 300 ms later `onClose` runs (the parent then unmounts it). */
export const ERROR_BANNER_HIDE_MS = 300;

export function ErrorBanner({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [hiding, setHiding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const dismiss = () => {
    if (hiding) return;
    setHiding(true);
    timer.current = setTimeout(onClose, ERROR_BANNER_HIDE_MS);
  };

  return (
    <div
      role="alert"
      className={`flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 transition-opacity duration-300 ${
        hiding ? 'opacity-0' : 'opacity-100'
      }`}
    >
      <p className="flex-1 text-sm">{message}</p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('errorBanner.dismiss')}
        className="rounded p-1 text-red-800 hover:bg-red-100"
      >
        <Icon name="close" className="size-4" />
      </button>
    </div>
  );
}
