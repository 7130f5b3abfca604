import type { RouteData } from '@filaha/shared/contracts';

/** One plan ↔ index link as GET /api/abonnementIndice lists it (the two ids the choices depend on). */
export type AssignmentLink = Pick<RouteData<'GET /abonnementIndice'>[number], 'AbonnementId' | 'IndiceId'>;

const toId = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * SPEC §5: "The abonnement choice excludes those already assigned to the chosen indice and vice versa."
 * With no index chosen every plan is offered.
 */
export function plansFree<P extends { id: number }>(
  plans: readonly P[],
  links: readonly AssignmentLink[],
  indiceId: unknown,
): P[] {
  const chosen = toId(indiceId);
  if (chosen === undefined) return [...plans];
  const taken = new Set(links.filter((l) => l.IndiceId === chosen).map((l) => l.AbonnementId));
  return plans.filter((p) => !taken.has(p.id));
}

/** The other direction: indices not yet assigned to the chosen plan. */
export function indicesFree<I extends { id: number }>(
  indices: readonly I[],
  links: readonly AssignmentLink[],
  abonnementId: unknown,
): I[] {
  const chosen = toId(abonnementId);
  if (chosen === undefined) return [...indices];
  const taken = new Set(links.filter((l) => l.AbonnementId === chosen).map((l) => l.IndiceId));
  return indices.filter((i) => !taken.has(i.id));
}
