import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { publicSettingsOf, type PublicSettings } from './settings.routes.ts';

const bare = useTestApp();
const configured = useTestApp({
  CONTACT_PHONE: '+213 21 45 67 89',
  CONTACT_EMAIL: 'support@cooperative.dz',
  CONTACT_ADDRESS: 'Zone industrielle, Blida',
  SERVICE_PRICE_SOIL: '12 000',
  SERVICE_PRICE_OTHER: '20000',
  STAC_API_URL: 'https://earth-search.example/v1',
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
