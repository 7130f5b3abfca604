/**
 * Issue 30 §4, acceptance 1: an organisation's API keys — made by its admins and shown once, their scopes, their
 * revocation (refused from the next request) — and the lists a key reads page by page with an ETag; on the embedded
 * database and, with DATABASE_URL, on PostgreSQL.
 */
import { factories } from '@filaha/db/testing';
import { sql } from '@filaha/db';
import { allContracts } from '@filaha/shared/contracts';
import type {
  AccessLogEntry,
  ApiKey,
  ApiKeyCreated,
  ParcelCondition,
  ParcelImport,
  SeasonPoint,
} from '@filaha/shared/contracts';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../../test/helper.ts';
import { multipart } from '../../../../test/multipart.ts';
import { codeOf } from '../../plans/test-kit.ts';
import { runImport } from '../imports/run-import.ts';
import { organisationsKit } from '../test-kit.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
type Headers = Record<string, string>;

const square = (i: number) => {
  const x = 3.2 + i * 0.004;
  return `POLYGON ((${x} 36.7, ${x + 0.002} 36.7, ${x + 0.002} 36.7016, ${x} 36.7016, ${x} 36.7))`;
};
const csvOf = (n: number) =>
  Buffer.from(['nom;culture;wkt', ...Array.from({ length: n }, (_, i) => `F${i + 1};orge;"${square(i)}"`)].join('\n'));

function importBody(bytes: Buffer) {
  return multipart({}, [{ name: 'file', filename: 'f.csv', contentType: 'text/csv', bytes }]);
}

const { organisation, grantedField } = organisationsKit(t);

async function world() {
  const admin = await t.current.createUser({ role: 'Admin' });
  const orgAdmin = await t.current.createUser({ role: 'User' });
  const agronomist = await t.current.createUser({ role: 'User' });
  const outsider = await t.current.createUser({ role: 'User' });
  const farmer = await t.current.createUser({ role: 'User' });
  const org = await organisation(admin, [
    [orgAdmin, 'admin'],
    [agronomist, 'agronomist'],
  ]);
  const other = await organisation(admin, [[orgAdmin, 'admin']]);
  const parcel = await grantedField(farmer, org, true);
  return { admin, orgAdmin, agronomist, outsider, farmer, org, other, parcel };
}

