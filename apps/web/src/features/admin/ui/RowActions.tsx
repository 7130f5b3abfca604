import { useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { useAdminMutation } from '../../../lib/useAdminMutation.ts';

/** A button of a table row; its accessible name says which row (`<label> — <name>`). */
export function RowButton({
  label,
  name,
  variant,
  disabled,
  onClick,
}: {
  label: string;
  name: string;
  variant: 'small' | 'smallBrand' | 'smallDanger';
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button type="button" disabled={disabled} onClick={onClick} aria-label={`${label} — ${name}`} variant={variant}>
      {label}
    </Button>
  );
}

/** A table row's Edit button. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation('admin');
  return <RowButton label={t('common.edit')} name={name} variant="small" onClick={onClick} />;
}

/** A table row's Delete button (it asks first: see `useConfirmedDelete`). */
export function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation('admin');
  return <RowButton label={t('common.delete')} name={name} variant="smallDanger" onClick={onClick} />;
}

interface ConfirmedDeleteOptions<T> {
  /** The DELETE of a row. */
  remove: (row: T) => Promise<unknown>;
  /** The success toast. */
  success: () => string;
  /** Collections that the delete changes. */
  invalidate: readonly QueryKey[];
  /** A screen's own texts for a refused delete (issue code → text). */
  errorTexts?: Readonly<Record<string, string>>;
  /** A refusal shown otherwise than as the translated error toast. */
  onError?: (text: string) => void;
  /** After the delete, done or refused, as the dialog closes. */
  onSettled?: (row: T) => void;
  /** The confirmation's texts for a row. */
  confirm: (row: T) => { title: string; message: string; confirmLabel?: string };
}

/**
 * A delete behind the styled confirmation (SPEC §5): `ask(row)` opens the dialog, confirming sends the DELETE
 * (toast, refresh), and the dialog closes once it is settled. Place `dialog` anywhere in the page.
 */
export function useConfirmedDelete<T>({ remove, confirm, onSettled, ...write }: ConfirmedDeleteOptions<T>) {
  const [pending, setPending] = useState<T | null>(null);
  const mutation = useAdminMutation({ mutationFn: remove, ...write });
  let dialog: ReactNode = null;
  if (pending !== null) {
    const texts = confirm(pending);
    dialog = (
      <ConfirmDialog
        title={texts.title}
        message={texts.message}
        confirmLabel={texts.confirmLabel}
        busy={mutation.isPending}
        onConfirm={() =>
          mutation.mutate(pending, {
            onSettled: () => {
              onSettled?.(pending);
              setPending(null);
            },
          })
        }
        onCancel={() => setPending(null)}
      />
    );
  }
  return { ask: setPending, dialog };
}
