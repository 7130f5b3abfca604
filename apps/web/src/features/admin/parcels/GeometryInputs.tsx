import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PolygonInput } from '@filaha/shared';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { readGeoJsonFile } from './geometry.ts';

interface Props {
  drawing: boolean;
  onDrawToggle: () => void;
  onPolygon: (polygon: PolygonInput) => void;
  /** Locale key of a refused file, translated by the form. */
  onFileError: (messageKey: string) => void;
}

/**
 * Two of the three ways to give a geometry (SPEC §4): a `.geojson` dropped on the zone or chosen with the
 * file input (first feature), or a polygon drawn on the map.
 */
export function GeometryInputs({ drawing, onDrawToggle, onPolygon, onFileError }: Props) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const [over, setOver] = useState(false);
  const [fileName, setFileName] = useState('');

  const take = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    const result = await readGeoJsonFile(file);
    if (result.ok) onPolygon(result.polygon);
    else onFileError(result.message);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files[0]);
  };

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center ${
          over ? 'border-brand-700 bg-brand-50' : 'border-stone-300 bg-stone-50'
        }`}
      >
        <p className="text-sm text-stone-700">{t('parcels.dropHint')}</p>
        <input
          id={inputId}
          type="file"
          accept=".geojson"
          className="peer sr-only"
          onChange={(e) => {
            void take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className={buttonClass(
            'small',
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
          )}
        >
          {t('parcels.chooseFile')}
        </label>
        {fileName ? (
          <p className="text-xs text-stone-600" dir="ltr">
            {fileName}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col items-center justify-center gap-2 rounded-xl border border-stone-200 bg-stone-50 p-4 text-center">
        <p className="text-sm text-stone-700">{drawing ? t('parcels.drawingHint') : t('parcels.drawHint')}</p>
        <Button type="button" aria-pressed={drawing} onClick={onDrawToggle} variant={drawing ? 'secondary' : 'primary'}>
          {drawing ? t('parcels.stopDrawing') : t('parcels.draw.start')}
        </Button>
      </div>
    </div>
  );
}
