import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { farmKeys, generateImage, type GenerateFailure, type GenerateRequest, type GeneratedImage } from './farmApi.ts';

/**
 * One generate request and what it left: the image, or why there is none. Other screens that show the
 * same data (remaining requests, the parcel's latest image and history, the subscription usage) refresh.
 */
export function useGenerate() {
  const client = useQueryClient();
  const [image, setImage] = useState<GeneratedImage | null>(null);
  const [failure, setFailure] = useState<GenerateFailure | null>(null);

  const mutation = useMutation({
    mutationFn: (request: GenerateRequest) => generateImage(request),
    onMutate: () => setFailure(null),
    onSuccess: async (outcome, request) => {
      if (!outcome.ok) {
        setFailure(outcome.failure);
        // A 429 means the page's counter was stale (a request elsewhere): reload it, so Generate says why it is off.
        if (outcome.failure.kind === 'quota') await client.invalidateQueries({ queryKey: ['farm', 'config'] });
        return;
      }
      setImage(outcome.image);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['farm', 'config'] }),
        client.invalidateQueries({ queryKey: farmKeys.history(request.parcelId, request.indexId) }),
        client.invalidateQueries({ queryKey: farmKeys.latest(request.parcelId, request.indexId) }),
        // The subscription screen's usage rows (another feature) read the same counters.
        client.invalidateQueries({ queryKey: ['abonnementUser', 'usage'] }),
      ]);
    },
  });

  const reset = () => {
    setImage(null);
    setFailure(null);
    mutation.reset();
  };

  return {
    image,
    failure,
    clearFailure: () => setFailure(null),
    /** Thrown failures (network, timeout, 5xx). */
    error: mutation.error,
    loading: mutation.isPending,
    generate: (request: GenerateRequest) => mutation.mutate(request),
    reset,
  };
}
