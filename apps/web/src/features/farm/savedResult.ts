import { useQuery } from '@tanstack/react-query';
import { ApiFailure } from '../../lib/api.ts';
import { useOnline, useSavedAt } from '../../lib/offline.ts';
import { farmQueries, type GeneratedImage, type HistoryItem } from './farmApi.ts';

/**
 * The farm map without a network (issue 13 §3): a fresh result needs the server, so offline — or when Generate
 * fails for lack of a network — the screen shows the last result of the parcel × index instead, the one the parcel
 * page and the history read (GET /api/request/image, kept by the service worker with its "saved on" date).
 *
 * While online, once a fresh result is on screen, the same answer is read once so that the service worker keeps
 * it (with its PNG and values grid, already kept when the map drew them): that is what a later offline visit
 * finds.
 */
export type SavedResultState =
  /** A fresh result, or nothing asked for: nothing to say. */
  | { kind: 'off' }
  | { kind: 'loading' }
  /** Offline (or no network) and nothing kept on this device for the parcel × index. */
  | { kind: 'none' }
  | { kind: 'shown'; image: GeneratedImage; savedAt: string; period: { start: string; end: string } };

/** The path GET /api/request/image is read at (the service worker keeps answers by this URL). */
export const savedResultPath = (parcelId: number, indexId: number) =>
  `/request/image?parcelleId=${parcelId}&indiceId=${indexId}`;

/** A stored result as the farm map shows a generated one. */
export function asGenerated(item: HistoryItem): GeneratedImage {
  return {
    success: true,
    resultId: item.id,
    cached: false,
    index: item.index,
    imageUrl: item.imageUrl,
    valuesUrl: item.valuesUrl,
    downloadUrl: item.downloadUrl,
    bounds: item.bounds,
    stats: item.stats,
    minValidFraction: item.minValidFraction,
    scene: { id: item.sceneId, datetime: item.sceneDatetime, cloudFraction: item.cloudFraction },
    dateDebut: item.dateDebut,
    dateFin: item.dateFin,
  };
}

/** A failure that means "no network" (not a refusal of the server): a saved result is worth showing. */
export const isNetworkFailure = (error: unknown) =>
  error instanceof ApiFailure && (error.kind === 'network' || error.kind === 'timeout');

export function useSavedResult({
  parcelId,
  indexId,
  fresh,
  failure,
}: {
  parcelId: number | null;
  indexId: number | null;
  /** The result Generate gave on this screen, if any. */
  fresh: GeneratedImage | null;
  /** What Generate threw (network, timeout, server), if anything. */
  failure: unknown;
}): SavedResultState {
  const online = useOnline();
  const chosen = parcelId !== null && indexId !== null;
  const fallback = chosen && fresh === null && (!online || isNetworkFailure(failure));
  const keep = chosen && online && fresh !== null;
  const query = useQuery({
    ...farmQueries.latest(parcelId ?? 0, indexId ?? 0),
    enabled: fallback || keep,
    retry: false,
  });
  // The date the kept copy was saved (answers from the service worker), else when the result was made.
  const savedAt = useSavedAt(chosen ? savedResultPath(parcelId, indexId) : '\u0000');
  if (!fallback) return { kind: 'off' };
  if (query.data) {
    return {
      kind: 'shown',
      image: asGenerated(query.data),
      savedAt: savedAt ?? query.data.createdAt,
      period: { start: query.data.dateDebut, end: query.data.dateFin },
    };
  }
  if (query.isFetching) return { kind: 'loading' };
  return { kind: 'none' };
}
