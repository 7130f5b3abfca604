import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FileUrlSigner } from './file-urls.ts';
import { assertValidKey, type ObjectStorage, type StoredObject } from './storage.ts';

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
}

/**
 * Objects as files under `root` (`<DATA_DIR>/files`). The content type lives in a hidden sidecar
 * (`.<name>.meta.json`) that no valid key can name. Writes go to a temporary file first and are renamed into
 * place, so a reader never sees half an object.
 */
export function createLocalStorage(root: string, signer: FileUrlSigner): ObjectStorage {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, ...key.split('/'));
  };
  const metaOf = (file: string) => join(dirname(file), `.${basename(file)}.meta.json`);

  async function atomicWrite(file: string, data: Uint8Array | string): Promise<void> {
    const temp = join(dirname(file), `.tmp-${randomBytes(6).toString('hex')}`);
    await writeFile(temp, data, { mode: 0o600 });
    await rename(temp, file);
  }

  return {
    kind: 'local',

    async put(key, bytes, contentType) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Metadata first: an object whose file exists always has its type.
      await atomicWrite(metaOf(file), JSON.stringify({ contentType }));
      await atomicWrite(file, bytes);
    },

    async get(key): Promise<StoredObject | null> {
      const file = pathOf(key);
      try {
        const [body, meta] = await Promise.all([readFile(file), readFile(metaOf(file), 'utf8')]);
        const { contentType } = JSON.parse(meta) as { contentType?: unknown };
        return { body, contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(metaOf(file), { force: true });
    },

    signedUrl(key, ttlSeconds, options) {
      return signer.sign(key, ttlSeconds, options?.downloadName);
    },

    sameOriginUrl(key, ttlSeconds, options) {
      return signer.sign(key, ttlSeconds, options?.downloadName);
    },
  };
}
