import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy screen that can also be loaded ahead of its first render. */
export type Preloadable<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<void>;
};

/**
 * React.lazy that renders at once when its module has already arrived, and can be loaded ahead (`preload`).
 *
 * React.lazy suspends on its first render even when the module is there (a promise always answers later), so a
 * fallback is committed; and React holds back revealing a suspended part until 300 ms after the last fallback it
 * showed. A screen opened directly went through three such lazy steps (the signed-in frame, the page switch, the
 * page), each with its pause. Here, once the module is loaded, the factory answers with a thenable that calls back
 * at once: React reads it without suspending (its lazy initializer takes a synchronous answer).
 */
export function preloadable<P extends object = object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        // Not kept: a later render or preload asks again (a file the network dropped).
        loading = undefined;
        throw error;
      },
    ));
  const component = lazy(() => (loaded ? answered(loaded) : start()));
  return Object.assign(component, { preload: () => start().then(() => undefined) });
}

/** A thenable that calls back synchronously (a promise never does). */
function answered<T>(value: T): Promise<T> {
  const thenable = {
    then(onFulfilled: (value: T) => unknown) {
      onFulfilled(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<T>;
}
