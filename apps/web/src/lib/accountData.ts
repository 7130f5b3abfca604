import { clearUserCaches } from './offline.ts';
import { clearOutbox } from './outbox.ts';

/**
 * Forgets everything one account left on this device besides its token: the service worker's kept answers and
 * the outbox of unsent forms. On sign-in, sign-out and an expired session (app/session.tsx), so a shared phone
 * never shows one farmer's parcels or sends one farmer's form under another's account.
 */
export async function forgetAccountData(): Promise<void> {
  clearOutbox();
  await clearUserCaches();
}
