import { sql } from '@filaha/db';
import { factories, uniqueSuffix } from '@filaha/db/testing';
import type { Organisation, OrganisationRole, ParcelImport } from '@filaha/shared/contracts';
import { expect } from 'vitest';
import { json, type TestApp } from '../../../test/helper.ts';
import { multipart } from '../../../test/multipart.ts';
import { runImport } from './imports/run-import.ts';
import { markTerritoriesStale } from './territory/territory-jobs.ts';

/**
 * Helpers for the organisations' route tests (territory, exports, keys): an organisation made by a platform admin
 * with its members, a farmer's field granted to it, a file imported and its job run, a season point written.
 * Every test makes its own rows.
 */
type Headers = Record<string, string>;
type Signed = Awaited<ReturnType<TestApp['createUser']>>;

export function organisationsKit(t: { readonly current: TestApp }) {
  /** A cooperative made by `admin`, with these members. */
  async function organisation(admin: Signed, members: Array<[Signed, OrganisationRole]> = []) {
    const org = json<Organisation>(
      await t.current.inject({
        method: 'POST',
        url: '/api/organisations',
        headers: admin.headers,
        payload: { name: `Coopérative ${uniqueSuffix()}`, type: 'cooperative' },
      }),
    );
    for (const [who, role] of members)
      await t.current.inject({
        method: 'POST',
        url: `/api/organisations/${org.id}/members`,
        headers: admin.headers,
        payload: { email: who.user.email, role },
      });
    return org;
  }

  /** The farmer's field "Champ de Yacine", granted to the organisation (that parcel only, or all with `all`). */
  async function grantedField(farmer: Signed, org: Organisation, all = false) {
    const { parcel } = await factories.createParcel(t.current.database, {
      userId: farmer.user.id,
      name: 'Champ de Yacine',
    });
    const granted = await t.current.inject({
      method: 'POST',
      url: '/api/grants',
      headers: farmer.headers,
      payload: { accessCode: org.accessCode, parcelIds: all ? null : [parcel.id] },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    return parcel;
  }

  /** A file imported by `headers`' caller, its job run to the end. */
  async function importFile(orgId: number, headers: Headers, filename: string, bytes: Buffer) {
    const body = multipart({}, [{ name: 'file', filename, contentType: 'application/octet-stream', bytes }]);
    const res = await t.current.inject({
      method: 'POST',
      url: `/api/organisations/${orgId}/parcels/import`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    await runImport(t.current.database.db, json<ParcelImport>(res).id);
  }

  /**
   * A stored NDVI point of the parcel on that day with that median (its other statistics plausible), and the
   * territory tables following it marked stale, as a tile pass does when it stores points (tile-pass.ts).
   */
  async function point(parcelId: number, date: string, median: number) {
    const stats = { median, mean: median, min: 0, max: 1, std: 0.05, p25: median, p75: median, count: 300 };
    await t.current.database.db.execute(sql`
      INSERT INTO series_points (parcel_id, index_code, basis, scene_id, date, status, stats, valid_fraction)
      VALUES (${parcelId}, 'NDVI', 'S2_L2A', ${`S2A_TEST_${date}_${parcelId}`}, ${date}::date, 'point',
              ${JSON.stringify({ ...stats, validFraction: 0.9 })}::jsonb, 0.9)`);
    await markTerritoriesStale(t.current.database.db, [parcelId]);
  }

  /** The organisation's own parcels, by name. */
  const ownParcels = async (orgId: number) =>
    (
      await t.current.database.db.execute<{ id: number; name: string }>(sql`
        SELECT id, name FROM parcels WHERE organisation_id = ${orgId} ORDER BY name`)
    ).rows;

  return { organisation, grantedField, importFile, point, ownParcels };
}
