import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MOVEMENT_DIRECTIONS, type MovementDirection, type MovementKind } from '@filaha/shared';
import { PendingSubmissions } from '../../components/offline/PendingSubmissions.tsx';
import { SelectField, TextField } from '../../components/ui/fields.tsx';
import { sendOrKeep } from '../../lib/outbox.ts';
import { ApiAnswerError, unwrap } from '../../lib/queries.ts';
import { FormError } from '../../components/ui/FormError.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { useToast } from '../../components/ui/Toasts.tsx';
import { stockKeys, type StockItem } from './api.ts';
import { useStockErrors } from './errors.ts';
import { algiersToday, isolate, useStockFormat } from './format.ts';
import {
  coupleKind,
  emptyMovement,
  kindsFor,
  MovementForm,
  type MovementFormInput,
  type MovementFormValues,
  type MovementPreset,
} from './movementForm.ts';

const FIELDS = ['itemId', 'direction', 'kind', 'quantity', 'unitPrice', 'date', 'note'] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (path: string): path is FieldName => (FIELDS as readonly string[]).includes(path);

/**
 * Records an entry or an exit. The kinds offered follow the direction; quantities accept "12,5"; the date
 * defaults to today and cannot be later. A refusal (negative stock, a field) keeps what was typed.
 */
export function MovementFormCard({ items, preset }: { items: readonly StockItem[]; preset?: MovementPreset }) {
  const { t } = useTranslation('stock');
  const fmt = useStockFormat();
  const errors = useStockErrors();
  const toast = useToast();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const today = algiersToday();
  const form = useForm<MovementFormInput, unknown, MovementFormValues>({
    resolver: zodResolver(MovementForm),
    defaultValues: emptyMovement(today, preset),
  });
  const fieldErrors = form.formState.errors;
  // Controlled, so the chosen kind is applied after the options of the new direction are rendered.
  const { field: kind } = useController({ control: form.control, name: 'kind' });
  const direction = form.watch('direction') as MovementDirection;
  const item = items.find((i) => String(i.id) === String(form.watch('itemId')));

  // Opened from an item's row: the quantity is what is left to type.
  useEffect(() => {
    if (preset) form.setFocus('quantity');
  }, [preset, form]);

  // Without a connection the entry is kept on the phone and sent once when it returns (lib/outbox.ts).
  const save = useMutation({
    mutationFn: async (input: MovementFormValues) => {
      const outcome = await sendOrKeep('stockMovement', 'POST /stock/movements', { body: input });
      return outcome.state === 'sent' ? unwrap(outcome.result) : null;
    },
    onSuccess: async (movement) => {
      setFailure(null);
      if (!movement) {
        form.reset({ ...form.getValues(), quantity: '', unitPrice: '', note: '' });
        return;
      }
      await client.invalidateQueries({ queryKey: stockKeys.all });
      toast.success(
        t(movement.direction === 'in' ? 'movements.savedIn' : 'movements.savedOut', {
          quantity: fmt.quantity(movement.quantity, movement.unit),
          name: isolate(movement.itemName),
        }),
      );
      // The item, direction, kind and day stay: several movements of one kind are often typed in a row.
      form.reset({ ...form.getValues(), quantity: '', unitPrice: '', note: '' });
    },
    onError: (error) => {
      setFailure(errors.text(error, item?.unit, 'exit'));
      if (error instanceof ApiAnswerError && error.code === 'VALIDATION_FAILED') {
        for (const issue of error.issues) {
          if (isField(issue.path)) form.setError(issue.path, { message: issue.message });
        }
      }
    },
  });

  const onDirection = (next: MovementDirection) =>
    form.setValue('kind', coupleKind(form.getValues('kind') as MovementKind, next));

  if (items.length === 0) return <p className="text-stone-700">{t('movements.noItems')}</p>;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        save.mutate(values);
      })}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <SelectField
        label={t('movements.item')}
        hint={item ? t('movements.available', { quantity: fmt.quantity(item.stock, item.unit) }) : undefined}
        error={errors.field(fieldErrors.itemId?.message)}
        {...form.register('itemId')}
      >
        <option value="">{t('movements.chooseItem')}</option>
        {items.map((i) => (
          <option key={i.id} value={String(i.id)}>
            {i.name}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend className="block text-sm font-medium text-stone-800">{t('movements.direction')}</legend>
        <div className="mt-1 grid grid-cols-2 gap-2">
          {MOVEMENT_DIRECTIONS.map((d) => (
            <label
              key={d}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 font-semibold text-stone-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:ring-2 has-focus-visible:ring-brand-200"
            >
              <input
                type="radio"
                value={d}
                className="accent-brand-700"
                {...form.register('direction', { onChange: (e) => onDirection(e.target.value as MovementDirection) })}
              />
              {t(`directions.${d}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField
        label={t('movements.kind')}
        error={errors.field(fieldErrors.kind?.message)}
        ref={kind.ref}
        name={kind.name}
        value={kind.value as MovementKind}
        onChange={kind.onChange}
        onBlur={kind.onBlur}
      >
        {kindsFor(direction).map((k) => (
          <option key={k} value={k}>
            {t(`movementKinds.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={item ? `${t('movements.quantity')} (${fmt.unitShort(item.unit)})` : t('movements.quantity')}
        hint={t('movements.quantityHint')}
        inputMode="decimal"
        autoComplete="off"
        error={errors.field(fieldErrors.quantity?.message)}
        {...form.register('quantity')}
      />
      <TextField
        label={t('movements.unitPrice')}
        hint={t('movements.unitPriceHint')}
        inputMode="decimal"
        autoComplete="off"
        error={errors.field(fieldErrors.unitPrice?.message)}
        {...form.register('unitPrice')}
      />
      <TextField
        label={t('movements.date')}
        hint={t('movements.dateHint')}
        type="date"
        max={today}
        error={errors.field(fieldErrors.date?.message)}
        {...form.register('date')}
      />
      <div className="sm:col-span-2 lg:col-span-3">
        <TextAreaField
          label={t('movements.note')}
          rows={2}
          error={errors.field(fieldErrors.note?.message)}
          {...form.register('note')}
        />
      </div>
      <FormError text={failure} onClose={() => setFailure(null)} />
      <div className="sm:col-span-full">
        <PendingSubmissions kind="stockMovement" />
      </div>
      <div className="sm:col-span-full">
        <Button type="submit" disabled={save.isPending} variant="primary">
          {save.isPending ? t('movements.saving') : t('movements.submit')}
        </Button>
      </div>
    </form>
  );
}
