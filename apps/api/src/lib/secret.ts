import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The embedded default has no JWT_SECRET: generate one on first start and keep it in `<dataDir>/jwt-secret`
 * (mode 600) so sessions survive restarts. `wx` makes a concurrent first start keep the first writer's secret.
 */
export async function loadOrCreateSecret(dataDir: string): Promise<{ secret: string; created: boolean }> {
  const file = join(dataDir, 'jwt-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return { secret: existing, created: false };
    throw new Error(`${file} holds a secret shorter than 32 characters: delete the file or set JWT_SECRET`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { secret: (await readFile(file, 'utf8')).trim(), created: false };
  }
  await chmod(file, 0o600);
  return { secret, created: true };
}
