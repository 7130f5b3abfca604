import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';
import { Button } from './Button.tsx';

interface ConfirmDialogProps {
  title: string;
  message: string;
  busy?: boolean;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The styled confirmation before every delete (SPEC §5), never `window.confirm`. */
export function ConfirmDialog({ title, message, busy = false, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  return (
    <Dialog
      tone="error"
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button type="button" onClick={onCancel} variant="secondary">
            {tc('actions.cancel')}
          </Button>
          <Button type="button" disabled={busy} onClick={onConfirm} variant="danger">
            {busy ? t('common.deleting') : (confirmLabel ?? t('common.confirmDelete'))}
          </Button>
        </>
      }
    >
      {message}
    </Dialog>
  );
}
