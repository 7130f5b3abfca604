import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onResponseAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { RateLimitedError } from '../errors.ts';

function origin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Hashes of the inline scripts of the built index.html (the tiny lang/dir script that runs before first paint),
 * written by the web build to `csp.json`; absent before the first build.
 */
export function webScriptHashes(webDist: string): string[] {
  try {
    const parsed = JSON.parse(readFileSync(join(webDist, 'csp.json'), 'utf8')) as { scriptSrc?: unknown };
    const hashes = Array.isArray(parsed.scriptSrc) ? parsed.scriptSrc : [];
    return hashes.filter((h): h is string => typeof h === 'string' && /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(h));
  } catch {
    return [];
  }
}

/** CSP for the SPA on the same origin: own scripts only, images also from data:/blob:, map tiles and S3. */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const s3 = config.s3 ? origin(config.s3.endpoint) : undefined;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...webScriptHashes(config.webDist)],
    // React and Leaflet set style attributes; inline styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...config.mapTileHosts, ...(s3 ? [s3] : [])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // The embedded default is reached over plain http (localhost, a LAN address): upgrading would break it.
    upgradeInsecureRequests: null,
  };
}

/** Security headers, response compression and the rate-limit machinery (limits are applied per scope). */
export const securityPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      // Dynamic answers: a fast brotli level; static assets come pre-compressed at the highest level.
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => new RateLimitedError(context.ttl / 1000),
    });
  },
  { name: 'security' },
);

/** The general per-IP limit for every /api request. */
export function apiRateLimit(app: FastifyInstance, config: Config) {
  return app.rateLimit({ max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs });
}

const MINUTE = 60_000;

/**
 * Attempts per address and per e-mail. A 5-digit reset code locks after 5 wrong tries, so what bounds guessing
 * is how many codes one e-mail can get (forgot) and how many wrong codes it may send (reset) per hour.
 */
export const ATTEMPT_LIMITS = {
  login: { max: 10, windowMs: 15 * MINUTE, counts: (status: number) => status === 401 },
  forgot: { max: 5, windowMs: 60 * MINUTE, counts: (status: number) => status !== 429 },
  reset: { max: 10, windowMs: 60 * MINUTE, counts: (status: number) => status === 400 },
} as const;

export interface AttemptLimit {
  /** preHandler: 429 once the address or the e-mail has used up its attempts. */
  check: preHandlerAsyncHookHandler;
  /** onResponse: counts the attempt when `counts(statusCode)` says so. */
  record: onResponseAsyncHookHandler;
}

/**
 * Sign-in style endpoints: limited per IP AND per e-mail, so neither one address guessing many accounts nor
 * many addresses guessing one account get far. Checked as a preHandler because the e-mail is in the body;
 * counted after the answer so that, for sign-in, only failures count and a family sharing one address (or
 * an end-to-end test run) is not locked out by successful sign-ins.
 */
export function attemptLimit(app: FastifyInstance, kind: keyof typeof ATTEMPT_LIMITS): AttemptLimit {
  const { max, windowMs, counts } = ATTEMPT_LIMITS[kind];
  const name = kind;
  const options = { max, timeWindow: windowMs };
  const byIp = app.createRateLimit({ ...options, keyGenerator: (request) => `${name}:ip:${request.ip}` });
  const byEmail = app.createRateLimit({
    ...options,
    keyGenerator: (request) => {
      const body = request.body as { email?: unknown } | undefined;
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
      return `${name}:email:${email}`;
    },
  });
  return {
    async check(request) {
      const results = await Promise.all([byIp(request, { increment: false }), byEmail(request, { increment: false })]);
      for (const result of results) {
        if (!result.isAllowed && result.remaining === 0) throw new RateLimitedError(result.ttlInSeconds);
      }
    },
    async record(request, reply) {
      if (!counts(reply.statusCode)) return;
      await Promise.all([byIp(request), byEmail(request)]);
    },
  };
}