async function makeKey(orgId: number, headers: Headers, scopes: string[], name = 'SIG') {
  const res = await t.current.inject({
    method: 'POST',
    url: `/api/organisations/${orgId}/api-keys`,
    headers,
    payload: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<ApiKeyCreated>(res);
}

const withKey = (key: string): Headers => ({ authorization: `ApiKey ${key}` });

describe('API keys', () => {
  it('its admins make a key, shown once; the list never shows it; others may not', async () => {
    const { admin, orgAdmin, agronomist, outsider, org } = await world();
    const created = await makeKey(org.id, orgAdmin.headers, ['parcels:read', 'points:read']);
    expect(created.key).toMatch(/^flh_[\w-]{43}$/);
    expect(created).toMatchObject({
      name: 'SIG',
      prefix: created.key.slice(0, 10),
      scopes: ['parcels:read', 'points:read'],
    });
    const list = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/api-keys`,
      headers: orgAdmin.headers,
    });
    expect(list.body).not.toContain(created.key);
    expect(json<ApiKey[]>(list).map((k) => [k.id, k.revokedAt])).toEqual([[created.id, null]]);
    // Only a hash is stored.
    const stored = await t.current.database.db.execute<{ key_hash: string }>(sql`
      SELECT key_hash FROM organisation_api_keys WHERE id = ${created.id}`);
    expect(stored.rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(created.key);

    const body = { name: 'x2', scopes: ['parcels:read'] };
    const url = `/api/organisations/${org.id}/api-keys`;
    expect(
      (await t.current.inject({ method: 'POST', url, headers: agronomist.headers, payload: body })).statusCode,
    ).toBe(403);
    expect((await t.current.inject({ method: 'POST', url, headers: outsider.headers, payload: body })).statusCode).toBe(
      404,
    );
    expect((await t.current.inject({ method: 'POST', url, headers: admin.headers, payload: body })).statusCode).toBe(
      404,
    );
    // A key cannot make keys.
    expect((await t.current.inject({ method: 'GET', url, headers: withKey(created.key) })).statusCode).toBe(401);
    // Bad scopes change nothing.
    for (const scopes of [[], ['parcels:delete'], ['parcels:read', 'parcels:read']]) {
      const res = await t.current.inject({
        method: 'POST',
        url,
        headers: orgAdmin.headers,
        payload: { name: 'bad', scopes },
      });
      expect(res.statusCode, JSON.stringify(scopes)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    expect(json<ApiKey[]>(await t.current.inject({ method: 'GET', url, headers: orgAdmin.headers }))).toHaveLength(1);
  });

  it('a key reads the conditions page by page with an ETag, within its scopes and its organisation', async () => {
    const { orgAdmin, farmer, org, other, parcel } = await world();
    const body = importBody(csvOf(4));
    const up = await t.current.inject({
      method: 'POST',
      url: `/api/organisations/${org.id}/parcels/import`,
      headers: { ...orgAdmin.headers, ...body.headers },
      payload: body.payload,
    });
    await runImport(t.current.database.db, json<ParcelImport>(up).id);
    const reader = await makeKey(org.id, orgAdmin.headers, ['parcels:read'], 'lecture');

    const pages: ParcelCondition[][] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await t.current.inject({
        method: 'GET',
        url: `/api/organisations/${org.id}/conditions?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        headers: withKey(reader.key),
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = json<{ items: ParcelCondition[]; nextCursor: string | null }>(res);
      pages.push(page.items);
      cursor = page.nextCursor;
    }
    // 5 parcels (the farmer's and 4 of its own) in pages of 2, by id.
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const all = pages.flat();
    expect(all.map((p) => p.id)).toEqual([...all.map((p) => p.id)].sort((a, b) => a - b));
    expect(all.find((p) => p.id === parcel.id)).toMatchObject({
      farmer: { id: farmer.user.id },
      latest: null,
      condition: null,
    });
    expect(all.filter((p) => p.farmer === null).map((p) => p.crop)).toEqual(['barley', 'barley', 'barley', 'barley']);

    // The same page again with its ETag: 304, no body.
    const first = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/conditions`,
      headers: withKey(reader.key),
    });
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const again = await t.current.inject({
      method: 'GET',
      url: `/api/organisations/${org.id}/conditions`,
      headers: { ...withKey(reader.key), 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Not its scope: points and imports (403); not its organisation (404); a cursor it did not give (400).
    const points = `/api/organisations/${org.id}/parcels/${parcel.id}/points`;
    expect((await t.current.inject({ method: 'GET', url: points, headers: withKey(reader.key) })).statusCode).toBe(403);
    const upload = importBody(csvOf(1));
    const refused = await t.current.inject({
      method: 'POST',
      url: `/api/organisations/${org.id}/parcels/import`,
      headers: { ...withKey(reader.key), ...upload.headers },
      payload: upload.payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await t.current.inject({
          method: 'GET',
          url: `/api/organisations/${other.id}/conditions`,
          headers: withKey(reader.key),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.current.inject({
          method: 'GET',
          url: `/api/organisations/${org.id}/conditions?cursor=not-a-cursor`,
          headers: withKey(reader.key),
        })
      ).statusCode,
    ).toBe(400);

    // The farmer sees the key's reads, by its name.
    const log = json<AccessLogEntry[]>(
      await t.current.inject({ method: 'GET', url: '/api/access-log', headers: farmer.headers }),
    );
    expect(log[0]).toMatchObject({ member: null, apiKey: { name: 'lecture' }, what: 'parcels' });
  });

  it('a key with parcels:write imports and reads its report; points:read reads the points; revoked, it is refused at once', async () => {
    const { orgAdmin, org, parcel } = await world();
    const key = await makeKey(org.id, orgAdmin.headers, ['parcels:read', 'parcels:write', 'points:read']);
    const body = importBody(csvOf(2));
    const up = await t.current.inject({
      method: 'POST',
      url: `/api/organisations/${org.id}/parcels/import`,
      headers: { ...withKey(key.key), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(202);
    const queued = json<ParcelImport>(up);
    await runImport(t.current.database.db, queued.id);
    const report = await t.current.inject({
      method: 'GET',
      url: `/api/imports/${queued.id}`,
      headers: withKey(key.key),
    });
    expect(json<ParcelImport>(report)).toMatchObject({ status: 'done', accepted: 2 });
    const created = await t.current.database.db.execute<{ created_by: number | null }>(sql`
      SELECT created_by FROM parcel_imports WHERE id = ${queued.id}`);
    expect(created.rows[0]!.created_by).toBeNull();

    for (const [date, median] of [
      ['2025-03-01', 0.5],
      ['2025-03-06', 0.55],
      ['2025-03-11', 0.6],
    ] as const)
      await t.current.database.db.execute(sql`
        INSERT INTO series_points (parcel_id, index_code, basis, scene_id, date, status, stats, valid_fraction)
        VALUES (${parcel.id}, 'NDVI', 'S2_L2A', ${`S2_${date}`}, ${date}::date, 'point',
                ${JSON.stringify({ median, mean: median, p25: Math.round((median - 0.05) * 100) / 100, p75: Math.round((median + 0.05) * 100) / 100 })}::jsonb, 0.8)`);
    const url = `/api/organisations/${org.id}/parcels/${parcel.id}/points?index=ndvi&limit=2`;
    const p1 = json<{ items: SeasonPoint[]; nextCursor: string }>(
      await t.current.inject({ method: 'GET', url, headers: withKey(key.key) }),
    );
    expect(p1.items.map((p) => [p.date, p.median])).toEqual([
      ['2025-03-01', 0.5],
      ['2025-03-06', 0.55],
    ]);
    const p2 = json<{ items: SeasonPoint[]; nextCursor: string | null }>(
      await t.current.inject({ method: 'GET', url: `${url}&cursor=${p1.nextCursor}`, headers: withKey(key.key) }),
    );
    expect(p2).toEqual({
      items: [
        {
          date: '2025-03-11',
          sceneId: 'S2_2025-03-11',
          basis: 'S2_L2A',
          status: 'point',
          median: 0.6,
          mean: 0.6,
          p25: 0.55,
          p75: 0.65,
          validShare: 0.8,
        },
      ],
      nextCursor: null,
    });
    // A parcel the organisation does not follow: 404.
    const { parcel: stranger } = await factories.createParcel(t.current.database, {
      userId: (await t.current.createUser({ role: 'User' })).user.id,
    });
    expect(
      (
        await t.current.inject({
          method: 'GET',
          url: `/api/organisations/${org.id}/parcels/${stranger.id}/points`,
          headers: withKey(key.key),
        })
      ).statusCode,
    ).toBe(404);

    const revoked = await t.current.inject({
      method: 'DELETE',
      url: `/api/organisations/${org.id}/api-keys/${key.id}`,
      headers: orgAdmin.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await t.current.inject({
      method: 'GET',
      url: `/api/imports/${queued.id}`,
      headers: withKey(key.key),
    });
    expect(after.statusCode).toBe(401);
    expect(codeOf(after)).toBe('UNAUTHENTICATED');
    expect(
      (
        await t.current.inject({
          method: 'GET',
          url: `/api/organisations/${org.id}/conditions`,
          headers: withKey('flh_nope'),
        })
      ).statusCode,
    ).toBe(401);
    const list = json<ApiKey[]>(
      await t.current.inject({
        method: 'GET',
        url: `/api/organisations/${org.id}/api-keys`,
        headers: orgAdmin.headers,
      }),
    );
    expect(list[0]!.revokedAt).not.toBeNull();
    expect(list[0]!.lastUsedAt).not.toBeNull();
  });
});

describe('which routes take a key', () => {
  it('every route whose contract names a scope takes a key with it, refuses one without (403); no other route takes one (401)', async () => {
    const { orgAdmin, org, parcel } = await world();
    const body = importBody(csvOf(1));
    const up = await t.current.inject({
      method: 'POST',
      url: `/api/organisations/${org.id}/parcels/import`,
      headers: { ...orgAdmin.headers, ...body.headers },
      payload: body.payload,
    });
    const importId = json<ParcelImport>(up).id;
    const all = await makeKey(org.id, orgAdmin.headers, ['parcels:read', 'parcels:write', 'points:read'], 'tout');
    const keyWithout = {
      'parcels:read': await makeKey(org.id, orgAdmin.headers, ['points:read', 'parcels:write'], 'sans lecture'),
      'parcels:write': await makeKey(org.id, orgAdmin.headers, ['parcels:read', 'points:read'], 'sans écriture'),
      'points:read': await makeKey(org.id, orgAdmin.headers, ['parcels:read', 'parcels:write'], 'sans points'),
    };
    const urlOf = (path: string) =>
      `/api${path
        .replace(':parcelId', String(parcel.id))
        .replace(':keyId', '1')
        .replace('/:z/:x/:y.mvt', '/12/2081/1590.mvt')
        .replace(':userId', String(orgAdmin.user.id))
        .replace(/^\/imports\/:id/, `/imports/${importId}`)
        .replace(':id', String(org.id))}${path.endsWith('/curve') ? '?crop=barley' : ''}`;
    const call = (method: string, path: string, key: string) => {
      const form = importBody(csvOf(1));
      const multipartRoute = path.endsWith('/parcels/import');
      return t.current.inject({
        method: method as 'GET',
        url: urlOf(path),
        headers: { ...withKey(key), ...(multipartRoute ? form.headers : {}) },
        ...(multipartRoute ? { payload: form.payload } : method === 'GET' ? {} : { payload: {} }),
      });
    };
    const open = allContracts().filter((c) => c.apiKeyScope);
    expect(open.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /imports/:id',
      'GET /imports/:id/report.csv',
      'GET /organisations/:id/conditions',
      'GET /organisations/:id/export.csv',
      'GET /organisations/:id/export.gpkg',
      'GET /organisations/:id/imports',
      'GET /organisations/:id/parcels/:parcelId/points',
      'GET /organisations/:id/territory',
      'GET /organisations/:id/territory/curve',
      'GET /organisations/:id/tiles/:z/:x/:y.mvt',
      'POST /organisations/:id/parcels/import',
    ]);
    for (const c of open) {
      const ok = await call(c.method, c.path, all.key);
      expect(ok.statusCode, `${c.method} ${c.path}: ${ok.body.slice(0, 200)}`).toBeLessThan(300);
      const refused = await call(c.method, c.path, keyWithout[c.apiKeyScope!].key);
      expect(refused.statusCode, `${c.method} ${c.path} without ${c.apiKeyScope}: ${refused.body.slice(0, 300)}`).toBe(
        403,
      );
    }
    for (const c of allContracts().filter((c) => c.auth && !c.apiKeyScope && c.path.startsWith('/organisations'))) {
      const res = await call(c.method, c.path, all.key);
      expect(res.statusCode, `${c.method} ${c.path} with a key`).toBe(401);
    }
  });
});
