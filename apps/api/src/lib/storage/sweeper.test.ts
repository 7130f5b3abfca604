import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableColumns, publicationImages, schema, type Db } from '@filaha/db';
import { factories, getTestDb } from '@filaha/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { loadConfig } from '../../config.ts';
import { IMAGE_KEY_PREFIX } from '../../modules/marketplace/publications.presenter.ts';
import { resultKeyBase } from '../../modules/images/result-files.ts';
import { createFileUrlSigner } from './file-urls.ts';
import { createLocalStorage } from './local.ts';
import { NOT_STORAGE_KEYS, STORAGE_REFERENCES } from './references.ts';
import { createS3Storage } from './s3.ts';
import { startS3Stub, type S3Stub } from './s3-stub.test-support.ts';
import type { ObjectStorage } from './storage.ts';
import { sweepStorage, SWEEP_MIN_AGE_MS } from './sweeper.ts';

const SIGNER = createFileUrlSigner('s'.repeat(40));
const TWO_HOURS_AGO = () => new Date(Date.now() - 2 * SWEEP_MIN_AGE_MS);
const BYTES = new Uint8Array([1, 2, 3, 4]);

let db: Db;
let stub: S3Stub;
let localRoot: string;
beforeAll(async () => {
  db = (await getTestDb()).db;
  stub = await startS3Stub();
  localRoot = await mkdtemp(join(tmpdir(), 'filaha-sweep-'));
});
afterAll(async () => {
  await stub.close();
  await rm(localRoot, { recursive: true, force: true });
});

/** A delivered index result whose three files are `base`.png/.fvg/.tif. */
async function recordResult(base: string): Promise<void> {
  const { user } = await factories.createUser(db, { role: 'User' });
  const { parcel } = await factories.createParcel(db, { userId: user.id });
  await factories.createIndexResult(db, {
    userId: user.id,
    parcelId: parcel.id,
    imageKey: `${base}.png`,
    valuesKey: `${base}.fvg`,
    tiffKey: `${base}.tif`,
  });
}

async function recordPhoto(key: string, thumbnailKey: string): Promise<void> {
  const { user } = await factories.createUser(db, { role: 'Seller' });
  const { publication } = await factories.createPublication(db, { userId: user.id });
  await db.insert(publicationImages).values({ publicationId: publication.id, key, thumbnailKey });
}

interface Backend {
  name: string;
  storage: () => ObjectStorage;
  /** Moves an object's last write two hours back. */
  age: (key: string) => Promise<void>;
}

const backends: Backend[] = [
  {
    name: 'local storage',
    storage: () => createLocalStorage(localRoot, SIGNER),
    age: async (key) => {
      const old = TWO_HOURS_AGO();
      await utimes(join(localRoot, ...key.split('/')), old, old);
    },
  },
  {
    name: 'the S3 stub',
    // A page of 2 keys: the sweep must follow ListObjectsV2 continuation tokens.
    storage: () =>
      createS3Storage(
        {
          endpoint: stub.url,
          bucket: stub.bucket,
          accessKey: stub.accessKey,
          secretKey: stub.secretKey,
          region: stub.region,
        },
        SIGNER,
        { listPageSize: 2 },
      ),
    age: async (key) => {
      const object = stub.objects.get(key);
      if (!object) throw new Error(`no object ${key}`);
      object.lastModified = TWO_HOURS_AGO();
    },
  },
];

describe.each(backends)('storage sweep on $name', ({ storage, age }) => {
  it('deletes old orphans only: referenced files survive however old, young orphans wait', async () => {
    const store = storage();
    const referencedBase = resultKeyBase(1, 1, 'NDVI', `S2_${randomUUID()}`);
    const orphanBase = resultKeyBase(1, 1, 'NDVI', `S2_${randomUUID()}`);
    const photo = `${IMAGE_KEY_PREFIX}${randomUUID()}`;
    const orphanPhoto = `${IMAGE_KEY_PREFIX}${randomUUID()}`;
    const youngOrphan = `${IMAGE_KEY_PREFIX}${randomUUID()}.webp`;
    // Outside the prefixes the API writes to: never the sweep's business (a bucket may hold other data).
    const foreign = `backups/${randomUUID()}.dump`;

    const oldKeys = [
      ...['png', 'fvg', 'tif'].map((ext) => `${referencedBase}.${ext}`),
      ...['png', 'fvg', 'tif'].map((ext) => `${orphanBase}.${ext}`),
      `${photo}.webp`,
      `${photo}.thumb.webp`,
      `${orphanPhoto}.webp`,
      `${orphanPhoto}.thumb.webp`,
      foreign,
    ];
    for (const key of [...oldKeys, youngOrphan]) await store.put(key, BYTES, 'application/octet-stream');
    for (const key of oldKeys) await age(key);
    await recordResult(referencedBase);
    await recordPhoto(`${photo}.webp`, `${photo}.thumb.webp`);

    const report = await sweepStorage({ storage: store, db });

    const kept = async (key: string) => store.exists(key);
    for (const ext of ['png', 'fvg', 'tif']) {
      expect(await kept(`${referencedBase}.${ext}`), `referenced ${ext}`).toBe(true);
      expect(await kept(`${orphanBase}.${ext}`), `orphan ${ext}`).toBe(false);
    }
    expect(await kept(`${photo}.webp`)).toBe(true);
    expect(await kept(`${photo}.thumb.webp`)).toBe(true);
    expect(await kept(`${orphanPhoto}.webp`)).toBe(false);
    expect(await kept(`${orphanPhoto}.thumb.webp`)).toBe(false);
    expect(await kept(youngOrphan)).toBe(true);
    expect(await kept(foreign)).toBe(true);
    // Other tests of this file share the store: at least this test's five orphans went.
    expect(report.deleted).toBeGreaterThanOrEqual(5);

    // A second pass (another API process, or the next interval) finds nothing more of ours and does not fail.
    await sweepStorage({ storage: store, db });
    expect(await kept(`${referencedBase}.png`)).toBe(true);
  });
});

