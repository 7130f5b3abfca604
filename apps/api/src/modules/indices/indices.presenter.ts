import type { Language } from '../../i18n/messages.ts';
import type { AssignmentRecord } from './assignments.repository.ts';
import type { IndexWithLegends, LegendRecord } from './indices.repository.ts';
import type {
  IndexDetails as Index,
  IndexLegend as Legend,
  PlanIndexAssignment as Assignment,
} from '@filaha/shared/contracts';

export function toLegend(l: LegendRecord, lang: Language): Legend {
  return {
    id: l.id,
    legendeId: l.id,
    intervalDeb: l.intervalStart,
    intervalFin: l.intervalEnd,
    color: l.color,
    descriptionLeg: lang === 'fr' ? l.descriptionFr : l.descriptionAr,
    descriptionLegFr: l.descriptionFr,
    descriptionLegAr: l.descriptionAr,
    indiceId: l.indexId,
    position: l.position,
  };
}

/** Index descriptions travel as JSON text with ar and fr keys, as the SPEC describes them. */
export const descriptionText = (d: { ar: string; fr: string }) => JSON.stringify({ ar: d.ar, fr: d.fr });

export function toIndex(i: IndexWithLegends, lang: Language): Index {
  return {
    id: i.id,
    indiceName: i.name,
    code: i.code,
    recomndation: i.recommendations,
    description: descriptionText(i.description),
    legende: i.legends.map((l) => toLegend(l, lang)),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

export function toAssignment(a: AssignmentRecord): Assignment {
  return {
    AbonnementId: a.planId,
    IndiceId: a.indexId,
    nombre_de_requete: a.requestCount,
    nameAbonnement: a.planName,
    indiceName: a.indexName,
  };
}
