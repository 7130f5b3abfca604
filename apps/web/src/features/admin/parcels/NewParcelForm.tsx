import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ALGERIA_BBOX, PARCEL_AREA_HA, ParcelForm, rectangleFromBounds, type PolygonInput } from '@filaha/shared';
import { controlClass, TextField } from '../../../components/ui/fields.tsx';
import { useMessages } from '../../../lib/messages.ts';
import { call } from '../../../lib/client.ts';
import { KEYS } from '../adminApi.ts';
import type { UserRow } from '../types.ts';
import { useFormat } from '../../../lib/format.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { useFormWrite } from '../ui/useFormWrite.tsx';
import { coverageQuery, insideCoverage } from './coverage.ts';
import { areaHa, boundsFromInputs, boundsOf, type Bounds } from './geometry.ts';
import { GeometryInputs } from './GeometryInputs.tsx';

const BOUND_FIELDS = ['bWS', 'bWN', 'bES', 'bEN'] as const;
type Values = { identifiantU: string; userId: string } & Record<keyof Bounds, string>;
const EMPTY: Values = { identifiantU: '', userId: '', bWS: '', bWN: '', bES: '', bEN: '' };

interface Props {
  farmers: readonly UserRow[];
  /** The farmer picked in the list: the form's user select then shows them and is disabled (SPEC §5). */
  selectedUserId: number | null;
  /** A polygon from the file or the map (null when the geometry comes from the four bounds). */
  geom: PolygonInput | null;
  onGeomChange: (polygon: PolygonInput | null) => void;
  onPreview: (polygon: PolygonInput | null) => void;
  drawing: boolean;
  onDrawToggle: () => void;
}

/**
 * The new-parcel form: name, farmer, and a geometry from a `.geojson` file, a polygon drawn on the map, or
 * four manual bounds building a rectangle. Validated with the shared `ParcelForm`; the area shows in ha.
 */
