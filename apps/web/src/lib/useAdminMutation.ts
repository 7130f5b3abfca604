import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useToast } from '../components/ui/Toasts.tsx';
import { useErrorText } from './useErrorText.ts';

interface Options<V, R> {
  mutationFn: (vars: V) => Promise<R>;
  /** The success toast. */
  success: (result: R, vars: V) => string;
  /** Collections that the write changes. */
  invalidate: readonly QueryKey[];
  /** A screen's own texts for issue codes (e.g. already_assigned → 'Fonctionality déjà assignée.'). */
  errorTexts?: Readonly<Record<string, string>>;
  onSuccess?: (result: R, vars: V) => void;
  /** Errors shown inside a form instead of a toast. */
  onError?: (text: string) => void;
}

/** A write with the back office's habits: refresh what changed, a success toast, a translated error toast. */
export function useAdminMutation<V, R>({
  mutationFn,
  success,
  invalidate,
  errorTexts,
  onSuccess,
  onError,
}: Options<V, R>) {
  const client = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  return useMutation({
    mutationFn,
    onSuccess: async (result, vars) => {
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
      toast.success(success(result, vars));
      onSuccess?.(result, vars);
    },
    onError: (error) => {
      const text = errorText(error, errorTexts);
      if (onError) onError(text);
      else toast.error(text);
    },
  });
}
