import type { Session } from './sessionState.ts';

/** `session` null: the screen's code and strings only (no token yet). */
type Preparer = (path: string, session: Session | null) => Promise<unknown>;

let preparer: Preparer | null = null;

/**
 * Set by app/App.tsx to app/prepareRoute.ts, which a screen cannot import itself (it imports every screen: an import
 * circle). Until it is set (tests that mount a screen alone), `prepareScreen` does nothing. Returns the one before.
 */
export function setScreenPreparer(fn: Preparer | null): Preparer | null {
  const before = preparer;
  preparer = fn;
  return before;
}

/**
 * Starts loading what the screen at `path` (its query string included) renders first for `session` — its code, its
 * strings and the reads it shows (app/prepareRoute.ts) — so that they travel together rather than one after another
 * as the screen renders. The sign-in page calls it for the screen it is about to open: on a weak link (400 ms round
 * trip) the farm map's reads were made one round trip after another, about 2 s more. With `session` null (the
 * sign-in page, while it signs in: no token yet) only the screen's code and strings. Never rejects.
 */
export function prepareScreen(path: string, session: Session | null): Promise<void> {
  if (!preparer) return Promise.resolve();
  return preparer(path, session).then(
    () => undefined,
    () => undefined,
  );
}
