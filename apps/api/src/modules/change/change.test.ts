import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { changeResults, eq } from '@filaha/db';
import { DEMO_CLOUDY_DATE, DEMO_FIELDS } from '@filaha/shared';
import { computeChange, createCatalog, DEMO_CATALOG_PATH } from '@filaha/imagery';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { referencedKeys, STORAGE_REFERENCES } from '../../lib/storage/references.ts';
import { CHANGE_KEY_PREFIX } from './change-files.ts';
import {
  codeOf,
  createFarmer,
  createParcel,
  fetchSigned,
  setUsed,
  usageOf,
  type Farmer,
} from '../images/test-support/fixtures.ts';

/** POST /api/images/{index}/change on the embedded demo catalog (the August 2025 dates). */
const t = useTestApp();
const catalog = createCatalog({ catalogPath: DEMO_CATALOG_PATH });
const ring = (key: string) => DEMO_FIELDS.find((f) => f.key === key)!.ring;
const EARLIER = { startDate: '2025-08-10', endDate: '2025-08-10' };
const LATER = { startDate: '2025-08-25', endDate: '2025-08-25' };

interface ChangeAnswer {
  changeId: number;
  cached: boolean;
  index: string;
  imageUrl: string;
  valuesUrl: string;
  downloadUrl: string;
  stats: {
    mean: number;
    median: number;
    p25: number;
    p75: number;
    min: number;
    max: number;
    std: number;
    count: number;
  };
  threshold: number;
  fellFraction: number;
  fellCount: number;
  legend: Array<{ start: number; end: number; color: string }>;
  earlier: { scene: { id: string; datetime: string }; imageUrl: string; stats: { mean: number } };
  later: { scene: { id: string; datetime: string }; imageUrl: string; stats: { mean: number } };
}

function change(farmer: Pick<Farmer, 'headers'>, index: string, body: Record<string, unknown>) {
  return t.current.inject({
    method: 'POST',
    url: `/api/images/${index}/change`,
    headers: farmer.headers,
    payload: { earlier: EARLIER, later: LATER, width: 512, height: 512, ...body },
  });
}

async function changeRows(userId: number) {
  return t.current.database.db.select().from(changeResults).where(eq(changeResults.userId, userId));
}

let farmer: Farmer;
let maize: number;
let citrus: number;
beforeAll(async () => {
  farmer = await createFarmer(t.current, { requests: { NDVI: 3, NDMI: 2 } });
  maize = (await createParcel(t.current, farmer.userId, { type: 'Polygon', coordinates: [ring('maize')] })).id;
  citrus = (await createParcel(t.current, farmer.userId, { type: 'Polygon', coordinates: [ring('citrus')] })).id;
});

