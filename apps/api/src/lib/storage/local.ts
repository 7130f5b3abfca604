import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { FileUrlSigner } from './file-urls.ts';
import { assertValidKey, isValidKey, type ListedObject, type ObjectStorage, type StoredObject } from './storage.ts';

/** The part of a pino/Fastify logger the store uses to report damaged objects. */
export interface StorageLog {
  warn(details: object, message: string): void;
}

export interface LocalStorageOptions {
  log?: StorageLog;
}

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** Errors that mean "no such object here": the file, or a folder on its path, is missing or is not a folder. */
function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

const TEMP_PREFIX = '.tmp-';
const META_PATTERN = /^\.(.+)\.meta\.json$/;

/** Every file under `dir` (recursively), skipping folders that disappear while being walked. */
async function* walkFiles(dir: string): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkFiles(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Objects as files under `root` (`<DATA_DIR>/files`). The content type lives in a hidden sidecar
 * (`.<name>.meta.json`) that no valid key can name. Writes go to a temporary file first and are renamed into
 * place, so a reader never sees half an object. A damaged object (unreadable sidecar, a key that names a
 * folder) reads as absent and is logged: the caller answers 404, never 500.
 */
export function createLocalStorage(
  root: string,
  signer: FileUrlSigner,
  options: LocalStorageOptions = {},
): ObjectStorage {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, ...key.split('/'));
  };
  const metaOf = (file: string) => join(dirname(file), `.${basename(file)}.meta.json`);

  async function atomicWrite(file: string, data: Uint8Array | string): Promise<void> {
    const temp = join(dirname(file), `${TEMP_PREFIX}${randomBytes(6).toString('hex')}`);
    await writeFile(temp, data, { mode: 0o600 });
    await rename(temp, file);
  }

  function damaged(key: string, reason: string, error?: unknown): null {
    options.log?.warn({ key, reason, err: error }, 'stored object is damaged; answered as missing');
    return null;
  }

  /** The content type from the sidecar; null when missing, `undefined`-free: damaged sidecars are reported. */
  async function readType(key: string, file: string): Promise<string | null> {
    let meta: string;
    try {
      meta = await readFile(metaOf(file), 'utf8');
    } catch (error) {
      if (isMissing(error)) return damaged(key, 'metadata missing');
      if (errorCode(error) === 'EISDIR') return damaged(key, 'metadata is a folder', error);
      throw error;
    }
    try {
      const parsed = JSON.parse(meta) as unknown;
      const contentType = (parsed as { contentType?: unknown } | null)?.contentType;
      if (typeof contentType !== 'string') return damaged(key, 'metadata without a content type');
      return contentType;
    } catch (error) {
      return damaged(key, 'metadata is not JSON', error);
    }
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
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        if (errorCode(error) === 'EISDIR') return damaged(key, 'key names a folder', error);
        throw error;
      }
      const contentType = await readType(key, file);
      return contentType === null ? null : { body, contentType };
    },

    async exists(key) {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return damaged(key, 'key names a folder') ?? false;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      return (await readType(key, file)) !== null;
    },

    async delete(key) {
      const file = pathOf(key);
      // A folder under an object's name is never removed here (it may hold other objects).
      const info = await lstat(file).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (info && !info.isDirectory()) await rm(file, { force: true });
      await rm(metaOf(file), { force: true });
    },

    async *list(prefix) {
      // Walk only the folder the prefix points into; keys are then filtered on the full prefix.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const start = folder ? join(root, ...folder.split('/')) : root;
      for await (const file of walkFiles(start)) {
        const key = relative(root, file).split(sep).join('/');
        if (!key.startsWith(prefix) || !isValidKey(key)) continue;
        const info = await stat(file).catch(() => null);
        if (info) yield { key, modifiedAt: info.mtime } satisfies ListedObject;
      }
    },

    async removeStaleLeftovers(olderThan) {
      let removed = 0;
      for await (const file of walkFiles(root)) {
        const name = basename(file);
        const meta = META_PATTERN.exec(name);
        if (!name.startsWith(TEMP_PREFIX) && !meta) continue;
        const info = await stat(file).catch(() => null);
        if (!info || info.mtime >= olderThan) continue;
        if (meta) {
          // A sidecar is a leftover only when its object is gone (a write interrupted between the two renames).
          const object = await lstat(join(dirname(file), meta[1]!)).catch(() => null);
          if (object) continue;
        }
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },

    signedUrl(key, ttlSeconds, signedOptions) {
      return signer.sign(key, ttlSeconds, signedOptions?.downloadName);
    },

    sameOriginUrl(key, ttlSeconds, signedOptions) {
      return signer.sign(key, ttlSeconds, signedOptions?.downloadName);
    },
  };
}