export function NewParcelForm({
  farmers,
  selectedUserId,
  geom,
  onGeomChange,
  onPreview,
  drawing,
  onDrawToggle,
}: Props) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const fmt = useFormat();
  const userSelectId = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  // The resolver reads the current geometry, which lives outside the form's inputs.
  const geomRef = useRef(geom);
  useEffect(() => {
    geomRef.current = geom;
  }, [geom]);
  const resolver: Resolver<Values> = (values, ctx, options) =>
    (zodResolver(ParcelForm) as unknown as Resolver<Values>)(
      { ...values, geom: geomRef.current ?? undefined } as Values,
      ctx,
      options,
    );
  const form = useForm<Values>({ resolver, defaultValues: EMPTY });
  const errors = form.formState.errors as Partial<Record<keyof Values | 'geom', { message?: string }>>;

  useEffect(() => {
    form.setValue('userId', selectedUserId ? String(selectedUserId) : '');
  }, [form, selectedUserId]);

  // A file or a drawing fills the four bounds with its envelope, as the server will store them.
  useEffect(() => {
    if (!geom) return;
    const b = boundsOf(geom);
    for (const k of BOUND_FIELDS) form.setValue(k, String(Number(b[k].toFixed(6))));
    form.clearErrors();
    setFileError(null);
  }, [form, geom]);

  const watched = form.watch(BOUND_FIELDS);
  const manual = boundsFromInputs({ bWS: watched[0], bWN: watched[1], bES: watched[2], bEN: watched[3] });
  // A string key keeps the preview (and the map's draft) stable while the same four numbers stay typed.
  const manualKey = manual ? `${manual.bWS},${manual.bWN},${manual.bES},${manual.bEN}` : '';
  const preview = useMemo(() => {
    if (geom) return geom;
    if (!manualKey) return null;
    const [bWS = 0, bWN = 0, bES = 0, bEN = 0] = manualKey.split(',').map(Number);
    return rectangleFromBounds({ bWS, bWN, bES, bEN });
  }, [geom, manualKey]);
  useEffect(() => {
    onPreview(preview);
  }, [preview, onPreview]);

  const area = preview ? areaHa(preview) : null;
  const envelope = preview ? boundsOf(preview) : null;
  const outside =
    envelope !== null &&
    (envelope.bWS < ALGERIA_BBOX.minLon ||
      envelope.bWN > ALGERIA_BBOX.maxLon ||
      envelope.bES < ALGERIA_BBOX.minLat ||
      envelope.bEN > ALGERIA_BBOX.maxLat);

  // Said before saving: a parcel the imagery catalog does not cover will never get an image.
  const coverage = useQuery(coverageQuery);
  const outsideCoverage =
    preview !== null && !outside && coverage.data !== undefined && !insideCoverage(preview, coverage.data);

  const create = useFormWrite({
    mutationFn: (body: ParcelForm) => call('POST /parcelle', { body }),
    success: () => t('parcels.created'),
    invalidate: [KEYS.parcels],
    onSuccess: () => {
      form.reset({ ...EMPTY, userId: selectedUserId ? String(selectedUserId) : '' });
      onGeomChange(null);
    },
  });

  const clear = () => {
    onGeomChange(null);
    for (const k of BOUND_FIELDS) form.setValue(k, '');
    form.clearErrors();
    setFileError(null);
  };
  const text = (key: string | undefined) =>
    key?.startsWith('admin:') ? t(key.slice(6) as 'parcels.fileRefused') : fieldMessage(key);
  const geomError = errors.geom?.message;
  const boundField = (k: (typeof BOUND_FIELDS)[number]) =>
    form.register(k, {
      // Typing a bound switches to the manual rectangle: a file or drawn geometry would otherwise win.
      onChange: () => {
        if (geomRef.current) onGeomChange(null);
      },
    });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => create.submit(v as unknown as ParcelForm))}
      className="space-y-5"
    >
      {create.errorBanner}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('parcels.columns.name')}
          error={text(errors.identifiantU?.message)}
          {...form.register('identifiantU')}
        />
        <div>
          <label htmlFor={userSelectId} className="block text-sm font-medium text-stone-800">
            {t('parcels.farmer')}
          </label>
          <select
            id={userSelectId}
            value={form.watch('userId')}
            disabled={selectedUserId !== null}
            onChange={(e) => form.setValue('userId', e.target.value, { shouldValidate: form.formState.isSubmitted })}
            aria-invalid={errors.userId ? true : undefined}
            className={`${controlClass} mt-1 disabled:bg-stone-100`}
          >
            <option value="">{t('common.choose')}</option>
            {farmers.map((u) => (
              <option key={u.id} value={u.id}>
                {u.userName} ({u.email})
              </option>
            ))}
          </select>
          {errors.userId ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {text(errors.userId.message)}
            </p>
          ) : null}
        </div>
      </div>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-stone-900">{t('parcels.geometry')}</legend>
        <GeometryInputs
          drawing={drawing}
          onDrawToggle={onDrawToggle}
          onPolygon={(p) => onGeomChange(p)}
          onFileError={(key) => setFileError(text(key) ?? null)}
        />
        {fileError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {fileError}
          </p>
        ) : null}
        <div>
          <p className="text-sm text-stone-700">{t('parcels.manualHint')}</p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {BOUND_FIELDS.map((k) => (
              <TextField
                key={k}
                type="number"
                step="any"
                dir="ltr"
                label={t(`parcels.bounds.${k}`)}
                error={text(errors[k]?.message)}
                {...boundField(k)}
              />
            ))}
          </div>
        </div>
        {geomError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {text(geomError)}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4 text-sm" aria-live="polite">
          <span className="font-medium text-stone-800" data-testid="parcel-area">
            {area === null ? t('parcels.noGeometry') : t('parcels.area', { ha: fmt.number(area, 2) })}
          </span>
          {area !== null && area < PARCEL_AREA_HA.min ? (
            <span className="text-red-800">{fieldMessage('validation.parcelAreaTooSmall')}</span>
          ) : null}
          {area !== null && area > PARCEL_AREA_HA.max ? (
            <span className="text-red-800">{fieldMessage('validation.parcelAreaTooLarge')}</span>
          ) : null}
          {outside ? <span className="text-red-800">{fieldMessage('validation.parcelOutsideAlgeria')}</span> : null}
          {outsideCoverage ? (
            <span data-testid="parcel-outside-coverage" className="font-medium text-amber-800">
              {t('parcels.outsideCoverage')}
            </span>
          ) : null}
          <Button type="button" onClick={clear} variant="small">
            {t('parcels.clear')}
          </Button>
        </div>
      </fieldset>
      <SubmitButton busy={create.write.isPending}>{t('parcels.submit')}</SubmitButton>
    </form>
  );
}
