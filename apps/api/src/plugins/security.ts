import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { RateLimitedError } from '../core/errors.ts';
import { apiKeyOf, hashApiKey } from './auth.ts';
import { rateLimitStore, type CounterStore } from '../lib/counters.ts';

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

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate-limit and sign-in failure counters (shared between processes on PostgreSQL; see lib/counters.ts). */
    counters: CounterStore;
  }
}

/** How often expired counters are deleted. */
export const COUNTER_SWEEP_MS = 60_000;

/** Security headers, response compression and the rate-limit machinery (limits are applied per scope). */
export const securityPlugin = fp<{ config: Config; counters: CounterStore }>(
  async (app: FastifyInstance, { config, counters }) => {
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
    app.decorate('counters', counters);
    await app.register(rateLimit, {
      global: false,
      store: rateLimitStore(counters),
      errorResponseBuilder: (_request, context) => new RateLimitedError(context.ttl / 1000),
    });

    // Expired counters are deleted once a minute by every process (a cheap indexed DELETE on PostgreSQL).
    const sweep = () => {
      counters.sweep().catch((err: unknown) => app.log.warn({ err }, 'rate-limit counter sweep failed'));
    };
    const timer = setInterval(sweep, COUNTER_SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'security' },
);

/** The general per-IP limit for every /api request. */
export function apiRateLimit(app: FastifyInstance, config: Config) {
  return app.rateLimit({ max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs });
}

/**
 * The same limit per organisation API key (issue 30 §4: "rate-limited like users"), on top of the per-address one:
 * a key shared by several servers cannot go beyond it, whatever their addresses.
 */
export function apiKeyRateLimit(app: FastifyInstance, config: Config): onRequestAsyncHookHandler {
  // createRateLimit, not rateLimit: the per-address hook has already marked the request as limited once, and a
  // second rateLimit hook would skip it.
  const limit = app.createRateLimit({
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    keyGenerator: (request) => `apikey:${hashApiKey(apiKeyOf(request) ?? '')}`,
  });
  return async function apiKeyLimit(request) {
    if (apiKeyOf(request) === undefined) return;
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw new RateLimitedError(result.ttlInSeconds);
  };
}

const MINUTE = 60_000;

/**
 * Sign-in style endpoints, counted per account (e-mail) and per address together (docs/AUTHORIZATION.md,
 * "Sign-in attempt limits"):
 * - `perAccount` counted attempts on one e-mail, from any address, block that e-mail for the rest of the window;
 * - `perAddress` counted attempts from one address, on any e-mail, block that address for the rest of the
 *   window — except for e-mails this address has signed in to (or reset) successfully in the last
 *   `KNOWN_ADDRESS_MS`: behind a carrier-grade NAT, strangers' failures cannot lock the owner out.
 * What counts: failed sign-ins (401), code requests (every one), wrong or stale codes (400). A 5-digit reset code
 * locks after 5 wrong tries, so what bounds guessing is how many codes one e-mail can get and how many wrong
 * codes it may send per hour.
 */
export const ATTEMPT_LIMITS = {
  login: { perAccount: 10, perAddress: 20, windowMs: 15 * MINUTE, counts: (status: number) => status === 401 },
  forgot: { perAccount: 5, perAddress: 20, windowMs: 60 * MINUTE, counts: (status: number) => status < 400 },
  reset: { perAccount: 10, perAddress: 20, windowMs: 60 * MINUTE, counts: (status: number) => status === 400 },
} as const;

/** How long a successful sign-in exempts its (address, account) pair from the per-address limit. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;

export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

export interface AttemptLimit {
  /** preHandler: 429 once the e-mail, or the address (for an e-mail it does not know), has used its attempts. */
  check: preHandlerAsyncHookHandler;
  /**
   * onSend: gives back the attempt taken by `check` unless it counts, and remembers successful sign-ins — before
   * the answer leaves, so a client that has its answer finds the counters already settled.
   */
  record: onSendHookHandler;
}

export function attemptKeys(kind: AttemptKind, ip: string, email: string) {
  return {
    account: `${kind}:acct:${email}`,
    address: `${kind}:ip:${ip}`,
    // One pair marker for every kind: an address that signed in to an account may also ask for its reset code.
    known: `known:${ip}:${email}`,
  };
}

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * The attempt is taken before the handler runs (so a burst of parallel guesses cannot all pass a check made
 * before any of them is counted) and given back afterwards if its answer does not count.
 */
export function attemptLimit(app: FastifyInstance, kind: AttemptKind): AttemptLimit {
  const { perAccount, perAddress, windowMs, counts } = ATTEMPT_LIMITS[kind];
  const counters = () => app.counters;
  const taken = new WeakMap<FastifyRequest, ReturnType<typeof attemptKeys>>();
  return {
    async check(request) {
      // An IPv6 address counts as its /64, like the general limit: one customer's network is one address.
      const keys = attemptKeys(kind, normalizeIP(request.ip), emailOf(request));
      const [account, address, [known]] = await Promise.all([
        counters().hit(keys.account, windowMs),
        counters().hit(keys.address, windowMs),
        counters().read([keys.known]),
      ]);
      const blockedFor =
        account.count > perAccount
          ? account.ttlMs
          : address.count > perAddress && !known?.count
            ? address.ttlMs
            : undefined;
      if (blockedFor !== undefined) {
        await Promise.all([counters().refund(keys.account), counters().refund(keys.address)]);
        throw new RateLimitedError(blockedFor / 1000);
      }
      taken.set(request, keys);
    },
    async record(request, reply, payload) {
      const keys = taken.get(request);
      if (!keys) return payload;
      taken.delete(request);
      const work: Array<Promise<void>> = [];
      if (!counts(reply.statusCode)) work.push(counters().refund(keys.account), counters().refund(keys.address));
      if (kind !== 'forgot' && reply.statusCode === 200) work.push(counters().mark(keys.known, KNOWN_ADDRESS_MS));
      await Promise.all(work);
      return payload;
    },
  };
}
