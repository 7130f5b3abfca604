import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MAP_TILE_HOSTS, loadConfig, REPO_ROOT } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/filaha');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const c = loadConfig({}, '/srv/filaha');
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe('/srv/filaha/data');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.jwtSecret).toBeUndefined();
    expect(c.jwtTtlSeconds).toBe(7 * 86400);
    expect(c.demoData).toBe(true);
    expect(c.admin).toBeUndefined();
    expect(c.s3).toBeUndefined();
    expect(c.webDist).toBe(`${REPO_ROOT}/apps/web/dist`);
    expect(c.mapTileHosts).toEqual(DEFAULT_MAP_TILE_HOSTS);
    expect(c.logLevel).toBe('info');
    expect(c.trustProxy).toBe(false);
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/filaha',
        DATABASE_URL: 'postgres://u:p@db:5432/filaha',
        JWT_SECRET: 'x'.repeat(40),
        JWT_TTL: '12h',
        ADMIN_EMAIL: 'Root@Example.dz',
        ADMIN_PASSWORD: 'long-enough-pass',
        SMTP_URL: 'smtps://u:p@mail.example.dz:465',
        MAIL_FROM: 'Filaha <noreply@example.dz>',
        STAC_API_URL: 'https://earth-search.aws.element84.com/v1',
        STAC_CATALOG_PATH: 'catalog',
        S3_ENDPOINT: 'https://s3.example.dz',
        S3_BUCKET: 'filaha',
        S3_ACCESS_KEY: 'ak',
        S3_SECRET_KEY: 'sk',
        WEB_DIST: 'web',
        MAP_TILE_HOSTS: 'tiles.example.dz, https://maps.example.dz',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        RATE_LIMIT_MAX: '50',
      },
      '/srv/filaha',
    );
    expect(c.port).toBe(9000);
    expect(c.databaseUrl).toBe('postgres://u:p@db:5432/filaha');
    expect(c.jwtTtlSeconds).toBe(12 * 3600);
    expect(c.admin).toEqual({ email: 'root@example.dz', password: 'long-enough-pass' });
    expect(c.demoData).toBe(false);
    expect(c.s3).toEqual({
      endpoint: 'https://s3.example.dz',
      bucket: 'filaha',
      accessKey: 'ak',
      secretKey: 'sk',
      region: 'us-east-1',
    });
    expect(c.stacCatalogPath).toBe('/srv/filaha/catalog');
    expect(c.webDist).toBe('/srv/filaha/web');
    expect(c.mapTileHosts).toEqual([...DEFAULT_MAP_TILE_HOSTS, 'tiles.example.dz', 'https://maps.example.dz']);
    expect(c.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(c.rateLimit.max).toBe(50);
  });

  it('reads STAC_COLLECTIONS (Collection 1, then the original L2A collection, by default)', () => {
    expect(loadConfig({}).stacCollections).toEqual(['sentinel-2-c1-l2a', 'sentinel-2-l2a']);
    expect(loadConfig({ STAC_COLLECTIONS: ' sentinel-2-l2a , sentinel-2-c1-l2a ' }).stacCollections).toEqual([
      'sentinel-2-l2a',
      'sentinel-2-c1-l2a',
    ]);
    expect(() => loadConfig({ STAC_COLLECTIONS: 'sentinel-2-l2a;drop' })).toThrow(/STAC_COLLECTIONS/);
  });

  it('reads MIN_VALID_FRACTION, a share in (0, 1] (0.6 by default)', () => {
    expect(loadConfig({}).minValidFraction).toBe(0.6);
    expect(loadConfig({ MIN_VALID_FRACTION: ' 0.75 ' }).minValidFraction).toBe(0.75);
    expect(loadConfig({ MIN_VALID_FRACTION: '1' }).minValidFraction).toBe(1);
    expect(loadConfig({ MIN_VALID_FRACTION: '.5' }).minValidFraction).toBe(0.5);
    for (const wrong of ['0', '0.0', '1.5', '60', '60%', '-0.5', 'abc', '0,6', 'Infinity', '1e-1']) {
      expect(problemsOf({ MIN_VALID_FRACTION: wrong }), wrong).toEqual([
        `MIN_VALID_FRACTION: expected a number greater than 0 and at most 1, e.g. 0.6 for 60 % (got ${JSON.stringify(wrong)})`,
      ]);
    }
  });

  it('reads CLOUD_BUFFER_M, whole metres from 0 to 500 (20 by default)', () => {
    expect(loadConfig({}).cloudBufferM).toBe(20);
    expect(loadConfig({ CLOUD_BUFFER_M: '0' }).cloudBufferM).toBe(0);
    expect(loadConfig({ CLOUD_BUFFER_M: ' 40 ' }).cloudBufferM).toBe(40);
    for (const wrong of ['-20', '20m', '2.5', '501', '1000', 'abc']) {
      expect(problemsOf({ CLOUD_BUFFER_M: wrong }), wrong).toEqual([
        `CLOUD_BUFFER_M: expected whole metres from 0 to 500, e.g. 20 (got ${JSON.stringify(wrong)})`,
      ]);
    }
  });

  it('seeds the demo territory with the demo data unless DEMO_TERRITORY is off', () => {
    expect(loadConfig({}).demoTerritory).toBe(true);
    expect(loadConfig({ DEMO_TERRITORY: 'false' }).demoTerritory).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'false', DEMO_TERRITORY: 'true' }).demoTerritory).toBe(false);
  });

  it('lets DEMO_DATA override the default in both directions', () => {
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(
      loadConfig({ DEMO_DATA: 'on', DATABASE_URL: 'postgresql://localhost/x', JWT_SECRET: 'x'.repeat(32) }).demoData,
    ).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['JWT_SECRET', 'short'],
    ['JWT_TTL', 'forever'],
    ['DATABASE_WAIT', 'soon'],
    ['DATABASE_WAIT', '2h'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['DEMO_DATA', 'maybe'],
    ['SMTP_URL', 'http://mail'],
    ['STAC_API_URL', 'ftp://stac'],
    ['LOG_LEVEL', 'loud'],
    ['S3_ENDPOINT', 'not a url'],
    ['MAP_TILE_HOSTS', 'bad host!'],
  ])('stops on a wrong %s naming the variable', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
  });

  it('reports every wrong variable at once', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(problems).toHaveLength(2);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'a@b.dz' })[0]).toMatch(/ADMIN_EMAIL \/ ADMIN_PASSWORD/);
    expect(problemsOf({ ADMIN_EMAIL: 'a@b.dz', ADMIN_PASSWORD: 'short' })[0]).toMatch(/^ADMIN_PASSWORD:/);
  });

  it('requires the S3 settings all or none', () => {
    const [problem] = problemsOf({ S3_ENDPOINT: 'https://s3.example.dz', S3_BUCKET: 'b' });
    expect(problem).toMatch(/S3_ACCESS_KEY, S3_SECRET_KEY/);
    expect(problemsOf({ S3_REGION: 'eu-west-3' })[0]).toMatch(/S3_ENDPOINT/);
  });

  it('does not echo credentials', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/x' });
    expect(problem).toMatch(/^DATABASE_URL: .*value hidden/);
    expect(problem).not.toContain('hunter2');
    expect(problemsOf({ JWT_SECRET: 'tiny-secret' })[0]).not.toContain('tiny-secret');
  });

  it('requires JWT_SECRET with DATABASE_URL (every API process must accept the same tokens)', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'postgres://db/filaha' });
    expect(problem).toMatch(/^JWT_SECRET: required when DATABASE_URL is set/);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/filaha', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toHaveLength(32);
    // The embedded database keeps a generated secret in DATA_DIR.
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('reads how long to wait for an unreachable DATABASE_URL (30 s by default)', () => {
    expect(loadConfig({}).databaseWaitSeconds).toBe(30);
    expect(loadConfig({ DATABASE_WAIT: '0' }).databaseWaitSeconds).toBe(0);
    expect(loadConfig({ DATABASE_WAIT: '45s' }).databaseWaitSeconds).toBe(45);
    expect(loadConfig({ DATABASE_WAIT: '2m' }).databaseWaitSeconds).toBe(120);
  });

  it('formats the message for the operator: one line for one problem, one line per problem for several', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT: .*"abc"\)$/);
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'y' })).toThrow(
      /^Invalid configuration:\n {2}- PORT: .*"abc"\)\n {2}- LOG_LEVEL: /,
    );
  });
});

