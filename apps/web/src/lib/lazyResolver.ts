import type { FieldValues, Resolver } from 'react-hook-form';
import { whenSettled } from './settled.ts';

/**
 * A react-hook-form resolver whose rules (a zod schema of @filaha/shared, and zod itself: ≈ 24 KB on the wire)
 * load when the page has settled, or at the first validation if that comes first, instead of with the page:
 * on a weak connection the sign-in form is usable before they arrive (issue 13 §4, docs/PERFORMANCE.md). The
 * rules are the same; only when they are fetched changes.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): {
  resolver: Resolver<T>;
  /** Starts loading the rules once the page has settled (call from an effect). */
  prefetch: () => void;
} {
  let loading: Promise<Resolver<T>> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed fetch (connection lost) is tried again at the next validation.
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    prefetch: () => void whenSettled().then(() => get().catch(() => undefined)),
  };
}