describe('POST /api/images/{indexName}/change', () => {
  it('delivers the change map once, charged once; a repeat is the stored one with cached: true', async () => {
    const first = await change(farmer, 'ndvi', { parcelle_id: maize });
    expect(first.statusCode, first.body).toBe(200);
    const answer = json<ChangeAnswer>(first);
    expect(answer).toMatchObject({ cached: false, index: 'NDVI', threshold: 0.1 });
    expect(answer.earlier.scene.datetime.slice(0, 10)).toBe('2025-08-10');
    expect(answer.later.scene.datetime.slice(0, 10)).toBe('2025-08-25');
    expect(answer.stats.count).toBeGreaterThan(500);
    expect(answer.stats.min).toBeLessThanOrEqual(answer.stats.p25);
    expect(answer.stats.p25).toBeLessThanOrEqual(answer.stats.median);
    expect(answer.stats.median).toBeLessThanOrEqual(answer.stats.p75);
    expect(answer.stats.p75).toBeLessThanOrEqual(answer.stats.max);
    expect(answer.fellFraction).toBeCloseTo(answer.fellCount / answer.stats.count, 12);
    const centre = answer.legend.find((c) => c.start < 0 && c.end > 0)!;
    expect(centre.start).toBe(-centre.end);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 3 });

    // The files behind the signed URLs: three PNGs of one size and the Float32 GeoTIFF.
    for (const url of [answer.imageUrl, answer.earlier.imageUrl, answer.later.imageUrl]) {
      const res = await fetchSigned(t.current, url);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('png');
    }
    const tiff = await fetchSigned(t.current, answer.downloadUrl);
    expect(tiff.statusCode).toBe(200);
    expect(tiff.rawPayload.subarray(0, 2).toString('latin1')).toMatch(/II|MM/);

    const again = await change(farmer, 'NDVI', { parcelle_id: maize });
    expect(again.statusCode).toBe(200);
    const repeat = json<ChangeAnswer>(again);
    expect(repeat).toMatchObject({ cached: true, changeId: answer.changeId, stats: answer.stats });
    expect(repeat.fellFraction).toBe(answer.fellFraction);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 3 });

    // Another threshold is answered from the stored pair, not charged, with the engine's own count of the
    // pixels below −threshold (computed here again, directly on the demo catalog). The citrus parcel's NDVI
    // eases slightly over these dates, so small thresholds count different shares.
    const geometry = { type: 'Polygon' as const, coordinates: [ring('citrus')] };
    const counts: number[] = [];
    for (const [n, threshold] of [0.01, 0.02, 0.03, 0.1].entries()) {
      const res = await change(farmer, 'NDVI', { parcelle_id: citrus, threshold });
      expect(res.statusCode, res.body).toBe(200);
      const other = json<ChangeAnswer>(res);
      expect(other).toMatchObject({ cached: n > 0, threshold });
      const engine = await computeChange({
        catalog,
        geometry,
        index: 'NDVI',
        earlier: { start: EARLIER.startDate, end: EARLIER.endDate },
        later: { start: LATER.startDate, end: LATER.endDate },
        threshold,
        images: false,
      });
      expect(other.fellCount, String(threshold)).toBe(engine.fellCount);
      expect(other.fellFraction).toBeCloseTo(engine.fellFraction, 12);
      expect(other.stats.mean).toBeCloseTo(engine.stats.mean!, 12);
      counts.push(other.fellCount);
    }
    expect(new Set(counts).size).toBeGreaterThan(1);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual({ used: 2, total: 3 });
    expect(await changeRows(farmer.userId)).toHaveLength(2);
  });

  it('identical parallel requests produce one change map and one charge', async () => {
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => change(farmer, 'NDMI', { parcelle_id: citrus })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const answers = responses.map((r) => json<ChangeAnswer>(r));
    expect(new Set(answers.map((a) => a.changeId)).size).toBe(1);
    expect(answers.filter((a) => !a.cached)).toHaveLength(1);
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDMI')).toEqual({ used: 1, total: 2 });
  });

  it('charges nothing when a date is clouded or has no acquisition', async () => {
    const before = await usageOf(t.current, farmer.subscriptionId!, 'NDVI');
    const rows = (await changeRows(farmer.userId)).length;
    const cloudy = await change(farmer, 'NDVI', {
      parcelle_id: citrus,
      later: { startDate: DEMO_CLOUDY_DATE, endDate: DEMO_CLOUDY_DATE },
    });
    expect(cloudy.statusCode).toBe(422);
    expect(codeOf(cloudy)).toBe('ALL_CLOUDY');
    const none = await change(farmer, 'NDVI', {
      parcelle_id: citrus,
      earlier: { startDate: '2024-01-01', endDate: '2024-01-03' },
    });
    expect(none.statusCode).toBe(404);
    expect(codeOf(none)).toBe('NO_SCENE');
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual(before);
    expect(await changeRows(farmer.userId)).toHaveLength(rows);
  });

  it('answers another farmer’s parcel like a missing one, and refuses staff', async () => {
    const other = await createFarmer(t.current, { requests: { NDVI: 3 } });
    const res = await change(other, 'NDVI', { parcelle_id: maize });
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('NOT_FOUND');
    expect(await usageOf(t.current, other.subscriptionId!, 'NDVI')).toEqual({ used: 0, total: 3 });
    const admin = await t.current.createUser({ role: 'Admin' });
    const staff = await change(admin, 'NDVI', { parcelle_id: maize });
    expect(staff.statusCode).toBe(403);
    const anonymous = await t.current.inject({ method: 'POST', url: '/api/images/NDVI/change', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a wrong body with 400 and a code per field, charging nothing', async () => {
    const before = await usageOf(t.current, farmer.subscriptionId!, 'NDVI');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ parcelle_id: maize, threshold: 0.123 }, 'threshold', 'validation.changeThreshold'],
      [{ parcelle_id: maize, threshold: 0 }, 'threshold', 'validation.changeThreshold'],
      [{ parcelle_id: maize, threshold: 1.5 }, 'threshold', 'validation.changeThreshold'],
      [{ parcelle_id: maize, earlier: LATER, later: EARLIER }, 'later.startDate', 'validation.changeOrder'],
      [{ parcelle_id: maize, later: EARLIER }, 'later.startDate', 'validation.changeOrder'],
      [
        { parcelle_id: maize, later: { startDate: '2025-08-20', endDate: '2025-08-30' } },
        'later.endDate',
        'validation.periodMax',
      ],
      [
        { parcelle_id: maize, earlier: { startDate: '2025-02-30', endDate: '2025-03-01' } },
        'earlier.startDate',
        'validation.date',
      ],
      [{}, 'parcelle_id', 'validation.required'],
    ];
    for (const [body, path, message] of cases) {
      const res = await change(farmer, 'NDVI', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = json<{ code: string; issues: Array<{ path: string; message: string }> }>(res);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.issues, JSON.stringify(body)).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect(await usageOf(t.current, farmer.subscriptionId!, 'NDVI')).toEqual(before);
  });

  it('answers 429 when no request of the index is left, but still hands back a pair already paid for', async () => {
    const poor = await createFarmer(t.current, { requests: { NDVI: 1 } });
    const parcel = (await createParcel(t.current, poor.userId, { type: 'Polygon', coordinates: [ring('maize')] })).id;
    const paid = await change(poor, 'NDVI', { parcelle_id: parcel });
    expect(paid.statusCode).toBe(200);
    const other = await change(poor, 'NDVI', {
      parcelle_id: parcel,
      earlier: { startDate: '2025-08-12', endDate: '2025-08-12' },
    });
    expect(other.statusCode).toBe(429);
    expect(json(other)).toMatchObject({
      code: 'QUOTA_EXHAUSTED',
      indicator_info: { indicators_used: 1, indicators_limit: 1 },
    });
    const stored = await change(poor, 'NDVI', { parcelle_id: parcel });
    expect(stored.statusCode).toBe(200);
    expect(json<ChangeAnswer>(stored)).toMatchObject({ cached: true, changeId: json<ChangeAnswer>(paid).changeId });
    await setUsed(t.current, poor.subscriptionId!, 'NDVI', 1);
    expect(await usageOf(t.current, poor.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 1 });
  });
});

