import { useEffect, useState } from 'react';
import type { RouteData } from '@filaha/shared/contracts';
import { request } from './client.ts';

/** A plan of the catalogue as GET /api/abonnement answers it. */
export type CatalogPlan = RouteData<'GET /abonnement'>[number];

/**
 * The catalogue's plans for the public pages (no react-query there), asked once while `wanted` (the offers page
 * always; the sign-up form only for a plan chosen on /offre); empty while loading, on failure or unwanted.
 */
export function useCatalogPlans(wanted = true): CatalogPlan[] {
  const [plans, setPlans] = useState<CatalogPlan[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    request('GET /abonnement', {}, { token: null })
      .then((r) => {
        if (live && r.ok && Array.isArray(r.data)) setPlans(r.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return plans;
}
