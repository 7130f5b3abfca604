// The real API on an embedded database, listening on loopback, with a farmer who has a large NDVI quota and
// parcels of chosen sizes created through the API itself (so PostGIS reports their area).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, PolygonGeometry } from '@filaha/db';
import { createTestDatabase, factories } from '@filaha/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';

export interface BenchPlatform {
  url: string;
  database: Database;
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface BenchFarmer {
  userId: number;
  token: string;
  subscriptionId: number;
}

export interface BenchParcel {
  id: number;
  label: string;
  targetHa: number;
  /** As computed by PostGIS (ST_Area on geography) and answered by POST /api/parcelle. */
  areaHa: number;
  geom: PolygonGeometry;
}

export async function startPlatform(stacApiUrl: string, env: Record<string, string> = {}): Promise<BenchPlatform> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'filaha-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web-build'),
    STAC_API_URL: stacApiUrl,
    // Hundreds of requests per minute from one address: the per-address limit would turn the bench into 429s.
    RATE_LIMIT_MAX: '1000000',
    ...env,
  });
  const app = await buildApp(config, { database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    database,
    app,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A farmer (role User) whose active plan grants `requests` NDVI images; the token comes from a real sign-in. */
export async function createFarmer(platform: BenchPlatform, requests: number): Promise<BenchFarmer> {
  const { user, password } = await factories.createUser(platform.database, { role: 'User' });
  const { plan } = await factories.createPlan(platform.database, { requests: { NDVI: requests } });
  const { subscription } = await factories.createFarmerSubscription(platform.database, {
    userId: user.id,
    planId: plan.id,
    state: 'actif',
  });
  const login = await postJson<{ token?: string }>(`${platform.url}/api/auth/login`, {
    email: user.email,
    password,
  });
  if (login.status !== 200 || !login.body.token) throw new Error(`sign-in failed (${login.status})`);
  return { userId: user.id, token: login.body.token, subscriptionId: subscription.id };
}

/**
 * A square of about `hectares` centred on (lon, lat): metres per degree on the WGS84 ellipsoid at that
 * latitude, so the PostGIS area lands within a fraction of a percent of the target.
 */
export function squareOfHectares(lon: number, lat: number, hectares: number): PolygonGeometry {
  const phi = (lat * Math.PI) / 180;
  const mPerDegLat = 111_132.954 - 559.822 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi);
  const mPerDegLon = 111_412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi);
  const side = Math.sqrt(hectares * 10_000);
  const halfLon = side / mPerDegLon / 2;
  const halfLat = side / mPerDegLat / 2;
  const r = (v: number) => Math.round(v * 1e7) / 1e7;
  const [w, e, s, n] = [r(lon - halfLon), r(lon + halfLon), r(lat - halfLat), r(lat + halfLat)];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  };
}

export async function createParcel(
  platform: BenchPlatform,
  farmer: BenchFarmer,
  label: string,
  targetHa: number,
  geom: PolygonGeometry,
): Promise<BenchParcel> {
  const created = await postJson<{ parcelle?: { id: number; areaHa: number } }>(
    `${platform.url}/api/parcelle`,
    { identifiantU: `Bench ${label}`, geom },
    farmer.token,
  );
  if (created.status !== 201 || !created.body.parcelle) {
    throw new Error(`parcel ${label} not created (${created.status}): ${JSON.stringify(created.body)}`);
  }
  return { id: created.body.parcelle.id, label, targetHa, areaHa: created.body.parcelle.areaHa, geom };
}
