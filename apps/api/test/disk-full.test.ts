import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { appendFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HealthAnswer } from '@filaha/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  jpegFile,
  postPublication,
  publicationFields,
  sellerWithSubscription,
} from '../src/modules/marketplace/marketplace.test-support.ts';
import { buildTestApp, json, type TestApp } from './helper.ts';
import { freePort, spawnServer } from './server-process.ts';

/*
 * Issue 28 §1: a full disk, for real — a small tmpfs mounted as the data folder (root only; CI runs as root).
 * Where mounting is not permitted the suite says why it is skipped.
 */
interface Mounted {
  dir: string;
  unmount(): void;
}

function mountTmpfs(size: string): Mounted {
  const dir = mkdtempSync(join(tmpdir(), 'filaha-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', [dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function mountRefusal(): string | null {
  try {
    mountTmpfs('64k').unmount();
    return null;
  } catch (error) {
    return (error as Error).message.split('\n')[0] ?? 'mount failed';
  }
}
const refusal = mountRefusal();
if (refusal) console.log(`full-disk tests skipped: cannot mount a tmpfs here (${refusal}); they need root`);

/** Appends to one file until the file system refuses: the disk is then really full. */
async function fill(dir: string): Promise<string> {
  const file = join(dir, 'filler');
  const chunk = Buffer.alloc(64 * 1024, 1);
  for (;;) {
    try {
      await appendFile(file, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return file;
      throw error;
    }
  }
}

type Health = z.infer<typeof HealthAnswer>;

describe.skipIf(refusal !== null)('a full disk', () => {
  describe('under a running API', () => {
    let disk: Mounted;
    let t: TestApp;
    let filler: string;

    beforeAll(async () => {
      disk = mountTmpfs('2m');
      const dataDir = join(disk.dir, 'data');
      await mkdir(dataDir);
      t = await buildTestApp({ DATA_DIR: dataDir });
    });
    afterAll(async () => {
      await t?.close();
      disk?.unmount();
    });

    it('answers a write 507 STORAGE_FULL in the reader’s language, and /api/health degraded with the reason', async () => {
      const health = json<Health>(await t.inject({ method: 'GET', url: '/api/health' }));
      expect(health).toMatchObject({ status: 'ok', problems: [] });

      const seller = await sellerWithSubscription(t, { postLimit: 5 });
      filler = await fill(disk.dir);
      t.app.storageStatus.invalidate();

      const fields = publicationFields(seller.subscription.id);
      const fr = await postPublication(t, { ...seller.headers, 'accept-language': 'fr' }, fields, [await jpegFile()]);
      expect(fr.statusCode).toBe(507);
      expect(json(fr)).toEqual({
        code: 'STORAGE_FULL',
        message:
          "L'espace de stockage du serveur est plein : votre demande n'a pas été enregistrée, réessayez plus tard.",
      });
      const ar = await postPublication(t, { ...seller.headers, 'accept-language': 'ar' }, fields, [await jpegFile()]);
      expect(ar.statusCode).toBe(507);
      expect(json(ar)).toEqual({
        code: 'STORAGE_FULL',
        message: 'مساحة التخزين في الخادم ممتلئة: لم يُحفظ طلبك، يرجى المحاولة لاحقًا.',
      });

      const degraded = await t.inject({ method: 'GET', url: '/api/health' });
      expect(degraded.statusCode).toBe(200);
      const body = json<Health>(degraded);
      expect(body.status).toBe('degraded');
      expect(body.problems).toContainEqual({
        code: 'disk_full',
        message: `${t.config.dataDir} cannot be written (no space left)`,
      });
    });

    it('is ok again once space is freed: the write succeeds, health says ok', async () => {
      await rm(filler);
      t.app.storageStatus.invalidate();
      const seller = await sellerWithSubscription(t, { postLimit: 5 });
      const res = await postPublication(t, seller.headers, publicationFields(seller.subscription.id), [
        await jpegFile(),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(json<Health>(await t.inject({ method: 'GET', url: '/api/health' }))).toMatchObject({
        status: 'ok',
        problems: [],
      });
    });
  });

  describe('a first start on a too-small DATA_DIR', () => {
    let disk: Mounted;
    beforeAll(() => {
      disk = mountTmpfs('2m');
    });
    afterAll(() => disk?.unmount());

    /** Starts the real server on the embedded database in `dataDir`; its exit code and output. */
    async function start(dataDir: string) {
      for (let attempt = 1; ; attempt++) {
        const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
        const exit = await server.exit;
        const output = server.output().trim();
        // Another process took the free port before the child bound it: that refusal says nothing about the disk.
        if (attempt < 4 && /^PORT: .* is already in use/m.test(output)) continue;
        return { code: exit.code, output };
      }
    }

    const expected = (dataDir: string, free: string) =>
      `DATA_DIR: ${dataDir} has ${free} free; the embedded database needs about 100 MB there for its first start ` +
      '(free some space, or choose another DATA_DIR)';

    it('is refused in one line naming the folder and the space needed, exit code 1', { timeout: 120_000 }, async () => {
      const dataDir = join(disk.dir, 'small');
      const { code, output } = await start(dataDir);
      expect(code).toBe(1);
      expect(output).toMatch(new RegExp(`^DATA_DIR: ${dataDir} has \\d+(\\.\\d)? (kB|MB) free; `));
      expect(output.split('\n')).toHaveLength(1);
    });

    it(
      'says the same, not a raw ErrnoError, when the disk fills while the database is created',
      { timeout: 120_000 },
      async () => {
        // A database folder already there skips the check before the start: PGlite itself meets the full disk.
        const dataDir = join(disk.dir, 'started');
        await mkdir(join(dataDir, 'pglite'), { recursive: true });
        const filler = await fill(disk.dir);
        try {
          const { code, output } = await start(dataDir);
          expect(code).toBe(1);
          expect(output).toBe(expected(dataDir, '0 bytes'));
        } finally {
          await rm(filler);
        }
      },
    );
  });
});
