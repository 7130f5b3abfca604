import { open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, PGLITE_EXTENSIONS, type Database } from '../client.ts';
import { seed } from '../seed/index.ts';
import { templateKey } from './template.ts';

const STALE_LOCK_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Builds a migrated, base-seeded PGlite in memory and returns its data-dir dump. */
async function buildTemplate(): Promise<Buffer> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = await openPglite(client);
  try {
    await seed(database, { demo: false });
    const dump = await client.dumpDataDir('none');
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await database.close();
  }
}

/**
 * The template dump's file, built once per machine and template key. Building takes ~10 s, so a lock file makes the
 * other workers wait for the first one instead of all building at once. Spawned servers start a new DATA_DIR from
 * it (`PGLITE_INITIAL_DATA`), as the workers' own databases do.
 */
export async function pgliteTemplateFile(): Promise<string> {
  const key = await templateKey();
  const file = join(tmpdir(), `filaha-db-template-${key}.pgdata`);
  const lock = `${file}.lock`;
  for (;;) {
    if (await exists(file)) return file;
    let handle;
    try {
      handle = await open(lock, 'wx');
    } catch {
      // Someone else is building; take over only if their lock is old (a crashed worker).
      const info = await stat(lock).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) await unlink(lock).catch(() => undefined);
      await sleep(200);
      continue;
    }
    try {
      if (await exists(file)) return file;
      const dump = await buildTemplate();
      const partial = `${file}.${process.pid}.tmp`;
      await writeFile(partial, dump);
      // rename is atomic, so a reader never sees a half-written template.
      await rename(partial, file);
      await removeOtherTemplates(file);
      return file;
    } finally {
      await handle.close();
      await unlink(lock).catch(() => undefined);
    }
  }
}

/** The template dump itself (pgliteTemplateFile). */
export async function pgliteTemplate(): Promise<Buffer<ArrayBuffer>> {
  return readFile(await pgliteTemplateFile());
}

/** Templates of older code are ~60 MB each; once a new one exists, the old ones are only clutter. */
async function removeOtherTemplates(current: string): Promise<void> {
  const dir = tmpdir();
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if (path !== current && /^filaha-db-template-[0-9a-f]+\.pgdata$/.test(name))
      await unlink(path).catch(() => undefined);
  }
}

export async function pgliteFromTemplate(): Promise<Database> {
  const dump = await pgliteTemplate();
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  return openPglite(client);
}
