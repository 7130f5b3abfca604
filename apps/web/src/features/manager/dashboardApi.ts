import { call } from '../../lib/client.ts';
import type { FarmerSubscription, Usage } from '../admin/types.ts';
import { fetchListPage } from '../marketplace/api.ts';
import type { PublicationLite } from './stats.ts';

const PAGE = 100;
/** A hard stop so a huge marketplace cannot turn the dashboard into thousands of requests. */
const MAX_PAGES = 50;

/** Every publication, page by page (the plain list of /publications/all is capped at 100). */
export async function allPublications(): Promise<{ items: PublicationLite[]; total: number }> {
  const items: PublicationLite[] = [];
  let total = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await fetchListPage({ page, limit: PAGE });
    total = answer.total;
    items.push(...answer.items);
    if (answer.items.length < PAGE || items.length >= total) break;
  }
  return { items, total };
}

/**
 * The quota rows of every subscription that was ever activated (only those have rows), a few requests at a
 * time: there is no aggregate route, and the manager may read each subscription's usage.
 */
export async function usageOf(subscriptions: readonly FarmerSubscription[], parallel = 4): Promise<Usage[][]> {
  const ids = subscriptions.filter((s) => s.date_activation !== null).map((s) => s.id);
  const out: Usage[][] = [];
  for (let i = 0; i < ids.length; i += parallel) {
    const batch = ids.slice(i, i + parallel);
    out.push(
      ...(await Promise.all(
        batch.map((id) =>
          call('GET /abonnementUserIndice/restReq/:abonnementUserId/indices-restants', {
            params: { abonnementUserId: id },
          }).catch(() => []),
        ),
      )),
    );
  }
  return out;
}
