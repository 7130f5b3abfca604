import { open, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
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
    if (await exists(file)) return touched(file);
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
      return touched(file);
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

/**
 * A template another test run on this machine may still be using (another checkout, other code): its file is
 * touched each time a run takes it, and only removed once nobody has taken it for this long.
 */
export const TEMPLATE_IDLE_MS = 6 * 60 * 60 * 1000;

/** Marks the template as in use now (its modification time), for `removeOtherTemplates` of other runs. */
async function touched(file: string): Promise<string> {
  const now = new Date();
  await utimes(file, now, now).catch(() => undefined);
  return file;
}

/**
 * Templates of older code are ~60 MB each; once a new one exists, the old ones are only clutter — but not while
 * another run may still use one: a CI run of a clean clone beside a working tree with a new migration lost its
 * template mid-run that way. Those taken within TEMPLATE_IDLE_MS stay.
 */
export async function removeOtherTemplates(current: string, dir = tmpdir(), now = Date.now()): Promise<void> {
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if (path === current || !/^filaha-db-template-[0-9a-f]+\.pgdata$/.test(name)) continue;
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > TEMPLATE_IDLE_MS) await unlink(path).catch(() => undefined);
  }
}

export async function pgliteFromTemplate(): Promise<Database> {
  const dump = await pgliteTemplate();
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  return openPglite(client);
}
