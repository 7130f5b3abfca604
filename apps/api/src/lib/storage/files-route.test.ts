import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, TEST_JWT_SECRET, useTestApp } from '../../../test/helper.ts';
import { createFileUrlSigner } from './file-urls.ts';
import { createLocalStorage } from './local.ts';
import { createStorage } from './plugin.ts';
import { InvalidObjectKeyError } from './storage.ts';

const t = useTestApp();
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('local storage', () => {
  it('keeps bytes and content type, deletes, and refuses keys that could escape its folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'filaha-storage-'));
    try {
      const storage = createLocalStorage(root, createFileUrlSigner('x'.repeat(40)));
      await storage.put('a/b/map.png', PNG, 'image/png');
      expect(await storage.get('a/b/map.png')).toEqual({ body: PNG, contentType: 'image/png' });
      expect((await readdir(join(root, 'a', 'b'))).sort()).toEqual(['.map.png.meta.json', 'map.png']);
      await storage.delete('a/b/map.png');
      expect(await storage.get('a/b/map.png')).toBeNull();
      expect(await readdir(join(root, 'a', 'b'))).toEqual([]);
      for (const bad of ['../x', '/etc/passwd', 'a/../../x', '.hidden', 'a//b', 'a/.map.png.meta.json', 'é', '']) {
        await expect(storage.put(bad, PNG, 'image/png'), bad).rejects.toBeInstanceOf(InvalidObjectKeyError);
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('GET /api/files/* (signed URLs of the local store)', () => {
  // The app decorates its /api scope with the store; the same folder and secret give an equivalent one here.
  const storage = () => createStorage(t.current.config, TEST_JWT_SECRET);
  const put = async (key: string) => storage().put(key, PNG, 'image/png');
  const get = (url: string) => t.current.inject({ method: 'GET', url });

  it('serves a signed URL without any Authorization header, privately cached for its remaining life', async () => {
    await put('tests/one.png');
    const url = storage().signedUrl('tests/one.png', 3600);
    expect(url).toMatch(/^\/api\/files\/tests\/one\.png\?exp=\d+&sig=[\w-]+$/);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(3590);
    expect(maxAge).toBeLessThanOrEqual(3600);
  });

  it('names downloads and signs the name', async () => {
    await put('tests/two.tif');
    const url = storage().signedUrl('tests/two.tif', 60, { downloadName: 'NDVI_parcelle-1.tif' });
    const res = await get(url);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="NDVI_parcelle-1.tif"; filename*=UTF-8''NDVI_parcelle-1.tif`,
    );
    expect((await get(url.replace('NDVI_parcelle-1', 'other'))).statusCode).toBe(403);
  });

  it('answers 403 to a tampered, transplanted, unsigned or expired URL', async () => {
    await put('tests/three.png');
    await put('tests/four.png');
    const url = storage().signedUrl('tests/three.png', 600);
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const exp = new URL(url, 'http://x').searchParams.get('exp')!;
    const flipped = `${sig.slice(0, 5)}${sig[5] === 'A' ? 'B' : 'A'}${sig.slice(6)}`;
    const forbidden = [
      url.replace(sig, flipped),
      url.replace('three', 'four'),
      url.replace(`exp=${exp}`, `exp=${Number(exp) + 86400}`),
      '/api/files/tests/three.png',
      `/api/files/tests/three.png?exp=${exp}`,
      createFileUrlSigner(TEST_JWT_SECRET, () => Date.now() - 7200_000).sign('tests/three.png', 60),
      createFileUrlSigner('another-secret-that-is-long-enough-0123456789').sign('tests/three.png', 60),
    ];
    for (const bad of forbidden) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(json(res).code).toBe('FORBIDDEN');
    }
    // The same signature scheme with the server's secret is accepted: the checks above fail for their reason.
    expect((await get(createFileUrlSigner(TEST_JWT_SECRET).sign('tests/three.png', 60))).statusCode).toBe(200);
  });

  it('answers 404 for a genuine URL of a deleted object', async () => {
    await put('tests/gone.png');
    const url = storage().signedUrl('tests/gone.png', 60);
    await storage().delete('tests/gone.png');
    expect((await get(url)).statusCode).toBe(404);
  });

  it('answers 404, not 500, for a damaged object: a corrupt sidecar, or a key that names a folder', async () => {
    const files = join(t.current.dataDir, 'files');
    await put('tests/corrupt.png');
    await writeFile(join(files, 'tests', '.corrupt.png.meta.json'), '{"contentType": "image/p');
    await put('tests/folder/inside.png');
    for (const key of ['tests/corrupt.png', 'tests/folder']) {
      const res = await get(storage().signedUrl(key, 60));
      expect(res.statusCode, key).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
    }
    // The object inside the folder is untouched.
    expect((await get(storage().signedUrl('tests/folder/inside.png', 60))).statusCode).toBe(200);
  });
});

describe('local storage: damaged objects', () => {
  it('reads a corrupt sidecar, a sidecar without a type, a folder key as absent, and logs each', async () => {
    const root = await mkdtemp(join(tmpdir(), 'filaha-storage-'));
    try {
      const warnings: Array<{ details: object; message: string }> = [];
      const storage = createLocalStorage(root, createFileUrlSigner('x'.repeat(40)), {
        log: { warn: (details, message) => warnings.push({ details, message }) },
      });
      await storage.put('a/bad.png', PNG, 'image/png');
      await writeFile(join(root, 'a', '.bad.png.meta.json'), 'not json');
      await storage.put('a/untyped.png', PNG, 'image/png');
      await writeFile(join(root, 'a', '.untyped.png.meta.json'), '[]');
      await storage.put('a/dir/x.png', PNG, 'image/png');
      for (const key of ['a/bad.png', 'a/untyped.png', 'a/dir']) {
        expect(await storage.get(key), key).toBeNull();
        expect(await storage.exists(key), key).toBe(false);
      }
      expect(warnings.map((w) => (w.details as { key: string }).key)).toEqual(
        expect.arrayContaining(['a/bad.png', 'a/untyped.png', 'a/dir']),
      );
      // Deleting a damaged key works; deleting a folder's name never removes the objects inside it.
      await storage.delete('a/bad.png');
      await storage.delete('a/dir');
      expect(await storage.get('a/dir/x.png')).toEqual({ body: PNG, contentType: 'image/png' });
      expect(await storage.exists('a/dir/x.png')).toBe(true);
      expect(await storage.exists('a/none.png')).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