/** WEATHER_* (issue 31 §1, README "Weather"): Open-Meteo's hosts, its key, the refresh schedule. */
describe('weather settings', () => {
  it("default to Open-Meteo's free hosts, no key, a refresh every 6 hours", () => {
    expect(loadConfig({}, '/srv/filaha').weather).toEqual({
      apiUrl: 'https://api.open-meteo.com',
      archiveUrl: 'https://archive-api.open-meteo.com',
      apiKey: undefined,
      schedule: '20 */6 * * *',
    });
  });

  it("a key alone switches to Open-Meteo's customer hosts; URLs given explicitly win; off stops the schedule", () => {
    expect(loadConfig({ WEATHER_API_KEY: 'k-123' }).weather).toMatchObject({
      apiUrl: 'https://customer-api.open-meteo.com',
      archiveUrl: 'https://customer-archive-api.open-meteo.com',
      apiKey: 'k-123',
    });
    expect(
      loadConfig({
        WEATHER_API_KEY: 'k-123',
        WEATHER_API_URL: 'http://meteo.internal:8080/',
        WEATHER_ARCHIVE_URL: 'http://meteo.internal:8080',
        WEATHER_SCHEDULE: 'OFF',
      }).weather,
    ).toEqual({
      apiUrl: 'http://meteo.internal:8080',
      archiveUrl: 'http://meteo.internal:8080',
      apiKey: 'k-123',
      schedule: null,
    });
    expect(loadConfig({ WEATHER_SCHEDULE: '0  3 * * *' }).weather.schedule).toBe('0 3 * * *');
  });

  it('refuses a wrong value, naming the variable', () => {
    expect(problemsOf({ WEATHER_API_URL: 'api.open-meteo.com' })).toEqual([
      'WEATHER_API_URL: expected a URL starting with http:// or https:// (got "api.open-meteo.com")',
    ]);
    expect(problemsOf({ WEATHER_SCHEDULE: 'hourly' })[0]).toMatch(/^WEATHER_SCHEDULE: expected a five-field cron/);
  });
});

