import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';

/** A back-office form's primary submit button: disabled and saying "saving" while the write is under way. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Button type="submit" disabled={busy} variant="primary">
      {busy ? t('common.saving') : children}
    </Button>
  );
}
