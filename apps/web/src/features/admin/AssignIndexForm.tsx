import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REQUESTS_PER_INDEX, PlanIndexInput } from '@filaha/shared';
import { useMessages } from '../../lib/messages.ts';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { indicesFree, plansFree } from './assignment.ts';
import { assignmentsQuery, indicesQuery, plansQuery } from './queries.ts';
import { useCatalogText } from './ui/Bilingual.tsx';
import { ChoiceField } from './ui/ChoiceField.tsx';
import { RequestCountField } from './ui/RequestCountField.tsx';
import { SubmitButton } from './ui/SubmitButton.tsx';
import { useFormWrite } from './ui/useFormWrite.tsx';

/**
 * Index → plan with a request count (default 6, integer ≥ 1). Each select offers only what is not yet
 * linked to the other's choice; a duplicate still answers 409 'Assignment already exists…'.
 */
export function AssignIndexForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('admin');
  const text = useCatalogText();
  const { fieldMessage } = useMessages();
  const indices = useQuery(indicesQuery);
  const plans = useQuery(plansQuery);
  const links = useQuery(assignmentsQuery);
  const form = useForm({
    resolver: zodResolver(PlanIndexInput),
    defaultValues: { IndiceId: '', AbonnementId: '', nombre_de_requete: String(DEFAULT_REQUESTS_PER_INDEX) },
  });
  const errors = form.formState.errors;
  const indiceId = form.watch('IndiceId');
  const abonnementId = form.watch('AbonnementId');
  const planChoices = plansFree(plans.data ?? [], links.data ?? [], indiceId);
  const indexChoices = indicesFree(indices.data ?? [], links.data ?? [], abonnementId);

  // A choice the other select has just excluded is cleared rather than silently kept.
  useEffect(() => {
    if (abonnementId && !planChoices.some((p) => String(p.id) === String(abonnementId)))
      form.setValue('AbonnementId', '');
  }, [abonnementId, planChoices, form]);

  const save = useFormWrite({
    mutationFn: (input: PlanIndexInput) => call('POST /abonnementIndice', { body: input }),
    success: () => t('planIndices.created'),
    invalidate: [KEYS.assignments, KEYS.plans],
    onSuccess: () => {
      form.reset();
      onDone?.();
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit(save.submit)} className="grid gap-4 sm:grid-cols-3">
      {save.errorBanner}
      <ChoiceField
        label={t('planIndices.index')}
        error={fieldMessage(errors.IndiceId?.message)}
        choices={indexChoices.map((i) => ({ value: i.id, label: i.indiceName }))}
        {...form.register('IndiceId')}
      />
      <ChoiceField
        label={t('planIndices.plan')}
        error={fieldMessage(errors.AbonnementId?.message)}
        choices={planChoices.map((p) => ({ value: p.id, label: text(p.nameAbonnement, p.nameAbonnementAr) }))}
        {...form.register('AbonnementId')}
      />
      <RequestCountField
        hint={t('planIndices.requestsHint')}
        error={fieldMessage(errors.nombre_de_requete?.message)}
        {...form.register('nombre_de_requete')}
      />
      <div className="sm:col-span-3">
        <SubmitButton busy={save.write.isPending}>{t('planIndices.submit')}</SubmitButton>
      </div>
    </form>
  );
}
