import { randomBytes } from 'node:crypto';
import etag from '@fastify/etag';
import { conditionOf } from '@filaha/shared';
import {
  apiKeysContract as contract,
  type ApiKey,
  type ApiKeyCreated,
  type ParcelCondition,
  type SeasonPoint,
} from '@filaha/shared/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authedCtxOf as authed, type AuthedCtx } from '../../../context.ts';
import { fromContract } from '../../../core/contract-route.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../core/errors.ts';
import { text } from '../../../i18n/texts.ts';
import { hashApiKey } from '../../../plugins/auth.ts';
import { createOrganisationsRepository } from '../organisations.repository.ts';
import { createTerritoryRepository, type TerritoryParcelRow } from '../territory/territory.repository.ts';
import { createApiKeysRepository, type ApiKeyRow } from './api-keys.repository.ts';
import { orgCaller, readerOf } from './org-caller.ts';

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const day = (v: string | Date) => new Date(v).toISOString().slice(0, 10);

const toKey = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  createdAt: iso(r.created_at)!,
  lastUsedAt: iso(r.last_used_at),
  revokedAt: iso(r.revoked_at),
});

const toCondition = (r: TerritoryParcelRow): ParcelCondition => {
  const z = r.z === null ? null : Number(r.z);
  const klass = conditionOf(z);
  return {
    id: r.id,
    name: r.name,
    areaHa: Math.round(Number(r.area_m2) / 100) / 100,
    farmer: r.farmer_id === null ? null : { id: r.farmer_id, userName: r.farmer_name ?? '' },
    farmerContact: r.farmer_contact,
    crop: r.crop,
    season: r.season,
    sowingDate: r.sowing_date === null ? null : day(r.sowing_date),
    irrigated: r.irrigated,
    latest:
      r.point_date === null || r.median === null
        ? null
        : {
            date: day(r.point_date),
            median: Number(r.median),
            validShare: r.valid_fraction === null ? null : Number(r.valid_fraction),
          },
    condition:
      klass && z !== null && r.reference
        ? { class: klass, z: Math.round(z * 100) / 100, reference: r.reference }
        : null,
  };
};

/** A cursor is the last item's key, opaque to the client (base64url of JSON). */
const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function decodeCursor<T>(cursor: string | undefined, check: (v: unknown) => v is T): T | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (check(value)) return value;
  } catch {
    // An unreadable cursor: refused below.
  }
  throw ValidationError.field('cursor', 'validation.invalid');
}
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isPointKey = (v: unknown): v is [string, string, string] =>
  Array.isArray(v) &&
  v.length === 3 &&
  v.every((x) => typeof x === 'string') &&
  /^\d{4}-\d{2}-\d{2}$/.test(String(v[0]));

/** A new key: `flh_` and 32 random bytes in base64url (256 bits: found by its SHA-256, nothing to brute-force). */
const newKey = () => `flh_${randomBytes(32).toString('base64url')}`;
const DEFAULT_PAGE = 200;

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const keys = createApiKeysRepository(db);
  const organisations = createOrganisationsRepository(db);
  const territory = createTerritoryRepository(db);
  // An ETag on every answer of these routes, and 304 when the client's If-None-Match still matches.
  await app.register(etag);

  /** Managing keys: the organisation's admins only (its other members 403, anyone else 404); never with a key. */
  const admin = async (ctx: AuthedCtx, id: number) => {
    const row = await organisations.get(ctx.actor.id, id);
    if (!row || row.my_role === null) throw new NotFoundError();
    if (row.my_role !== 'admin') throw new ForbiddenError();
  };

  app.route({
    ...fromContract(contract.create),
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const ctx = authed(request);
      await admin(ctx, request.params.id);
      const key = newKey();
      const row = await keys.create({
        organisationId: request.params.id,
        name: request.body.name,
        prefix: key.slice(0, 10),
        keyHash: hashApiKey(key),
        scopes: request.body.scopes,
        createdBy: ctx.actor.id,
      });
      const created: ApiKeyCreated = { ...toKey(row), key };
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  });
  app.route({
    ...fromContract(contract.list),
    onRequest: app.authenticate,
    handler: async (request) => {
      await admin(authed(request), request.params.id);
      return (await keys.list(request.params.id)).map(toKey);
    },
  });
  app.route({
    ...fromContract(contract.revoke),
    onRequest: app.authenticate,
    handler: async (request) => {
      const ctx = authed(request);
      await admin(ctx, request.params.id);
      if (!(await keys.revoke(request.params.id, request.params.keyId))) throw new NotFoundError();
      return { message: text('apiKeyRevoked', ctx.lang) };
    },
  });

  app.route({
    ...fromContract(contract.conditions),
    onRequest: app.authenticateOrKey,
    handler: async (request) => {
      const caller = await orgCaller(request, organisations, request.params.id, 'parcels:read');
      const after = decodeCursor(request.query.cursor, isId) ?? 0;
      const limit = request.query.limit ?? DEFAULT_PAGE;
      const rows = await territory.parcels(request.params.id, readerOf(caller), null, { after, limit: limit + 1 });
      const items = rows.slice(0, limit).map(toCondition);
      return { items, nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!.id) : null };
    },
  });
  app.route({
    ...fromContract(contract.points),
    onRequest: app.authenticateOrKey,
    handler: async (request) => {
      const caller = await orgCaller(request, organisations, request.params.id, 'points:read');
      const key = decodeCursor(request.query.cursor, isPointKey);
      const limit = request.query.limit ?? DEFAULT_PAGE;
      const rows = await territory.points(
        request.params.id,
        request.params.parcelId,
        readerOf(caller),
        request.query.index ?? 'NDVI',
        key && { date: key[0], scene: key[1], basis: key[2] },
        limit + 1,
      );
      if (!rows) throw new NotFoundError();
      const page = rows.slice(0, limit);
      const items: SeasonPoint[] = page.map((r) => ({
        date: day(r.date),
        sceneId: r.scene_id,
        basis: r.basis,
        status: r.status,
        median: r.stats?.median ?? null,
        mean: r.stats?.mean ?? null,
        p25: r.stats?.p25 ?? null,
        p75: r.stats?.p75 ?? null,
        validShare: r.valid_fraction === null ? null : Number(r.valid_fraction),
      }));
      const last = page.at(-1);
      return {
        items,
        nextCursor: rows.length > limit && last ? encodeCursor([day(last.date), last.scene_id, last.basis]) : null,
      };
    },
  });
};

const apiKeys: FastifyPluginAsync = async (app) => {
  await app.register(routes);
};

/** An organisation's API keys and the lists its keys read (issue 30 §4). */
export const apiKeysModule = fp(apiKeys, { name: 'api-keys', dependencies: ['platform', 'auth'], encapsulate: true });
