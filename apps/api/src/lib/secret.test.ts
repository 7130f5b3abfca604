import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secret.ts';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'filaha-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('loadOrCreateSecret', () => {
  it('generates a secret once, keeps it with mode 600 and reuses it', async () => {
    const dir = join(await tempDir(), 'nested', 'data');
    const first = await loadOrCreateSecret(dir);
    expect(first.created).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    const second = await loadOrCreateSecret(dir);
    expect(second).toEqual({ secret: first.secret, created: false });
  });

  it('agrees on one secret when two processes start together', async () => {
    const dir = await tempDir();
    const [a, b] = await Promise.all([loadOrCreateSecret(dir), loadOrCreateSecret(dir)]);
    expect(a.secret).toBe(b.secret);
  });

  it('refuses a truncated secret file instead of signing with it', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'jwt-secret'), 'short\n');
    await expect(loadOrCreateSecret(dir)).rejects.toThrow(/shorter than 32/);
  });
});
