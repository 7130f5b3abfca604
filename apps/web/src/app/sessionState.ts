import type { RoleName } from '@filaha/shared';

/**
 * Where the signed-in state stands. Its own module: app/session.tsx (the provider) loads app/restoreSession.ts
 * lazily, and restoreSession answers with this type, so neither imports the other back.
 */
export type Session =
  | { status: 'loading' }
  /** `signedOut`: the user signed out here, so the sign-in page does not offer to return to where they were. */
  | { status: 'anonymous'; signedOut?: boolean }
  /**
   * `unverified`: opened from the stored token because the server could not be asked (no network); asked again when
   * the network returns (app/restoreSession.ts).
   */
  | { status: 'authenticated'; role: RoleName; unverified?: true };
