import { presentPlanNames, presentTimestamps } from '../../core/plans.ts';
import type { Language } from '../../i18n/messages.ts';
import type { PlanDetailRecord, PlanRecord } from './plans.repository.ts';
import type { Plan, PlanDetails } from '@filaha/shared/contracts';

/** Internal English names → the contract's French field names (ARCHITECTURE §4). */
export function toPlan(plan: PlanRecord, lang: Language): Plan {
  return {
    id: plan.id,
    ...presentPlanNames(plan),
    prices: plan.prices,
    description: lang === 'fr' ? plan.descriptionFr : plan.descriptionAr,
    descriptionFr: plan.descriptionFr,
    descriptionAr: plan.descriptionAr,
    ...presentTimestamps(plan),
  };
}

export function toPlanDetails(plan: PlanDetailRecord, lang: Language): PlanDetails {
  return {
    ...toPlan(plan, lang),
    fonctionnalities: plan.functionalities,
    indices: plan.indices.map((index) => ({
      id: index.id,
      name: index.name,
      code: index.code,
      description: JSON.stringify({ ar: index.description.ar, fr: index.description.fr }),
      recommendation: index.recommendations,
      nombre_de_requete: index.requestCount,
    })),
  };
}
