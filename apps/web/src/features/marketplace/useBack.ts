import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Back to where the visitor came from (keeps the marketplace filters in the address), or to `fallback` when
 * the page was opened directly: react-router numbers its history entries (`idx`), 0 being the first one.
 */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) void navigate(-1);
    else void navigate(fallback);
  }, [navigate, fallback]);
}
