import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ABONNEMENT_TYPES, AssignFunctionalityInput, AssignSellerFunctionalityInput, idSchema } from '@filaha/shared';
import { SelectField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { functionalitiesQuery, plansQuery, sellerPlansQuery } from './queries.ts';
import { useCatalogText } from './ui/Bilingual.tsx';
import { ChoiceField } from './ui/ChoiceField.tsx';
import { SubmitButton } from './ui/SubmitButton.tsx';
import { useFormWrite } from './ui/useFormWrite.tsx';

/** Both selects required (SPEC §5); the plan kind says which route and which id field the server reads. */
const AssignForm = z.object({
  fonctionnalityId: idSchema,
  abonnementType: z.enum(ABONNEMENT_TYPES),
  planId: idSchema,
});
type AssignForm = z.output<typeof AssignForm>;

async function assign(v: AssignForm): Promise<unknown> {
  if (v.abonnementType === 'vendeur') {
    const body = AssignSellerFunctionalityInput.parse({
      fonctionnalityId: v.fonctionnalityId,
      sellerabonnementid: v.planId,
    });
    return call('POST /sellerAbonnementFonctionality', { body });
  }
  const body = AssignFunctionalityInput.parse({ fonctionnalityId: v.fonctionnalityId, abonnementId: v.planId });
  return call('POST /abonnementFonctionnality', { body });
}

/** Functionality → farmer plan or seller plan; a duplicate answers 409 'Fonctionality déjà assignée.'. */
export function AssignFunctionalityForm() {
  const { t } = useTranslation('admin');
  const { fieldMessage } = useMessages();
  const text = useCatalogText();
  const functionalities = useQuery(functionalitiesQuery);
  const plans = useQuery(plansQuery);
  const sellerPlans = useQuery(sellerPlansQuery);
  const form = useForm({ resolver: zodResolver(AssignForm), defaultValues: { abonnementType: 'agriculteur' } });
  const errors = form.formState.errors;
  const kind = form.watch('abonnementType');
  const choices =
    kind === 'vendeur'
      ? (sellerPlans.data ?? []).map((p) => ({ value: p.id, label: text(p.nameAbonnement, p.nameAbonnementAr) }))
      : (plans.data ?? []).map((p) => ({ value: p.id, label: text(p.nameAbonnement, p.nameAbonnementAr) }));

  const save = useFormWrite({
    mutationFn: assign,
    success: () => t('functionalities.assigned'),
    invalidate: [KEYS.plans, KEYS.sellerPlans],
  });

  return (
    <form noValidate onSubmit={form.handleSubmit(save.submit)} className="grid gap-4 sm:grid-cols-3">
      {save.errorBanner}
      <ChoiceField
        label={t('functionalities.functionality')}
        error={fieldMessage(errors.fonctionnalityId?.message)}
        choices={(functionalities.data ?? []).map((f) => ({ value: f.id, label: text(f.name, f.nameAr) }))}
        {...form.register('fonctionnalityId')}
      />
      <SelectField
        label={t('functionalities.planKind')}
        {...form.register('abonnementType', { onChange: () => form.setValue('planId', '') })}
      >
        <option value="agriculteur">{t('functionalities.kinds.agriculteur')}</option>
        <option value="vendeur">{t('functionalities.kinds.vendeur')}</option>
      </SelectField>
      <ChoiceField
        label={t('functionalities.plan')}
        error={fieldMessage(errors.planId?.message)}
        choices={choices}
        {...form.register('planId')}
      />
      <div className="sm:col-span-3">
        <SubmitButton busy={save.write.isPending}>{t('functionalities.assignSubmit')}</SubmitButton>
      </div>
    </form>
  );
}
