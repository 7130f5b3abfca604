/**
 * Issue 30 §1, acceptance 1: organisations, their roles, and the farmers' consent — granted, read (and logged),
 * revoked (access gone at once) — on the embedded database and, with DATABASE_URL, on PostgreSQL.
 */
import { factories, uniqueSuffix } from '@filaha/db/testing';
import type {
  AccessLogEntry,
  Grant,
  Organisation,
  OrganisationDetail,
  OrganisationParcel,
} from '@filaha/shared/contracts';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf } from '../plans/test-kit.ts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
type Headers = Record<string, string>;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.current.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function people() {
  const admin = await t.current.createUser({ role: 'Admin' });
  const orgAdmin = await t.current.createUser({ role: 'User' });
  const agronomist = await t.current.createUser({ role: 'User' });
  const viewer = await t.current.createUser({ role: 'User' });
  const outsider = await t.current.createUser({ role: 'User' });
  const farmer = await t.current.createUser({ role: 'User' });
  const otherFarmer = await t.current.createUser({ role: 'User' });
  return { admin, orgAdmin, agronomist, viewer, outsider, farmer, otherFarmer };
}

/** A cooperative with an admin, an agronomist and a viewer, made through the API by the platform admin. */
async function cooperative(p: Awaited<ReturnType<typeof people>>) {
  const created = await call('POST', '/api/organisations', p.admin.headers, {
    name: `Coopérative ${uniqueSuffix()}`,
    type: 'cooperative',
  });
  expect(created.statusCode, created.body).toBe(201);
  const org = json<Organisation>(created);
  expect(org.accessCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  for (const [who, role] of [
    [p.orgAdmin, 'admin'],
    [p.agronomist, 'agronomist'],
    [p.viewer, 'viewer'],
  ] as const) {
    const added = await call('POST', `/api/organisations/${org.id}/members`, p.admin.headers, {
      email: who.user.email.toUpperCase(),
      role,
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  return org;
}

const names = (res: { body: string }) => json<OrganisationParcel[]>(res).map((p) => p.name);

describe('organisations and their members', () => {
  it('a platform admin creates one; its members see it with their role, nobody else does', async () => {
    const p = await people();
    const org = await cooperative(p);

    const detail = json<OrganisationDetail>(await call('GET', `/api/organisations/${org.id}`, p.viewer.headers));
    expect(detail.myRole).toBe('viewer');
    expect(detail.memberList.map((m) => [m.userId, m.role])).toEqual([
      [p.orgAdmin.user.id, 'admin'],
      [p.agronomist.user.id, 'agronomist'],
      [p.viewer.user.id, 'viewer'],
    ]);
    expect(
      json<Organisation[]>(await call('GET', '/api/organisations', p.agronomist.headers)).map((o) => o.id),
    ).toEqual([org.id]);
    expect(json<Organisation[]>(await call('GET', '/api/organisations', p.outsider.headers))).toEqual([]);
    expect((await call('GET', `/api/organisations/${org.id}`, p.outsider.headers)).statusCode).toBe(404);

    // A farmer cannot create one; a second one of the same name (any case) is refused.
    expect(
      (await call('POST', '/api/organisations', p.farmer.headers, { name: 'X Coop', type: 'bank' })).statusCode,
    ).toBe(403);
    const same = await call('POST', '/api/organisations', p.admin.headers, {
      name: org.name.toUpperCase(),
      type: 'bank',
    });
    expect(same.statusCode).toBe(409);
    expect(issuesOf(same)[0]).toMatchObject({ path: 'name', code: 'duplicate' });
  });

  it('only its admins (and platform admins) manage members; the last admin stays; bad input changes nothing', async () => {
    const p = await people();
    const org = await cooperative(p);
    const newcomer = await t.current.createUser({ role: 'User' });
    const members = `/api/organisations/${org.id}/members`;

    const byAgronomist = await call('POST', members, p.agronomist.headers, {
      email: newcomer.user.email,
      role: 'viewer',
    });
    expect(byAgronomist.statusCode).toBe(403);
    expect(
      (await call('POST', members, p.outsider.headers, { email: newcomer.user.email, role: 'viewer' })).statusCode,
    ).toBe(404);
    const unknown = await call('POST', members, p.orgAdmin.headers, { email: 'nobody@example.dz', role: 'viewer' });
    expect(unknown.statusCode).toBe(400);
    expect(issuesOf(unknown)[0]).toMatchObject({ path: 'email', code: 'unknown_reference' });
    const twice = await call('POST', members, p.orgAdmin.headers, { email: p.viewer.user.email, role: 'agronomist' });
    expect(twice.statusCode).toBe(409);
    const after = json<OrganisationDetail>(await call('GET', `/api/organisations/${org.id}`, p.orgAdmin.headers));
    expect(after.memberList).toHaveLength(3);
    expect(after.memberList.find((m) => m.userId === p.viewer.user.id)?.role).toBe('viewer');

    expect(
      (await call('POST', members, p.orgAdmin.headers, { email: newcomer.user.email, role: 'viewer' })).statusCode,
    ).toBe(201);
    expect((await call('DELETE', `${members}/${newcomer.user.id}`, p.viewer.headers)).statusCode).toBe(403);
    const removed = await call('DELETE', `${members}/${newcomer.user.id}`, p.orgAdmin.headers);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/api/organisations/${org.id}`, newcomer.headers)).statusCode).toBe(404);

    const last = await call('DELETE', `${members}/${p.orgAdmin.user.id}`, p.admin.headers);
    expect(last.statusCode).toBe(409);
    expect(issuesOf(last)[0]).toMatchObject({ code: 'last_admin' });
    expect((await call('GET', `/api/organisations/${org.id}`, p.orgAdmin.headers)).statusCode).toBe(200);
  });
});

describe("a farmer's consent", () => {
  it('grants parcels with the code, members read only those, every read is logged, a revoke ends it at once', async () => {
    const p = await people();
    const org = await cooperative(p);
    const db = t.current.database;
    const { parcel: wheat } = await factories.createParcel(db, { userId: p.farmer.user.id, name: 'Blé dur — Mouzaïa' });
    const { parcel: olives } = await factories.createParcel(db, { userId: p.farmer.user.id, name: 'Oliviers' });
    const { parcel: theirs } = await factories.createParcel(db, { userId: p.otherFarmer.user.id, name: 'Orge B' });
    const parcels = `/api/organisations/${org.id}/parcels`;
    expect(json<OrganisationParcel[]>(await call('GET', parcels, p.agronomist.headers))).toEqual([]);

    // Bad input is refused and grants nothing: an unknown code, a parcel of someone else.
    const wrongCode = await call('POST', '/api/grants', p.farmer.headers, { accessCode: 'ZZZZ2222', parcelIds: null });
    expect(wrongCode.statusCode).toBe(400);
    expect(issuesOf(wrongCode)[0]).toMatchObject({ path: 'accessCode', code: 'unknown_reference' });
    const notMine = await call('POST', '/api/grants', p.farmer.headers, {
      accessCode: org.accessCode,
      parcelIds: [wheat.id, theirs.id],
    });
    expect(notMine.statusCode).toBe(400);
    expect(issuesOf(notMine)[0]).toMatchObject({ path: 'parcelIds', code: 'unknown_reference' });
    expect(json<Grant[]>(await call('GET', '/api/grants', p.farmer.headers))).toEqual([]);

    // One parcel, with the code typed in lower case as a farmer might.
    const granted = await call('POST', '/api/grants', p.farmer.headers, {
      accessCode: org.accessCode.toLowerCase(),
      parcelIds: [wheat.id],
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const [grant] = json<Grant[]>(granted);
    expect(grant).toMatchObject({ organisation: { id: org.id, type: 'cooperative' }, parcel: { id: wheat.id } });
    expect(names(await call('GET', parcels, p.viewer.headers))).toEqual(['Blé dur — Mouzaïa']);
    const one = await call('GET', `${parcels}/${wheat.id}`, p.agronomist.headers);
    expect(one.statusCode).toBe(200);
    expect(json<{ geometry: { type: string } }>(one).geometry.type).toBe('Polygon');
    // Not granted: as if it did not exist; the platform admin, not a member, reads nothing either.
    expect((await call('GET', `${parcels}/${olives.id}`, p.agronomist.headers)).statusCode).toBe(404);
    expect((await call('GET', `${parcels}/${theirs.id}`, p.agronomist.headers)).statusCode).toBe(404);
    expect((await call('GET', parcels, p.admin.headers)).statusCode).toBe(404);
    expect((await call('GET', parcels, p.outsider.headers)).statusCode).toBe(404);

    // The farmer sees who read what; the other farmer sees nothing of it.
    const log = json<AccessLogEntry[]>(await call('GET', '/api/access-log', p.farmer.headers));
    expect(log.map((e) => [e.what, e.member?.id, e.parcel?.id ?? null])).toEqual([
      ['parcel', p.agronomist.user.id, wheat.id],
      ['parcels', p.viewer.user.id, null],
    ]);
    expect(log[0]?.organisation).toMatchObject({ id: org.id, name: org.name });
    expect(json<AccessLogEntry[]>(await call('GET', '/api/access-log', p.otherFarmer.headers))).toEqual([]);

    // All parcels, those added later included; granting twice adds nothing.
    await call('POST', '/api/grants', p.farmer.headers, { accessCode: org.accessCode, parcelIds: null });
    await call('POST', '/api/grants', p.farmer.headers, { accessCode: org.accessCode, parcelIds: null });
    const { parcel: later } = await factories.createParcel(db, { userId: p.farmer.user.id, name: 'Pommes de terre' });
    expect(names(await call('GET', parcels, p.viewer.headers)).sort()).toEqual(
      ['Blé dur — Mouzaïa', 'Oliviers', 'Pommes de terre'].sort(),
    );
    expect(json<Organisation>(await call('GET', `/api/organisations/${org.id}`, p.viewer.headers)).parcels).toBe(3);
    const grants = json<Grant[]>(await call('GET', '/api/grants', p.farmer.headers));
    expect(grants.map((g) => g.parcel?.id ?? null)).toEqual([null, wheat.id]);

    // Someone else cannot revoke the farmer's grant; the farmer can, and the access is gone at once.
    const all = grants.find((g) => g.parcel === null)!;
    expect((await call('DELETE', `/api/grants/${all.id}`, p.otherFarmer.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/grants/${all.id}`, p.farmer.headers)).statusCode).toBe(200);
    expect(names(await call('GET', parcels, p.viewer.headers))).toEqual(['Blé dur — Mouzaïa']);
    expect((await call('GET', `${parcels}/${later.id}`, p.viewer.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/grants/${all.id}`, p.farmer.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/grants/${grant!.id}`, p.farmer.headers)).statusCode).toBe(200);
    expect(json<OrganisationParcel[]>(await call('GET', parcels, p.viewer.headers))).toEqual([]);
    expect((await call('GET', `${parcels}/${wheat.id}`, p.agronomist.headers)).statusCode).toBe(404);
    expect(json<Grant[]>(await call('GET', '/api/grants', p.farmer.headers))).toEqual([]);
  });

  it("answers in the caller's language", async () => {
    const p = await people();
    const org = await cooperative(p);
    const { parcel } = await factories.createParcel(t.current.database, { userId: p.farmer.user.id });
    const [grant] = json<Grant[]>(
      await call('POST', '/api/grants', p.farmer.headers, { accessCode: org.accessCode, parcelIds: [parcel.id] }),
    );
    const revoked = await call('DELETE', `/api/grants/${grant!.id}`, { ...p.farmer.headers, 'accept-language': 'ar' });
    expect(json<{ message: string }>(revoked).message).toMatch(/[\u0600-\u06FF]/);
    expect(codeOf(await call('DELETE', `/api/grants/${grant!.id}`, p.farmer.headers))).toBe('NOT_FOUND');
  });
});
