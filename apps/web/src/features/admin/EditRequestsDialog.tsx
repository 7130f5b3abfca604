import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestCountSchema } from '@filaha/shared';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useMessages } from '../../lib/messages.ts';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import type { Assignment } from './types.ts';
import { RequestCountField } from './ui/RequestCountField.tsx';
import { SubmitButton } from './ui/SubmitButton.tsx';
import { FormError } from '../../components/ui/FormError.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useAdminMutation } from '../../lib/useAdminMutation.ts';

/**
 * Edits an assignment's request count in a dialog (the earlier product used `prompt()`): the value must be
 * numeric and above 0 — the shared rule (an integer from 1 to 100 000) — before anything is sent.
 */
export function EditRequestsDialog({
  assignment,
  planName,
  onClose,
}: {
  assignment: Assignment;
  /** The plan's name in the reader's language (the assignment itself carries only the French one). */
  planName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const { fieldMessage } = useMessages();
  const formId = useId();
  const [value, setValue] = useState(String(assignment.nombre_de_requete));
  const [invalid, setInvalid] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation({
    mutationFn: (n: number) =>
      call('PUT /abonnementIndice/:abonnementId/:indiceId', {
        params: { abonnementId: assignment.AbonnementId, indiceId: assignment.IndiceId },
        body: { AbonnementId: assignment.AbonnementId, IndiceId: assignment.IndiceId, nombre_de_requete: n },
      }),
    success: () => t('planIndices.updated'),
    invalidate: [KEYS.assignments, KEYS.plans],
    onSuccess: onClose,
    onError: setError,
  });

  const submit = () => {
    const parsed = requestCountSchema.safeParse(value);
    if (!parsed.success) {
      setInvalid(fieldMessage(parsed.error.issues[0]?.message));
      return;
    }
    setInvalid(undefined);
    save.mutate(parsed.data);
  };

  return (
    <Dialog
      title={t('planIndices.editTitle')}
      onClose={onClose}
      actions={
        <>
          <Button type="button" onClick={onClose} variant="secondary">
            {tc('actions.cancel')}
          </Button>
          <SubmitButton busy={save.isPending} form={formId}>
            {t('common.save')}
          </SubmitButton>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-3"
      >
        <p>{t('planIndices.editText', { plan: planName, index: assignment.indiceName })}</p>
        <FormError text={error} onClose={() => setError(null)} />
        <RequestCountField
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(undefined);
          }}
          error={invalid}
        />
      </form>
    </Dialog>
  );
}
