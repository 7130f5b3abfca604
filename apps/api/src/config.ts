import { isAbsolute, resolve } from 'node:path';
import { DEFAULT_CLOUD_BUFFER_M, DEFAULT_MIN_VALID_FRACTION } from '@filaha/imagery';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

/** The repository root, so WEB_DIST's default does not depend on the directory the server is started from. */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Hosts the web map loads tiles from (satellite base layer + labels); extend with MAP_TILE_HOSTS. */
export const DEFAULT_MAP_TILE_HOSTS = [
  'https://server.arcgisonline.com',
  'https://services.arcgisonline.com',
  'https://*.tile.openstreetmap.org',
];

/** STAC collections the imagery engine searches, the preferred first (Earth Search's Collection 1, then the original). */
export const DEFAULT_STAC_COLLECTIONS = ['sentinel-2-c1-l2a', 'sentinel-2-l2a'];

/** Every 6 hours, on the hour (UTC). */
export const DEFAULT_CATALOG_POLL_SCHEDULE = '0 */6 * * *';

/** Open-Meteo's free forecast and historical-weather hosts (non-commercial use, CC BY 4.0; README "Weather"). */
export const DEFAULT_WEATHER_API_URL = 'https://api.open-meteo.com';
export const DEFAULT_WEATHER_ARCHIVE_URL = 'https://archive-api.open-meteo.com';
/** Open-Meteo's hosts for API-key holders (its commercial service), used when WEATHER_API_KEY is set alone. */
export const CUSTOMER_WEATHER_API_URL = 'https://customer-api.open-meteo.com';
export const CUSTOMER_WEATHER_ARCHIVE_URL = 'https://customer-archive-api.open-meteo.com';
/** Every 6 hours at 20 past (UTC): beside the catalog poll, not at the same minute. */
export const DEFAULT_WEATHER_SCHEDULE = '20 */6 * * *';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One problem, one line (each problem names its variable); several, one line each.
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => TRUE.has(v) || FALSE.has(v), 'expected true/false (or 1/0, yes/no, on/off)')
  .transform((v) => TRUE.has(v));

function urlWith(protocols: string[]) {
  return z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };
/** "7d", "12h", "30m", "3600" (seconds) → seconds. */
const durationText = z
  .string()
  .trim()
  .regex(/^\d+\s*[smhdw]?$/, 'expected a duration such as 3600, 30m, 12h or 7d')
  .transform((v) => {
    const match = /^(\d+)\s*([smhdw]?)$/.exec(v);
    const amount = Number(match?.[1] ?? 0);
    return amount * (DURATION_UNITS[match?.[2] || 's'] ?? 1);
  })
  .refine((s) => s >= 60, 'must be at least one minute');

/** How long to keep retrying an unreachable DATABASE_URL at start-up: "30s", "2m", "0" (no retry). */
const waitText = z
  .string()
  .trim()
  .regex(/^\d+\s*[sm]?$/, 'expected a duration such as 30s, 2m or 0')
  .transform((v) => {
    const match = /^(\d+)\s*([sm]?)$/.exec(v);
    return Number(match?.[1] ?? 0) * (match?.[2] === 'm' ? 60 : 1);
  })
  .refine((s) => s <= 3600, 'must be at most one hour');

/** A duration (as JWT_TTL) or `off`: how often orphan stored files are swept. */
const sweepIntervalText = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(
    z.union(
      [z.literal('off').transform(() => null), durationText],
      'expected a duration of at least one minute (such as 30m or 1h) or off',
    ),
  );

/** true/false, a hop count, or a comma-separated list of addresses/CIDRs (Fastify's trustProxy forms). */
const trustProxyText = z
  .string()
  .trim()
  .transform((v): boolean | number | string[] => {
    const lower = v.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

const hostList = z
  .string()
  .trim()
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .refine(
    (hosts) => hosts.every((h) => /^(https?:\/\/)?[\w*.-]+(:\d+)?$/.test(h)),
    'expected host names or origins separated by spaces or commas',
  );

const collectionList = z
  .string()
  .trim()
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .refine(
    (names) => names.length > 0 && names.every((n) => /^[\w.-]+$/.test(n)),
    'expected STAC collection ids separated by commas, e.g. sentinel-2-c1-l2a,sentinel-2-l2a',
  );

/** A share of the parcel: a decimal number greater than 0 and at most 1 ("0.6", "1", ".75"). */
const fractionText = z
  .string()
  .trim()
  .refine((v) => {
    const n = Number(v);
    return /^(\d+(\.\d*)?|\.\d+)$/.test(v) && n > 0 && n <= 1;
  }, 'expected a number greater than 0 and at most 1, e.g. 0.6 for 60 %')
  .transform(Number);

/** A phone number as shown to users: digits with optional +, spaces, dots, dashes and parentheses. */
const phoneText = z
  .string()
  .trim()
  .refine(
    (v) => /^\+?[\d\s().-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6 && v.length <= 30,
    'expected a phone number such as +213 21 00 00 00',
  );

/** A whole amount in Algerian dinars: "12000" (spaces as thousands separators accepted: "12 000"). */
const daText = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s\u00a0\u202f]/g, ''))
  .refine((v) => /^\d{1,9}$/.test(v) && Number(v) > 0, 'expected a whole amount in DA, e.g. 12000')
  .transform(Number);

