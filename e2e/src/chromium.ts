import { existsSync } from 'node:fs';

/** Browser tests need Debian's Chromium. Locally they are skipped with a message; in CI a missing browser fails. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  const msg = `Chromium not found at ${chromiumPath}: browser tests ${process.env.CI ? 'cannot run in CI' : 'skipped (apt-get install -y chromium)'}`;
  if (process.env.CI) throw new Error(msg);
  console.warn(msg);
}
