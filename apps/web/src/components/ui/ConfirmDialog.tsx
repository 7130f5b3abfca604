import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';
import { btn } from './styles.ts';

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
          <button type="button" onClick={onCancel} className={btn.secondary}>
            {tc('actions.cancel')}
          </button>
          <button type="button" disabled={busy} onClick={onConfirm} className={btn.danger}>
            {busy ? t('common.deleting') : (confirmLabel ?? t('common.confirmDelete'))}
          </button>
        </>
      }
    >
      {message}
    </Dialog>
  );
}