describe('storage sweep: leftovers of interrupted local writes', () => {
  it('removes old .tmp-* files and sidecars without their object, keeps young ones and complete objects', async () => {
    const root = await mkdtemp(join(tmpdir(), 'filaha-sweep-tmp-'));
    try {
      const store = createLocalStorage(root, SIGNER);
      await store.put('publications/kept.webp', BYTES, 'image/webp');
      const dir = join(root, 'publications');
      await mkdir(dir, { recursive: true });
      for (const name of ['.tmp-0123456789ab', '.tmp-young0000000', '.lost.webp.meta.json']) {
        await writeFile(join(dir, name), 'x');
      }
      const old = TWO_HOURS_AGO();
      // kept.webp itself stays young (an old unreferenced object would be swept as an orphan): its old sidecar
      // must survive because the object is there.
      for (const name of ['.tmp-0123456789ab', '.lost.webp.meta.json', '.kept.webp.meta.json']) {
        await utimes(join(dir, name), old, old);
      }
      const report = await sweepStorage({ storage: store, db });
      expect(report.leftovers).toBe(2);
      expect((await readdir(dir)).sort()).toEqual(['.kept.webp.meta.json', '.tmp-young0000000', 'kept.webp']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('storage sweep wiring', () => {
  it('reads STORAGE_SWEEP_INTERVAL: hourly by default, a duration, or off; refuses less than a minute', () => {
    expect(loadConfig({}).storageSweepIntervalSeconds).toBe(3600);
    expect(loadConfig({ STORAGE_SWEEP_INTERVAL: '30m' }).storageSweepIntervalSeconds).toBe(1800);
    expect(loadConfig({ STORAGE_SWEEP_INTERVAL: 'OFF' }).storageSweepIntervalSeconds).toBeNull();
    expect(() => loadConfig({ STORAGE_SWEEP_INTERVAL: '10' })).toThrow(/STORAGE_SWEEP_INTERVAL/);
    expect(() => loadConfig({ STORAGE_SWEEP_INTERVAL: 'sometimes' })).toThrow(/STORAGE_SWEEP_INTERVAL: expected/);
  });

  it('sweeps once at start-up, in the background', async () => {
    const app = await buildTestApp({ STORAGE_SWEEP_INTERVAL: '1h' });
    try {
      const files = join(app.dataDir, 'files', 'publications');
      await mkdir(files, { recursive: true });
      const orphan = join(files, `${randomUUID()}.webp`);
      await writeFile(orphan, 'x');
      await writeFile(join(files, `.${orphan.split('/').at(-1)}.meta.json`), '{"contentType":"image/webp"}');
      const old = TWO_HOURS_AGO();
      await utimes(orphan, old, old);
      await app.app.ready();
      await vi.waitFor(async () => expect(await stat(orphan).catch(() => null)).toBeNull(), {
        timeout: 60_000,
        interval: 50,
      });
    } finally {
      await app.close();
    }
  });

  it('lists every storage-key column of the schema (a new one must be added to the sweep or excluded)', () => {
    const listed = new Set(
      STORAGE_REFERENCES.flatMap(({ columns }) => columns.map((c) => `${tableName(c.table)}.${c.name}`)),
    );
    const found: string[] = [];
    for (const table of Object.values(schema)) {
      if (!isTable(table)) continue;
      for (const column of Object.values(getTableColumns(table))) {
        if (/(^|_)key$/.test(column.name)) found.push(`${tableName(table)}.${column.name}`);
      }
    }
    expect(found.filter((c) => !NOT_STORAGE_KEYS.has(c)).sort()).toEqual([...listed].sort());
    // The prefixes are the ones the modules write under.
    expect(STORAGE_REFERENCES.map((r) => r.prefix)).toContain(IMAGE_KEY_PREFIX);
    expect(STORAGE_REFERENCES.some((r) => resultKeyBase(1, 2, 'NDVI', 'S').startsWith(r.prefix))).toBe(true);
  });
});

const DRIZZLE_NAME = Symbol.for('drizzle:Name');
function tableName(table: unknown): string {
  return String((table as Record<symbol, unknown>)[DRIZZLE_NAME]);
}
function isTable(value: unknown): value is Parameters<typeof getTableColumns>[0] {
  return typeof value === 'object' && value !== null && DRIZZLE_NAME in value && Symbol.for('drizzle:Columns') in value;
}