describe('a stored change whose files are gone', () => {
  it('is computed again from the same pair under fresh URLs, not charged again; its keys are kept from the sweep', async () => {
    const owner = await createFarmer(t.current, { requests: { NDVI: 2 } });
    const parcel = (await createParcel(t.current, owner.userId, { type: 'Polygon', coordinates: [ring('maize')] })).id;
    const first = json<ChangeAnswer>(await change(owner, 'NDVI', { parcelle_id: parcel }));
    expect(first.cached).toBe(false);
    const [row] = await changeRows(owner.userId);
    const keys = [row!.imageKey, row!.valuesKey, row!.tiffKey, row!.earlierImageKey, row!.laterImageKey];
    // Written under the prefix the orphan sweep lists, and seen by it as referenced.
    expect(keys.every((k) => k.startsWith(CHANGE_KEY_PREFIX))).toBe(true);
    expect(STORAGE_REFERENCES.map((r) => r.prefix)).toContain(CHANGE_KEY_PREFIX);
    expect(await referencedKeys(t.current.database.db, keys)).toEqual(new Set(keys));

    // The later date's PNG is lost (a bad restore…).
    await rm(join(t.current.dataDir, 'files', ...row!.laterImageKey.split('/')));
    expect((await fetchSigned(t.current, first.later.imageUrl)).statusCode).toBe(404);

    const again = json<ChangeAnswer>(await change(owner, 'NDVI', { parcelle_id: parcel }));
    expect(again).toMatchObject({ cached: true, changeId: first.changeId, stats: first.stats });
    expect(again.later.imageUrl).not.toBe(first.later.imageUrl);
    for (const url of [again.imageUrl, again.earlier.imageUrl, again.later.imageUrl, again.downloadUrl])
      expect((await fetchSigned(t.current, url)).statusCode, url).toBe(200);
    // The old files are gone, the row names the new ones; nothing was charged.
    expect((await fetchSigned(t.current, first.imageUrl)).statusCode).toBe(404);
    expect(await usageOf(t.current, owner.subscriptionId!, 'NDVI')).toEqual({ used: 1, total: 2 });
    expect(await changeRows(owner.userId)).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents the change route with its body and answer from the zod schemas', async () => {
    type Schema = { properties?: Record<string, Schema>; required?: string[] };
    const doc = json<{
      paths: Record<
        string,
        { post?: { requestBody: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> } }
      >;
    }>(await t.current.inject({ method: 'GET', url: '/api/docs/json' }));
    const post = doc.paths['/api/images/{indexName}/change']?.post;
    expect(post).toBeDefined();
    const body = post!.requestBody.content['application/json']!.schema;
    expect(Object.keys(body.properties!)).toEqual(
      expect.arrayContaining(['parcelle_id', 'earlier', 'later', 'threshold', 'width', 'height']),
    );
    expect(Object.keys(body.properties!.earlier!.properties!)).toEqual(['startDate', 'endDate']);
    expect(body.required).toEqual(expect.arrayContaining(['parcelle_id', 'earlier', 'later']));
    const answer = (post!.responses['200'] as { content: Record<string, { schema: Schema }> }).content[
      'application/json'
    ]!.schema;
    expect(Object.keys(answer.properties!)).toEqual(
      expect.arrayContaining(['stats', 'fellFraction', 'threshold', 'legend', 'earlier', 'later', 'downloadUrl']),
    );
  });
});
