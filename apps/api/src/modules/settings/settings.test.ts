import { servicePrices } from '@filaha/db';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import type { PublicSettings, ServicePricesAnswer } from '@filaha/shared/contracts';
import { publicSettingsOf } from './settings.routes.ts';

const bare = useTestApp();
const configured = useTestApp({
  CONTACT_PHONE: '+213 21 45 67 89',
  CONTACT_EMAIL: 'support@cooperative.dz',
  CONTACT_ADDRESS: 'Zone industrielle, Blida',
  SERVICE_PRICE_SOIL: '12 000',
  SERVICE_PRICE_OTHER: '20000',
  STAC_API_URL: 'https://earth-search.example/v1',
});

// The worker's test database is shared by the test files it runs: start each test with no back office prices.
beforeEach(async () => {
  await bare.current.database.db.delete(servicePrices);
});

describe('GET /api/settings/public', () => {
  it('answers no contact details when none is set, and the demo-imagery flag of the bundled catalog', async () => {
    const res = await bare.current.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    expect(json<PublicSettings>(res)).toEqual({
      contact: { phone: null, email: null, address: null },
      servicePrices: { soil: null, other: null },
      demoImagery: true,
    });
    // No placeholder number anywhere in the answer.
    expect(res.body).not.toContain('23 00 00 00');
  });

  it("answers the deployment's contact details, without a token, and no demo flag with a STAC API", async () => {
    const res = await configured.current.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    expect(json<PublicSettings>(res)).toEqual({
      contact: { phone: '+213 21 45 67 89', email: 'support@cooperative.dz', address: 'Zone industrielle, Blida' },
      servicePrices: { soil: 12000, other: 20000 },
      demoImagery: false,
    });
  });
});

describe('contact and demo-imagery settings', () => {
  it('refuses a malformed phone or e-mail, naming the variable', () => {
    for (const [name, value] of [
      ['CONTACT_PHONE', 'call us'],
      ['CONTACT_PHONE', '12'],
      ['CONTACT_EMAIL', 'not-an-email'],
      ['SERVICE_PRICE_SOIL', '100 €'],
      ['SERVICE_PRICE_OTHER', '0'],
    ] as const) {
      try {
        loadConfig({ [name]: value }, '/srv/filaha');
        expect.unreachable(`${name}=${value} accepted`);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).problems.join('\n')).toContain(name);
      }
    }
  });

  it('marks the imagery as demo only with the bundled catalog and no STAC API', () => {
    const of = (env: Record<string, string>) => publicSettingsOf(loadConfig(env, '/srv/filaha')).demoImagery;
    expect(of({})).toBe(true);
    expect(of({ STAC_CATALOG_PATH: '/data/real-catalog' })).toBe(false);
    expect(of({ STAC_API_URL: 'https://earth-search.example/v1' })).toBe(false);
  });
});

describe('service prices set in the back office (issue 13 §5)', () => {
  const prices = async (app = configured.current) =>
    json<PublicSettings>(await app.inject({ method: 'GET', url: '/api/settings/public' })).servicePrices;

  it('the deployment values apply until an admin sets prices; then the admin ones, "on quotation" included', async () => {
    const { headers } = await configured.current.createUser({ role: 'Admin' });
    expect(await prices()).toEqual({ soil: 12000, other: 20000 });

    const before = await configured.current.inject({ method: 'GET', url: '/api/settings/service-prices', headers });
    expect(before.statusCode).toBe(200);
    expect(json<ServicePricesAnswer>(before)).toEqual({
      prices: { soil: 12000, other: 20000 },
      defaults: { soil: 12000, other: 20000 },
      setInBackOffice: false,
      updatedAt: null,
    });

    // Text as typed in a form ("15 000") or a number; empty = on quotation, even where the deployment has a price.
    const put = await configured.current.inject({
      method: 'PUT',
      url: '/api/settings/service-prices',
      headers,
      payload: { soil: '15 000', other: '' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = json<ServicePricesAnswer>(put);
    expect(saved).toMatchObject({
      prices: { soil: 15000, other: null },
      defaults: { soil: 12000, other: 20000 },
      setInBackOffice: true,
    });
    expect(Date.parse(saved.updatedAt ?? '')).not.toBeNaN();
    // Every reader of the public settings (another app on the same database: another process) sees the change.
    expect(await prices()).toEqual({ soil: 15000, other: null });
    expect(await prices(bare.current)).toEqual({ soil: 15000, other: null });
    const res = await configured.current.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.headers['cache-control']).toBe('no-cache');

    // Back to the deployment's values.
    const reset = await configured.current.inject({ method: 'DELETE', url: '/api/settings/service-prices', headers });
    expect(reset.statusCode).toBe(200);
    expect(json<ServicePricesAnswer>(reset)).toMatchObject({
      prices: { soil: 12000, other: 20000 },
      setInBackOffice: false,
    });
    expect(await prices()).toEqual({ soil: 12000, other: 20000 });
  });

  it('without deployment values, an admin price is shown and the other stays on quotation', async () => {
    const { headers } = await bare.current.createUser({ role: 'Admin' });
    const put = await bare.current.inject({
      method: 'PUT',
      url: '/api/settings/service-prices',
      headers,
      payload: { soil: 9000, other: null },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await prices(bare.current)).toEqual({ soil: 9000, other: null });
  });

  it('refuses what is not a whole amount in DA, naming the field, in ar and fr, and changes nothing', async () => {
    const { headers } = await configured.current.createUser({ role: 'Admin' });
    await configured.current.inject({
      method: 'PUT',
      url: '/api/settings/service-prices',
      headers,
      payload: { soil: 15000, other: 30000 },
    });
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ soil: '100 €', other: null }, 'soil'],
      [{ soil: 0, other: null }, 'soil'],
      [{ soil: -5, other: null }, 'soil'],
      [{ soil: 1.5, other: null }, 'soil'],
      [{ soil: '12,5', other: null }, 'soil'],
      [{ soil: 15000, other: 100_000_001 }, 'other'],
      [{ soil: 15000 }, 'other'],
    ];
    for (const [payload, field] of bad) {
      for (const [lang, message] of [
        ['ar', 'البيانات المرسلة غير صالحة.'],
        ['fr', 'Les données envoyées ne sont pas valides.'],
      ] as const) {
        const res = await configured.current.inject({
          method: 'PUT',
          url: '/api/settings/service-prices',
          headers: { ...headers, 'accept-language': lang },
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        const body = json<{ code: string; message: string; issues: Array<{ path: string; message: string }> }>(res);
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.message).toBe(message);
        expect(body.issues.map((i) => `${i.path}:${i.message}`)).toContain(`${field}:validation.servicePrice`);
      }
    }
    expect(await prices()).toEqual({ soil: 15000, other: 30000 });
  });

  it('only an admin may read or change them (a manager, a farmer and a visitor are refused, nothing changes)', async () => {
    const manager = await configured.current.createUser({ role: 'Manager' });
    const farmer = await configured.current.createUser();
    for (const headers of [manager.headers, farmer.headers, {}]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await configured.current.inject({
          method,
          url: '/api/settings/service-prices',
          headers,
          ...(method === 'PUT' ? { payload: { soil: 1, other: 1 } } : {}),
        });
        expect(res.statusCode).toBe('authorization' in headers ? 403 : 401);
      }
    }
    expect(await prices()).toEqual({ soil: 12000, other: 20000 });
  });
});
