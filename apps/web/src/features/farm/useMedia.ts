import { useSyncExternalStore } from 'react';

/** Phones: the farm map puts the map and the result first and folds the form under this width (Tailwind `sm`). */
export const SMALL_SCREEN = '(max-width: 639.98px)';
/** A finger rather than a mouse: "show the value on tap". */
export const COARSE_POINTER = '(pointer: coarse)';

/** Whether a media query matches now, following its changes. */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
