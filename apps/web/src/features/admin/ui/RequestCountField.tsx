import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/fields.tsx';

/** A plan's request count for an index (a whole number, at least 1), in the assign form and the edit dialog. */
export function RequestCountField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  const { t } = useTranslation('admin');
  return <TextField type="number" inputMode="numeric" min={1} step={1} label={t('planIndices.requests')} {...props} />;
}