/** A five-field cron expression (minute precision, UTC) or `off`: when the catalog poll runs. */
const cronText = z
  .string()
  .trim()
  .transform((v) => (v.toLowerCase() === 'off' ? null : v.replace(/\s+/g, ' ')))
  .refine((v) => {
    if (v === null) return true;
    if (v.split(' ').length !== 5) return false;
    try {
      CronExpressionParser.parse(v, { tz: 'UTC' });
      return true;
    } catch {
      return false;
    }
  }, 'expected a five-field cron expression such as "0 */6 * * *" (every 6 hours) or off');

/** Whole seconds within [min, max]: "90", "30s", "15m". */
function secondsText(min: number, max: number, example: string) {
  return z
    .string()
    .trim()
    .regex(/^\d+\s*[smh]?$/, `expected a duration such as ${example}`)
    .transform((v) => {
      const match = /^(\d+)\s*([smh]?)$/.exec(v);
      return Number(match?.[1] ?? 0) * (DURATION_UNITS[match?.[2] || 's'] ?? 1);
    })
    .refine((s) => s >= min && s <= max, `must be between ${min} s and ${max} s`);
}

const EnvSchema = z.object({
  PORT: z.coerce.number('expected a port number').int().min(1).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PGLITE_INITIAL_DATA: optionalText,
  DATABASE_URL: optionalText.pipe(urlWith(['postgres:', 'postgresql:']).optional()),
  DATABASE_WAIT: waitText.default(30),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_TTL: durationText.default(7 * 86400),
  ADMIN_EMAIL: optionalText.pipe(z.email('expected an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').max(128).optional()),
  DEMO_DATA: optionalText.pipe(booleanText.optional()),
  DEMO_TERRITORY: optionalText.pipe(booleanText.optional()),
  CONTRACT_CHECKS: optionalText.pipe(booleanText.optional()),
  SMTP_URL: optionalText.pipe(urlWith(['smtp:', 'smtps:']).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Filaha <no-reply@filaha.local>'),
  PUBLIC_URL: optionalText.pipe(urlWith(['http:', 'https:']).optional()),
  STAC_API_URL: optionalText.pipe(urlWith(['http:', 'https:']).optional()),
  STAC_CATALOG_PATH: optionalText,
  STAC_COLLECTIONS: optionalText.pipe(collectionList.optional()),
  MIN_VALID_FRACTION: optionalText.pipe(fractionText.optional()),
  SERIES_DAILY_LIMIT: optionalText.pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,5}$/, 'expected a whole number of requests from 1 to 999999, e.g. 200')
      .transform(Number)
      .optional(),
  ),
  CLOUD_BUFFER_M: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, 'expected whole metres from 0 to 500, e.g. 20')
      .transform(Number)
      .refine((n) => n <= 500, 'expected whole metres from 0 to 500, e.g. 20')
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(urlWith(['http:', 'https:']).optional()),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY: optionalText,
  S3_SECRET_KEY: optionalText,
  S3_REGION: optionalText,
  WEB_DIST: optionalText,
  MAP_TILE_HOSTS: optionalText.pipe(hostList.optional()),
  LOG_LEVEL: z.enum(LOG_LEVELS, `expected one of ${LOG_LEVELS.join(', ')}`).default('info'),
  LOG_FILE: optionalText,
  TRUST_PROXY: optionalText.pipe(trustProxyText.optional()),
  RATE_LIMIT_MAX: z.coerce.number('expected a number').int().min(1).default(300),
  STORAGE_SWEEP_INTERVAL: optionalText.pipe(sweepIntervalText.optional()),
  CONTACT_PHONE: optionalText.pipe(phoneText.optional()),
  CONTACT_EMAIL: optionalText.pipe(z.email('expected an e-mail address').optional()),
  CONTACT_ADDRESS: optionalText.pipe(z.string().max(200, 'must be at most 200 characters').optional()),
  SERVICE_PRICE_SOIL: optionalText.pipe(daText.optional()),
  SERVICE_PRICE_OTHER: optionalText.pipe(daText.optional()),
  WORKERS: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,2}$/, 'expected a whole number of jobs run at once from 0 (no jobs in this process) to 32')
      .transform(Number)
      .refine((n) => n <= 32, 'expected a whole number of jobs run at once from 0 (no jobs in this process) to 32')
      .optional(),
  ),
  CATALOG_POLL_SCHEDULE: optionalText.pipe(cronText.optional()),
  TILE_PASS_PARCELS: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'expected a whole number of parcels per tile pass job from 1 to 20000')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 20_000, 'expected a whole number of parcels per tile pass job from 1 to 20000')
      .optional(),
  ),
  JOB_TIMEOUT: optionalText.pipe(secondsText(5, 86_400, '15m or 900').optional()),
  JOB_RETRY_DELAY: optionalText.pipe(secondsText(1, 3_600, '30s').optional()),
  WEATHER_API_URL: optionalText.pipe(urlWith(['http:', 'https:']).optional()),
  WEATHER_ARCHIVE_URL: optionalText.pipe(urlWith(['http:', 'https:']).optional()),
  WEATHER_API_KEY: optionalText,
  WEATHER_SCHEDULE: optionalText.pipe(cronText.optional()),
  SMPP_URL: optionalText.pipe(urlWith(['smpp:', 'ssmpp:']).optional()),
  SMPP_SYSTEM_ID: optionalText,
  SMPP_PASSWORD: optionalText,
  SMPP_SENDER_ID: optionalText.pipe(
    z
      .string()
      .regex(
        /^(\+?\d{3,15}|[A-Za-z0-9 ._-]{1,11})$/,
        'expected a sender name of at most 11 letters or digits (e.g. Filaha) or a number (e.g. +213550000000)',
      )
      .optional(),
  ),
});

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long start-up keeps retrying an unreachable DATABASE_URL before it gives up (seconds). */
  databaseWaitSeconds: number;
  /** Unset → the app generates one and keeps it in `<dataDir>/jwt-secret` (embedded database only). */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  admin: { email: string; password: string } | undefined;
  demoData: boolean;
  /** DEMO_TERRITORY: with the demo data, the demo cooperative's ~2,000 own parcels, watched like any (issue 30 §5). */
  demoTerritory: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** PUBLIC_URL: the web app's address for links in e-mails (alerts); unset → http://localhost:<PORT>. */
  publicUrl: string;
  stacApiUrl: string | undefined;
  stacCatalogPath: string | undefined;
  /** STAC_COLLECTIONS: searched in one query; the same acquisition in several is taken from the first listed. */
  stacCollections: string[];
  /**
   * MIN_VALID_FRACTION: the share of the parcel that must be visible (not clouded) in a scene for its image to be
   * delivered and charged; below it the answer is ALL_CLOUDY with the nearest clearer dates.
   */
  minValidFraction: number;
  /** CLOUD_BUFFER_M: pixels this close to a masked cloud, cirrus or shadow are masked too (docs/IMAGERY-RULES.md). */
  cloudBufferM: number;
  /** SERIES_DAILY_LIMIT: season-curve requests per user in a rolling day (fair use; a curve is not charged). */
  seriesDailyLimit: number;
  s3: S3Config | undefined;
  webDist: string;
  mapTileHosts: string[];
  logLevel: LogLevel;
  /**
   * LOG_FILE: where the JSON log goes; the terminal then shows only warnings and errors. `-` = the standard output.
   * Unset: the standard output, or `<DATA_DIR>/logs/api.log` when `npm start` runs in a terminal (server.ts).
   */
  logFile: string | undefined;
  /**
   * PGLITE_INITIAL_DATA: a dump of a migrated embedded database (PGlite `dumpDataDir`) that a new DATA_DIR starts
   * from instead of being created and migrated (about 17 s of CPU, most of it creating PostGIS). Pending migrations
   * and the seed still run. Meant for the tests' many short-lived servers; unset everywhere else.
   */
  pgliteInitialData: string | undefined;
  /**
   * CONTRACT_CHECKS: an error code a route's contract does not declare answers 500 and is logged (tests and
   * development turn it on; packages/shared/src/contracts).
   */
  contractChecks: boolean;
  trustProxy: boolean | number | string[];
  /** The general per-address limit on /api; sign-in style limits are fixed in plugins/security.ts. */
  rateLimit: { max: number; windowMs: number };
  /** Seconds between sweeps of orphan stored files (lib/storage/sweeper.ts); null = never. */
  storageSweepIntervalSeconds: number | null;
  /** CONTACT_*: the deployment's contact details shown in the app; each shown only when set. */
  contact: { phone?: string; email?: string; address?: string };
  /** SERVICE_PRICE_*: starting prices of the field services in DA; unset → "price on quotation". */
  servicePrices: { soil?: number; other?: number };
  /** Background jobs (apps/api/src/jobs, docs/ARCHITECTURE.md "Background work"). */
  jobs: {
    /** WORKERS: jobs this process runs at once; 0 = none (an API process that leaves them to `npm run worker`). */
    workers: number;
    /** CATALOG_POLL_SCHEDULE: cron (UTC) of the catalog poll; null = only at start-up and on demand. */
    pollSchedule: string | null;
    /** JOB_TIMEOUT: seconds a job may run before it is taken back and retried (a worker that died). */
    timeoutSeconds: number;
    /** TILE_PASS_PARCELS: parcels per tile pass job (a tile's new parcels are split into jobs of this many). */
    tilePassParcels?: number;
    /** JOB_RETRY_DELAY: first delay before a failed job is retried, doubled each time (at most one hour). */
    retryDelaySeconds: number;
  };
  /** The weather source and its refresh job (issue 31 §1; apps/api/src/lib/weather, README "Weather"). */
  weather: WeatherConfig;
  /** SMS (issue 31 §4, lib/sms): over SMPP 3.4 when SMPP_URL is set, else written to `<DATA_DIR>/outbox/sms/`. */
  sms: {
    /** SMPP_URL: smpp://host:2775 (ssmpp:// for TLS). */
    smppUrl: string | undefined;
    /** SMPP_SYSTEM_ID, SMPP_PASSWORD: the account's bind credentials (required with SMPP_URL). */
    systemId: string;
    password: string;
    /** SMPP_SENDER_ID: the sender shown on phones (default Filaha). */
    senderId: string;
  };
}

