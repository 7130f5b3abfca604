import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MARKETPLACE_LIMITS, PUBLICATION_STATES, PUBLICATION_UNITS } from '@filaha/shared';
import { SelectField, TextField } from '../../components/ui/fields.tsx';
import { PhoneField } from '../../components/ui/contactFields.tsx';
import { useMessages } from '../../lib/messages.ts';
import type { ProductFormInput, ProductFormValues } from './productForm.ts';

type ProductFormApi = UseFormReturn<ProductFormInput, unknown, ProductFormValues>;

/**
 * The publication fields of SPEC §3 (name, quantity, price, location, phone, availability) and the unit the price
 * and quantity count in (issue 13 §5), shared by add and edit.
 */
export function ProductFields({ form }: { form: ProductFormApi }) {
  const { t } = useTranslation('marketplace');
  const { fieldMessage } = useMessages();
  const errors = form.formState.errors;
  const phone = form.register('phone');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          label={t('fields.productName')}
          maxLength={MARKETPLACE_LIMITS.productNameMaxLength}
          error={fieldMessage(errors.productName?.message)}
          {...form.register('productName')}
        />
      </div>
      <TextField
        label={t('fields.quantity')}
        inputMode="decimal"
        dir="ltr"
        error={fieldMessage(errors.quantity?.message)}
        {...form.register('quantity')}
      />
      <TextField
        label={t('fields.price')}
        hint={t('fields.priceHint')}
        inputMode="decimal"
        dir="ltr"
        error={fieldMessage(errors.price?.message)}
        {...form.register('price')}
      />
      <SelectField
        label={t('fields.unit')}
        hint={t('fields.unitHint')}
        error={fieldMessage(errors.unit?.message)}
        {...form.register('unit')}
      >
        <option value="">{t('fields.unitChoose')}</option>
        {PUBLICATION_UNITS.map((u) => (
          <option key={u} value={u}>
            {t(`unit.${u}.label`)}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <TextField
          label={t('fields.location')}
          maxLength={MARKETPLACE_LIMITS.addressMaxLength}
          error={fieldMessage(errors.location?.message)}
          {...form.register('location')}
        />
      </div>
      <PhoneField label={t('fields.phone')} error={fieldMessage(errors.phone?.message)} {...phone} />
      <SelectField
        label={t('fields.disponibility')}
        error={fieldMessage(errors.disponibility?.message)}
        {...form.register('disponibility')}
      >
        {PUBLICATION_STATES.map((s) => (
          <option key={s} value={s}>
            {t(`state.${s}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
