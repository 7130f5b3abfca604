import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/fields.tsx';

/** One option of a `ChoiceField`. */
export interface Choice {
  value: string | number;
  label: ReactNode;
  /** Shown but not choosable (e.g. already taken). */
  disabled?: boolean;
}

/** A required select of the back office: "Choose…" (empty) first, then the choices. */
export function ChoiceField({
  choices,
  ...select
}: Omit<ComponentProps<typeof SelectField>, 'children'> & { choices: readonly Choice[] }) {
  const { t } = useTranslation('admin');
  return (
    <SelectField {...select}>
      <option value="">{t('common.choose')}</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value} disabled={c.disabled}>
          {c.label}
        </option>
      ))}
    </SelectField>
  );
}
