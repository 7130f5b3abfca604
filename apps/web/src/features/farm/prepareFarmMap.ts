import { queryClient } from '../../lib/queries.ts';
import { isYmd } from './dateRange.ts';
import { farmQueries, type IndexConfig } from './farmApi.ts';
import { defaultParcelId } from './lastParcel.ts';
import { indexCodeOf } from './legend.ts';
import { tokenUserId } from './useFarmAccess.ts';

const numberParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** SPEC §4: the index a link asks for when the plan has it, else NDVI when the plan has it, else the plan's first. */
export function initialIndexId(config: readonly IndexConfig[], askedParam: string | null): number | null {
  const asked = numberParam(askedParam);
  if (config.some((c) => c.indiceId === asked)) return asked;
  return (config.find((c) => indexCodeOf(c) === 'NDVI') ?? config[0])?.indiceId ?? null;
}

/** The parcel a link opens on (`?parcel=`), else none. */
export const initialParcelId = (params: URLSearchParams): number | null => numberParam(params.get('parcel'));

/**
 * The reads the farm map's first render shows, into the query cache before that render (app/prepareRoute.ts): the
 * subscription status, the plan's indices when it is active, the parcels, and — unless the link has dates of its
 * own — the latest acquisition over the parcel it opens on (the link's, else the default one: lastParcel.ts), which
 * the default window and Generate wait for. The same queries, in the same order, as FarmMapPage and useFarmAccess
 * make; opened directly, each takes the answer the inline script of index.html already asked for (lib/early.ts).
 * Without this the screen rendered once empty and again as each answer came (on a 4× slower phone CPU, a render of
 * the whole screen is a few hundred ms). Failures are left to the screen, which asks again and shows them as it
 * always does (not retried here: the first render would wait for it). Never rejects.
 */
export async function prepareFarmMap(search: string): Promise<void> {
  const userId = tokenUserId();
  if (userId === null) return;
  const params = new URLSearchParams(search);
  const linked = initialParcelId(params);
  const ownDates = isYmd(params.get('start') ?? '') && isYmd(params.get('end') ?? '');
  const parcels = queryClient.fetchQuery({ ...farmQueries.parcels, retry: false }).catch(() => null);
  const gate = async () => {
    const status = await queryClient.fetchQuery({ ...farmQueries.status(userId), retry: false });
    if (!status.some((s) => s.etat === 'actif')) return;
    const config = await queryClient.fetchQuery({ ...farmQueries.config(userId), retry: false });
    const indexId = initialIndexId(config, params.get('index'));
    const index = config.find((c) => c.indiceId === indexId);
    if (ownDates || !index) return;
    // The screen's own choice (FarmMapPage): the link's parcel, else the default among the parcels it lists.
    const parcelId = linked ?? defaultParcelId((await parcels) ?? config[0]?.parcelles ?? [], userId);
    if (parcelId === null) return;
    await queryClient.prefetchQuery(farmQueries.latestAcquisition(parcelId, indexCodeOf(index)));
  };
  await Promise.allSettled([gate(), parcels]);
}
