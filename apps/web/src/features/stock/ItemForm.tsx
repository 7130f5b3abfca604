import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STOCK_ITEM_KINDS, STOCK_UNITS, StockItemInput } from '@filaha/shared';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { SelectField, TextField } from '../../components/ui/fields.tsx';
import { sendOrKeep } from '../../lib/outbox.ts';
import { ApiAnswerError, unwrap } from '../../lib/queries.ts';
import { FormError } from '../../components/ui/FormError.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useToast } from '../../components/ui/Toasts.tsx';
import { stockApi, stockKeys, type StockItem } from './api.ts';
import { useStockErrors } from './errors.ts';
import { isolate } from './format.ts';

const EMPTY: StockItemInput = { name: '', unit: 'kg', kind: 'product' };

/**
 * The add/edit form of an item (name, unit, kind). A duplicate name (409 `duplicate`) is shown on the name
 * field; other refusals above the button. A new item typed without a connection is kept on the phone and sent
 * once when it returns, with its Idempotency-Key (lib/outbox.ts; the pending state is shown by ItemsView).
 */
function useItemForm(item: StockItem | null, onSaved: () => void) {
  const { t } = useTranslation('stock');
  const errors = useStockErrors();
  const toast = useToast();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StockItemInput>({
    resolver: zodResolver(StockItemInput),
    defaultValues: item ? { name: item.name, unit: item.unit, kind: item.kind } : EMPTY,
  });
  const save = useMutation({
    mutationFn: async (input: StockItemInput): Promise<StockItem | null> => {
      if (item) return stockApi.updateItem(item.id, input);
      const outcome = await sendOrKeep('stockItem', 'POST /stock/items', { body: input });
      return outcome.state === 'sent' ? unwrap(outcome.result) : null;
    },
    onSuccess: async (saved) => {
      setFailure(null);
      if (!saved) {
        // Kept for later: the form is done, the list says it waits for the connection.
        form.reset(EMPTY);
        onSaved();
        return;
      }
      await client.invalidateQueries({ queryKey: stockKeys.all });
      toast.success(t(item ? 'items.updated' : 'items.created', { name: isolate(saved.name) }));
      form.reset(item ? { name: saved.name, unit: saved.unit, kind: saved.kind } : EMPTY);
      onSaved();
    },
    onError: (error) => {
      const issue = error instanceof ApiAnswerError ? error.issues[0] : undefined;
      if (issue?.path === 'name') form.setError('name', { message: errors.text(error) });
      else setFailure(errors.text(error));
    },
  });
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values);
  });
  return { form, save, submit, failure, setFailure };
}

type ItemFormState = ReturnType<typeof useItemForm>;

function ItemFields({ state, editing }: { state: ItemFormState; editing: boolean }) {
  const { t } = useTranslation('stock');
  const errors = useStockErrors();
  const { form } = state;
  const fieldErrors = form.formState.errors;
  // A duplicate-name refusal is already translated; zod messages are locale keys.
  const nameError = fieldErrors.name?.message;
  return (
    <>
      <TextField
        label={t('items.name')}
        hint={t('items.nameHint')}
        autoComplete="off"
        error={nameError?.startsWith('validation.') ? errors.field(nameError) : nameError}
        {...form.register('name')}
      />
      <SelectField
        label={t('items.unit')}
        hint={editing ? t('items.unitChangeHint') : undefined}
        error={errors.field(fieldErrors.unit?.message)}
        {...form.register('unit')}
      >
        {STOCK_UNITS.map((u) => (
          <option key={u} value={u}>
            {t(`units.${u}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('items.kind')} error={errors.field(fieldErrors.kind?.message)} {...form.register('kind')}>
        {STOCK_ITEM_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`itemKinds.${k}`)}
          </option>
        ))}
      </SelectField>
      <FormError text={state.failure} onClose={() => state.setFailure(null)} />
    </>
  );
}

export function NewItemForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('stock');
  const state = useItemForm(null, onDone);
  return (
    <form noValidate onSubmit={state.submit} className="grid gap-4 sm:grid-cols-3">
      <ItemFields state={state} editing={false} />
      <div className="sm:col-span-full">
        <Button type="submit" disabled={state.save.isPending} variant="primary">
          {state.save.isPending ? t('items.saving') : t('items.submit')}
        </Button>
      </div>
    </form>
  );
}

export function EditItemDialog({ item, onClose }: { item: StockItem; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const formId = useId();
  const state = useItemForm(item, onClose);
  return (
    <Dialog
      title={t('items.editTitle', { name: isolate(item.name) })}
      onClose={onClose}
      actions={
        <>
          <Button type="button" onClick={onClose} variant="secondary">
            {t('items.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={state.save.isPending} variant="primary">
            {state.save.isPending ? t('items.saving') : t('items.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={state.submit} className="grid gap-4">
        <ItemFields state={state} editing />
      </form>
    </Dialog>
  );
}
