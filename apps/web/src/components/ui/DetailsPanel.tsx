import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';
import { useModalFocus } from './useModalFocus.ts';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/**
 * The 'Plus Details' side panel a table row opens (SPEC §2): slides in from the inline end, takes the
 * focus, Escape or the close button dismiss it and the focus goes back to the row.
 */
export function DetailsPanel({
  items,
  subtitle,
  onClose,
}: {
  items: DetailItem[];
  subtitle?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  // The close button comes first: it takes the focus.
  useModalFocus(panel, onClose);

  return (
    <div className="fixed inset-0 z-50">
      <div aria-hidden="true" className="absolute inset-0 bg-stone-950/40" onClick={onClose} />
      <aside
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="absolute inset-y-0 end-0 flex w-full max-w-md flex-col bg-white shadow-2xl"
      >
        <div className="flex items-start gap-3 border-b border-stone-200 p-5">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-bold text-brand-900">
              {t('table.details')}
            </h2>
            {subtitle ? <p className="mt-1 truncate text-sm text-stone-600">{subtitle}</p> : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('table.closeDetails')}
            className="rounded-md p-2 text-stone-700 hover:bg-stone-100"
          >
            <Icon name="close" />
          </button>
        </div>
        <dl className="flex-1 space-y-4 overflow-y-auto p-5">
          {items.map((item) => (
            <div key={item.label}>
              <dt className="text-sm text-stone-600">{item.label}</dt>
              <dd className="mt-0.5 break-words font-medium text-stone-900">
                {typeof item.value === 'string' ? <bdi>{item.value}</bdi> : item.value}
              </dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