export interface WeatherConfig {
  /** WEATHER_API_URL: Open-Meteo's forecast API host (`/v1/forecast`). */
  apiUrl: string;
  /** WEATHER_ARCHIVE_URL: Open-Meteo's historical weather API host (`/v1/archive`: season back-fill, climatology). */
  archiveUrl: string;
  /** WEATHER_API_KEY: Open-Meteo's `apikey` (its commercial service); unset = the free, non-commercial API. */
  apiKey: string | undefined;
  /** WEATHER_SCHEDULE: cron (UTC) of the weather-refresh job; null = never on its own (nor at start-up). */
  schedule: string | null;
}

/** Values never echoed in a configuration error: they are, or may embed, credentials. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'JWT_SECRET',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'SMPP_URL',
  'SMPP_PASSWORD',
  'WEATHER_API_KEY',
]);

const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;

function absolute(path: string, base: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

/**
 * Parses the environment once. Pure apart from resolving relative paths against `cwd`, so tests call it
 * with a plain object. Every problem is reported with the variable's name; the server prints them and stops.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd: string = process.cwd()): Config {
  // An empty variable (`PORT=` in an env file) means "use the default", as if it were not set.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? '?');
        const got = SECRET_VARIABLES.has(name) ? 'value hidden' : `got ${JSON.stringify(env[name] ?? '')}`;
        return `${name}: ${i.message} (${got})`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];

  if (e.DATABASE_URL !== undefined && e.JWT_SECRET === undefined) {
    // Every API process on a shared database must sign and accept the same tokens.
    problems.push(
      'JWT_SECRET: required when DATABASE_URL is set (at least 32 random characters, the same for every API process)',
    );
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_EMAIL / ADMIN_PASSWORD: set both or neither');
  }
  const s3Set = S3_KEYS.filter((k) => e[k] !== undefined);
  if ((s3Set.length > 0 || e.S3_REGION !== undefined) && s3Set.length < S3_KEYS.length) {
    const missing = S3_KEYS.filter((k) => e[k] === undefined);
    problems.push(`${missing.join(', ')}: S3 storage needs ${S3_KEYS.join(', ')} together (S3_REGION optional)`);
  }
  if (e.SMPP_URL !== undefined && (e.SMPP_SYSTEM_ID === undefined || e.SMPP_PASSWORD === undefined)) {
    problems.push('SMPP_SYSTEM_ID / SMPP_PASSWORD: required when SMPP_URL is set (the account of the SMS provider)');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: absolute(e.DATA_DIR, cwd),
    pgliteInitialData: e.PGLITE_INITIAL_DATA === undefined ? undefined : absolute(e.PGLITE_INITIAL_DATA, cwd),
    databaseUrl: e.DATABASE_URL,
    databaseWaitSeconds: e.DATABASE_WAIT,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    // Demo accounts are for the embedded try-out; a real server opts in explicitly.
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    demoTerritory: (e.DEMO_DATA ?? e.DATABASE_URL === undefined) && (e.DEMO_TERRITORY ?? true),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    stacApiUrl: e.STAC_API_URL,
    stacCatalogPath: e.STAC_CATALOG_PATH === undefined ? undefined : absolute(e.STAC_CATALOG_PATH, cwd),
    stacCollections: e.STAC_COLLECTIONS ?? [...DEFAULT_STAC_COLLECTIONS],
    minValidFraction: e.MIN_VALID_FRACTION ?? DEFAULT_MIN_VALID_FRACTION,
    cloudBufferM: e.CLOUD_BUFFER_M ?? DEFAULT_CLOUD_BUFFER_M,
    seriesDailyLimit: e.SERIES_DAILY_LIMIT ?? 200,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY && e.S3_SECRET_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKey: e.S3_ACCESS_KEY,
            secretKey: e.S3_SECRET_KEY,
            region: e.S3_REGION ?? 'us-east-1',
          }
        : undefined,
    webDist: e.WEB_DIST === undefined ? resolve(REPO_ROOT, 'apps/web/dist') : absolute(e.WEB_DIST, cwd),
    mapTileHosts: [...DEFAULT_MAP_TILE_HOSTS, ...(e.MAP_TILE_HOSTS ?? [])],
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE === undefined || e.LOG_FILE === '-' ? e.LOG_FILE : absolute(e.LOG_FILE, cwd),
    contractChecks: e.CONTRACT_CHECKS ?? false,
    trustProxy: e.TRUST_PROXY ?? false,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: 60_000 },
    storageSweepIntervalSeconds: e.STORAGE_SWEEP_INTERVAL === undefined ? 3600 : e.STORAGE_SWEEP_INTERVAL,
    contact: { phone: e.CONTACT_PHONE, email: e.CONTACT_EMAIL, address: e.CONTACT_ADDRESS },
    servicePrices: { soil: e.SERVICE_PRICE_SOIL, other: e.SERVICE_PRICE_OTHER },
    jobs: {
      workers: e.WORKERS ?? 2,
      pollSchedule: e.CATALOG_POLL_SCHEDULE === undefined ? DEFAULT_CATALOG_POLL_SCHEDULE : e.CATALOG_POLL_SCHEDULE,
      timeoutSeconds: e.JOB_TIMEOUT ?? 900,
      tilePassParcels: e.TILE_PASS_PARCELS ?? 2_000,
      retryDelaySeconds: e.JOB_RETRY_DELAY ?? 30,
    },
    weather: {
      // A key alone means Open-Meteo's customer hosts; a URL set explicitly (a self-hosted Open-Meteo) wins.
      apiUrl: (e.WEATHER_API_URL ?? (e.WEATHER_API_KEY ? CUSTOMER_WEATHER_API_URL : DEFAULT_WEATHER_API_URL)).replace(
        /\/+$/,
        '',
      ),
      archiveUrl: (
        e.WEATHER_ARCHIVE_URL ?? (e.WEATHER_API_KEY ? CUSTOMER_WEATHER_ARCHIVE_URL : DEFAULT_WEATHER_ARCHIVE_URL)
      ).replace(/\/+$/, ''),
      apiKey: e.WEATHER_API_KEY,
      schedule: e.WEATHER_SCHEDULE === undefined ? DEFAULT_WEATHER_SCHEDULE : e.WEATHER_SCHEDULE,
    },
    sms: {
      smppUrl: e.SMPP_URL,
      systemId: e.SMPP_SYSTEM_ID ?? '',
      password: e.SMPP_PASSWORD ?? '',
      senderId: e.SMPP_SENDER_ID ?? 'Filaha',
    },
  };
}