describe('SMS settings (issue 31 §4)', () => {
  it('writes SMS to the outbox without SMPP_URL, with the sender Filaha', () => {
    expect(loadConfig({}, '/srv/filaha').sms).toEqual({
      smppUrl: undefined,
      systemId: '',
      password: '',
      senderId: 'Filaha',
    });
  });

  it('reads the SMPP account', () => {
    const c = loadConfig({
      SMPP_URL: 'smpp://smsc.example.dz:2775',
      SMPP_SYSTEM_ID: 'filaha',
      SMPP_PASSWORD: 's3cret',
      SMPP_SENDER_ID: '+213550000000',
    });
    expect(c.sms).toEqual({
      smppUrl: 'smpp://smsc.example.dz:2775',
      systemId: 'filaha',
      password: 's3cret',
      senderId: '+213550000000',
    });
  });

  it('refuses a URL of another protocol, a missing account, a long sender name — never echoing secrets', () => {
    expect(problemsOf({ SMPP_URL: 'http://smsc:2775' }).join('\n')).toMatch(
      /^SMPP_URL: expected a URL starting with smpp:\/\/ or ssmpp:\/\/ \(value hidden\)/,
    );
    expect(problemsOf({ SMPP_URL: 'smpp://u:pw@smsc:2775', SMPP_SYSTEM_ID: 'filaha' })).toEqual([
      'SMPP_SYSTEM_ID / SMPP_PASSWORD: required when SMPP_URL is set (the account of the SMS provider)',
    ]);
    expect(problemsOf({ SMPP_SENDER_ID: 'FilahaAgriculture' })[0]).toMatch(/^SMPP_SENDER_ID: expected a sender name/);
  });
});
