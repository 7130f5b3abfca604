import type { UseQueryResult } from '@tanstack/react-query';
import { useErrorText } from '../../../lib/useErrorText.ts';

/** The query a back-office table lists: its state, its failure, its retry. */
type ListQuery = Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;

/** A DataTable's `loading`, `error` (in the reader's language) and `onRetry`, from the query that lists its rows. */
export function useTableState(list: ListQuery) {
  const errorText = useErrorText();
  return {
    loading: list.isPending,
    error: list.isError ? errorText(list.error) : null,
    onRetry: () => void list.refetch(),
  };
}
