import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog.tsx';

/** The styled confirmation before deleting a product (SPEC §5), never `window.confirm`. */
export function ConfirmDelete({
  name,
  busy,
  onConfirm,
  onCancel,
}: {
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('marketplace');
  return (
    <Dialog
      tone="error"
      title={t('mine.confirmTitle')}
      onClose={onCancel}
      actions={
        <>
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100"
          >
            {t('mine.cancel')}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={onConfirm}
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
          >
            {busy ? t('mine.deleting') : t('mine.confirmDelete')}
          </button>
        </>
      }
    >
      {t('mine.confirmText', { name })}
    </Dialog>
  );
}
