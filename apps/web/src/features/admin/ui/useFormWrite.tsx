import { useState } from 'react';
import { FormError } from '../../../components/ui/FormError.tsx';
import { useAdminMutation } from '../../../lib/useAdminMutation.ts';

type WriteOptions<V, R> = Omit<Parameters<typeof useAdminMutation<V, R>>[0], 'onError'>;

/**
 * A form's write with the back office's habits (`useAdminMutation`), its refusal shown in the form rather than as
 * a toast: `submit(v)` clears the last refusal and sends, a success clears it too. Place `errorBanner` at the top
 * of the form; `clearError` forgets the refusal (e.g. when the form starts on another record).
 */
export function useFormWrite<V, R>({ onSuccess, ...options }: WriteOptions<V, R>) {
  const [error, setError] = useState<string | null>(null);
  const write = useAdminMutation<V, R>({
    ...options,
    onSuccess: (result, vars) => {
      setError(null);
      onSuccess?.(result, vars);
    },
    onError: setError,
  });
  const clearError = () => setError(null);
  return {
    write,
    submit: (vars: V) => {
      setError(null);
      write.mutate(vars);
    },
    clearError,
    errorBanner: <FormError text={error} onClose={clearError} />,
  };
}
