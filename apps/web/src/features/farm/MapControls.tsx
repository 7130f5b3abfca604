import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClass } from '../../components/ui/fields.tsx';
import type { Parcel } from './farmApi.ts';
import { asLang, formatNumber } from './format.ts';
import { COARSE_POINTER, useMedia } from './useMedia.ts';

interface ParcelSelectProps {
  parcels: readonly Parcel[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

export function ParcelSelect({ parcels, selectedId, onSelect }: ParcelSelectProps) {
  const { t } = useTranslation('farm');
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t('parcels.select')}
      </label>
      <select
        id={id}
        value={selectedId ?? ''}
        onChange={(e) => onSelect(e.target.value ? Number(e.target.value) : null)}
        className={`${controlClass} mt-1`}
      >
        <option value="">{t('parcels.placeholder')}</option>
        {parcels.map((p) => (
          <option key={p.id} value={p.id}>
            {p.identifiantU}
          </option>
        ))}
      </select>
    </div>
  );
}

interface DisplayControlsProps {
  opacity: number;
  onOpacity: (value: number) => void;
  tooltip: boolean;
  onTooltip: (value: boolean) => void;
}

/**
 * Overlay opacity 0–1 in steps of 0.01 (SPEC §5) and the value-under-cursor switch, which says "on tap" where
 * the pointer is a finger.
 */
export function DisplayControls({ opacity, onOpacity, tooltip, onTooltip }: DisplayControlsProps) {
  const { t, i18n } = useTranslation('farm');
  const touch = useMedia(COARSE_POINTER);
  const lang = asLang(i18n.language);
  const id = useId();
  const shown = formatNumber(opacity, lang, 2, 2);
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
      <div>
        <label htmlFor={`${id}-opacity`} className="flex justify-between text-sm font-medium text-stone-800">
          <span>{t('display.opacity')}</span>
          <output htmlFor={`${id}-opacity`} className="tabular-nums">
            {shown}
          </output>
        </label>
        <input
          id={`${id}-opacity`}
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={opacity}
          aria-valuetext={shown}
          onChange={(e) => onOpacity(Number(e.target.value))}
          className="mt-2 w-full accent-brand-700"
        />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          checked={tooltip}
          onChange={(e) => onTooltip(e.target.checked)}
          className="size-4 accent-brand-700"
        />
        {t(touch ? 'display.tooltipTouch' : 'display.tooltip')}
      </label>
    </div>
  );
}
