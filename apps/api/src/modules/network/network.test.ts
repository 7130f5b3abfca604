import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@filaha/db';
import { blockUser, createTestDatabase, factories, type CreateUserOptions } from '@filaha/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, TEST_JWT_SECRET } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Suggestion } from '@filaha/shared/contracts';

/**
 * Suggestions range over every account, so these tests run on their own fresh database (other test files of
 * the worker create many users): the expected lists are then exact.
 */
let database: Database;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'filaha-network-'));
  database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'none'),
    RATE_LIMIT_MAX: '100000',
  });
  app = await buildApp(config, { database });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Person {
  id: number;
  name: string;
  headers: Record<string, string>;
}

async function person(name: string, options: CreateUserOptions): Promise<Person> {
  const { user } = await factories.createUser(database, { userName: name, ...options });
  return { id: user.id, name, headers: { authorization: `Bearer ${await app.tokens.sign(user.id)}` } };
}

const suggestions = async (who: Person, query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/network/suggestions${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return json<Suggestion[]>(res);
};
const names = async (who: Person, query = '') => (await suggestions(who, query)).map((s) => s.userName);

describe('network suggestions', () => {
  // Seller roles of the seed: 1 Agriculteur, 2 Fournisseur d'intrants, 5 Coopérative, 6 Entreprise.
  let me: Person;
  beforeAll(async () => {
    me = await person('Moi', { role: 'User', wilayaId: 16 });
    await person('Staff', { role: 'Admin', wilayaId: 16 });
    await person('Manager', { role: 'Manager', wilayaId: 16 });
    await person('A intrants Alger', { role: 'Seller', sellerRoleId: 2, wilayaId: 16 });
    await person('B fermier Alger', { role: 'User', wilayaId: 16 });
    await person('C fermier Blida', { role: 'User', wilayaId: 9 });
    await person('D investisseur Boumerdès', { role: 'Investor', wilayaId: 35 });
    await person('E coopérative Oran', { role: 'Seller', sellerRoleId: 5, wilayaId: 31 });
    await person('F fermier Oran', { role: 'User', wilayaId: 31 });
    await person('G fermier Tlemcen', { role: 'User', wilayaId: 13 });
    await person('H entreprise Tamanrasset', { role: 'Seller', sellerRoleId: 6, wilayaId: 11 });
    await person('I vendeur-agriculteur Oran', { role: 'Seller', sellerRoleId: 1, wilayaId: 31 });
    await person('J sans wilaya', { role: 'User', wilayaId: null });
  });

  it('ranks same wilaya, then neighbours, then the rest; complementary roles first, then distance', async () => {
    const list = await suggestions(me);
    expect(list.map((s) => s.userName)).toEqual([
      'A intrants Alger',
      'B fermier Alger',
      'D investisseur Boumerdès',
      'C fermier Blida',
      'E coopérative Oran',
      'H entreprise Tamanrasset',
      'I vendeur-agriculteur Oran',
      'F fermier Oran',
      'G fermier Tlemcen',
      'J sans wilaya',
    ]);
    expect(list.map((s) => s.reason)).toEqual([
      'same_wilaya',
      'same_wilaya',
      'neighbouring_wilaya',
      'neighbouring_wilaya',
      'complementary_role',
      'complementary_role',
      'other',
      'other',
      'other',
      'other',
    ]);
    expect(list[0]).toMatchObject({
      roleName: 'Seller',
      category: 'Fournisseur',
      sellerRole: { id: 2, roleName: "Fournisseur d'intrants" },
      wilaya: { id: 16, fr: 'Alger', ar: 'الجزائر' },
    });
    expect(list[2]).toMatchObject({ roleName: 'Investor', category: 'Entreprise', sellerRole: null });
    expect(list.at(-1)?.wilaya).toBeNull();
  });

  it('filters Agriculteur / Fournisseur / Entreprise as documented', async () => {
    expect(await names(me, '?filter=Agriculteur')).toEqual([
      'B fermier Alger',
      'C fermier Blida',
      'I vendeur-agriculteur Oran',
      'F fermier Oran',
      'G fermier Tlemcen',
      'J sans wilaya',
    ]);
    expect(await names(me, '?filter=Fournisseur')).toEqual(['A intrants Alger', 'E coopérative Oran']);
    expect(await names(me, '?filter=Entreprise')).toEqual(['D investisseur Boumerdès', 'H entreprise Tamanrasset']);
    expect(await names(me, '?filter=')).toHaveLength(10);
    expect(await names(me, '?limit=3')).toEqual(['A intrants Alger', 'B fermier Alger', 'D investisseur Boumerdès']);
    const bad = await app.inject({ method: 'GET', url: '/api/network/suggestions?filter=Banque', headers: me.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a supplier the farmers first within each tier', async () => {
    const supplier = await person('Fournisseur Oran', { role: 'Seller', sellerRoleId: 3, wilayaId: 31 });
    const oran = (await suggestions(supplier)).filter((s) => s.wilaya?.id === 31).map((s) => s.userName);
    expect(oran).toEqual(['I vendeur-agriculteur Oran', 'F fermier Oran', 'E coopérative Oran']);
  });

  it('leaves out users blocked in either direction', async () => {
    const viewer = await person('Bloqueur', { role: 'User', wilayaId: 16 });
    const blocked = await person('K bloqué', { role: 'User', wilayaId: 16 });
    const blocker = await person('L bloque', { role: 'User', wilayaId: 16 });
    await blockUser(database, { blockerId: viewer.id, blockedId: blocked.id });
    await blockUser(database, { blockerId: blocker.id, blockedId: viewer.id });
    const seen = await names(viewer);
    expect(seen).not.toContain('K bloqué');
    expect(seen).not.toContain('L bloque');
    expect(seen).toContain('B fermier Alger');
  });

  it('Remove hides a suggestion durably until undone', async () => {
    const viewer = await person('Masqueur', { role: 'Investor', wilayaId: 25 });
    const target = (await suggestions(viewer)).find((s) => s.userName === 'C fermier Blida');
    if (!target) throw new Error('C not suggested');
    const call = (method: 'POST' | 'DELETE', userId: number) =>
      app.inject({ method, url: `/api/network/hidden/${userId}`, headers: viewer.headers });

    const hide = await call('POST', target.id);
    expect(hide.statusCode).toBe(201);
    expect(json(hide)).toEqual({ hidden: true });
    expect((await call('POST', target.id)).statusCode).toBe(200);
    // "After reload": a new request, and a whole new app (a restart) on the same database.
    expect(await names(viewer)).not.toContain('C fermier Blida');
    const restarted = await buildApp(app.config, { database });
    try {
      const res = await restarted.inject({ method: 'GET', url: '/api/network/suggestions', headers: viewer.headers });
      expect(json<Suggestion[]>(res).map((s) => s.userName)).not.toContain('C fermier Blida');
    } finally {
      await restarted.close();
    }
    const listed = await app.inject({ method: 'GET', url: '/api/network/hidden', headers: viewer.headers });
    expect(json<Array<{ userId: number }>>(listed).map((h) => h.userId)).toEqual([target.id]);
    // Only mine: others still see C.
    expect(await names(me)).toContain('C fermier Blida');

    const undo = await call('DELETE', target.id);
    expect(undo.statusCode).toBe(200);
    expect(json(undo)).toEqual({ hidden: false });
    expect(await names(viewer)).toContain('C fermier Blida');

    expect((await call('POST', viewer.id)).statusCode).toBe(400);
    expect((await call('POST', 2_000_000_000)).statusCode).toBe(404);
  });

  it('is for farmers, sellers and investors only', async () => {
    const admin = await person('Admin 2', { role: 'Admin' });
    const res = await app.inject({ method: 'GET', url: '/api/network/suggestions', headers: admin.headers });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/network/suggestions' })).statusCode).toBe(401);
  });
});
