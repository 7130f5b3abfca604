import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { idSchema, LegendInput, rgbColorSchema } from '@filaha/shared';
import { TextField } from '../../../components/ui/fields.tsx';
import { focusFirstInvalid } from '../../../lib/focusFirstInvalid.ts';
import { useMessages } from '../../../lib/messages.ts';
import { call } from '../../../lib/client.ts';
import { KEYS } from '../adminApi.ts';
import type { IndexRow, Legend } from '../types.ts';
import { ChoiceField } from '../ui/ChoiceField.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { useFormWrite } from '../ui/useFormWrite.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { DEFAULT_LEGEND_COLOR, hexToRgb, rgbToHex } from './color.ts';
import { RampPreview } from './RampPreview.tsx';

const number = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: 'validation.number' }).finite('validation.number'),
);
const text = z.string().trim().min(1, 'validation.required').max(400, 'validation.tooLong');
/** SPEC §5: every field and the index required, colour as an rgb string; start < end as the API checks. */
const LegendForm = z
  .object({
    indiceId: idSchema,
    intervalDeb: number,
    intervalFin: number,
    color: rgbColorSchema,
    descriptionLegAr: text,
    descriptionLegFr: text,
  })
  .superRefine((v, ctx) => {
    if (v.intervalDeb >= v.intervalFin)
      ctx.addIssue({ code: 'custom', path: ['intervalFin'], message: 'validation.intervalOrder' });
  });
type LegendForm = z.output<typeof LegendForm>;

interface Props {
  indices: readonly IndexRow[];
  indiceId: number | undefined;
  onIndexChange: (id: number | undefined) => void;
  legends: readonly Legend[];
  editing: Legend | null;
  onDone: () => void;
}

const blank = (indiceId: number | undefined) => ({
  indiceId: indiceId ? String(indiceId) : '',
  intervalDeb: '',
  intervalFin: '',
  color: DEFAULT_LEGEND_COLOR,
  descriptionLegAr: '',
  descriptionLegFr: '',
});

/** Creates a legend class, or edits one (PUT); a live preview of the index's ramp shows the new interval. */
export function LegendFormCard({ indices, indiceId, onIndexChange, legends, editing, onDone }: Props) {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const colorId = useId();
  // focusFirstInvalid: the first refused field on screen gets the focus (the index select is registered first).
  const form = useForm({ resolver: zodResolver(LegendForm), defaultValues: blank(indiceId), shouldFocusError: false });
  const errors = form.formState.errors;
  const save = useFormWrite({
    mutationFn: (v: LegendForm) => {
      const body = LegendInput.parse({
        ...v,
        descriptionLeg: { ar: v.descriptionLegAr, fr: v.descriptionLegFr },
      });
      return editing ? call('PUT /legende/:id', { params: { id: editing.id }, body }) : call('POST /legende', { body });
    },
    success: () => (editing ? t('legends.updated') : t('legends.created')),
    invalidate: [KEYS.legends, KEYS.indices],
    onSuccess: (_r, v) => {
      form.reset(blank(v.indiceId));
      onDone();
    },
  });

  useEffect(() => {
    save.clearError();
    form.reset(
      editing
        ? {
            indiceId: String(editing.indiceId),
            intervalDeb: String(editing.intervalDeb),
            intervalFin: String(editing.intervalFin),
            color: editing.color,
            descriptionLegAr: editing.descriptionLegAr ?? editing.descriptionLeg,
            descriptionLegFr: editing.descriptionLegFr ?? editing.descriptionLeg,
          }
        : blank(indiceId),
    );
    // Only a change of the legend being edited resets the form; the index select drives indiceId itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const color = form.watch('color');
  const deb = Number(form.watch('intervalDeb'));
  const fin = Number(form.watch('intervalFin'));
  const draftReady = form.watch('intervalDeb') !== '' && form.watch('intervalFin') !== '';
  const others = legends.filter((l) => l.id !== editing?.id);
  const indexField = form.register('indiceId', {
    onChange: (e: { target: { value: string } }) => onIndexChange(e.target.value ? Number(e.target.value) : undefined),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save.submit, focusFirstInvalid)}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {save.errorBanner}
      <ChoiceField
        label={t('legends.index')}
        error={fieldMessage(errors.indiceId?.message)}
        disabled={Boolean(editing)}
        choices={indices.map((i) => ({ value: i.id, label: i.indiceName }))}
        {...indexField}
      />
      <TextField
        type="number"
        step="any"
        label={t('legends.start')}
        error={fieldMessage(errors.intervalDeb?.message)}
        {...form.register('intervalDeb')}
      />
      <TextField
        type="number"
        step="any"
        label={t('legends.end')}
        error={fieldMessage(errors.intervalFin?.message)}
        {...form.register('intervalFin')}
      />
      <div>
        <label htmlFor={colorId} className="block text-sm font-medium text-stone-800">
          {t('legends.color')}
        </label>
        <div className="mt-1 flex items-center gap-3">
          <input
            id={colorId}
            type="color"
            value={rgbToHex(typeof color === 'string' ? color : DEFAULT_LEGEND_COLOR)}
            onChange={(e) => form.setValue('color', hexToRgb(e.target.value), { shouldValidate: true })}
            aria-describedby={`${colorId}-value`}
            className="h-10 w-16 cursor-pointer rounded border border-stone-300 bg-white"
          />
          <output id={`${colorId}-value`} dir="ltr" className="font-mono text-sm text-stone-800">
            {String(color)}
          </output>
        </div>
      </div>
      <TextField
        label={t('legends.descriptionAr')}
        lang="ar"
        dir="rtl"
        error={fieldMessage(errors.descriptionLegAr?.message)}
        {...form.register('descriptionLegAr')}
      />
      <TextField
        label={t('legends.descriptionFr')}
        lang="fr"
        dir="ltr"
        error={fieldMessage(errors.descriptionLegFr?.message)}
        {...form.register('descriptionLegFr')}
      />
      <div className="sm:col-span-2 lg:col-span-3">
        <RampPreview
          legends={others}
          draft={draftReady ? { intervalDeb: deb, intervalFin: fin, color: String(color) } : null}
        />
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
        <SubmitButton busy={save.write.isPending}>{editing ? t('common.save') : t('legends.submit')}</SubmitButton>
        {editing ? (
          <Button type="button" onClick={onDone} variant="secondary">
            {t('legends.cancelEdit')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
