import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';

/**
 * A back-office form's primary submit button: disabled and saying "saving" while the write is under way. `form`
 * names the form when the button stands outside it (a dialog's actions).
 */
export function SubmitButton({ busy, form, children }: { busy: boolean; form?: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Button type="submit" form={form} disabled={busy} variant="primary">
      {busy ? t('common.saving') : children}
    </Button>
  );
}
