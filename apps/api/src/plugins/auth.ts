import { createHash } from 'node:crypto';
import type { ApiKeyScope, RoleName } from '@filaha/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthenticatedError } from '../core/errors.ts';
import type { TokenService } from '../lib/tokens.ts';

/** The signed-in caller, as the database says now (not as the token said when it was issued). */
export interface AuthUser {
  id: number;
  role: RoleName;
  roleId: number;
  /** Tokens must carry this version (claim `ver`); it goes up on every password change or reset. */
  tokenVersion?: number;
  /** Last password change; only judges tokens issued before token versions existed (no `ver` claim). */
  tokensValidAfter?: Date | null;
}

/** An organisation's API key that authenticated the request (issue 30 §4), as the database says now. */
export interface AuthApiKey {
  id: number;
  organisationId: number;
  scopes: ApiKeyScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** Set instead of `user` when the request came with `Authorization: ApiKey …` (authenticateOrKey). */
    apiKey: AuthApiKey | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /** onRequest hook: 401 unless a valid Bearer token names an existing user. */
    authenticate: onRequestAsyncHookHandler;
    /** onRequest hook: authenticate, then 403 unless the caller has one of the roles. */
    requireRole: (...roles: RoleName[]) => onRequestAsyncHookHandler;
    /**
     * onRequest hook of the routes an organisation's API key may call: `Authorization: ApiKey <key>` sets
     * `request.apiKey` (401 for a key unknown or revoked), anything else is `authenticate`. The route then decides
     * what the key or the member may do (modules/api-keys/org-caller.ts).
     */
    authenticateOrKey: onRequestAsyncHookHandler;
  }
}

export interface AuthPluginOptions {
  tokens: TokenService;
  loadUser: (id: number) => Promise<AuthUser | undefined>;
  /** The active key whose SHA-256 (hex) this is. */
  loadApiKey: (keyHash: string) => Promise<AuthApiKey | undefined>;
}

/** The key of `Authorization: ApiKey <key>`, if that is the scheme. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return /^ApiKey\s+(\S+)\s*$/i.exec(header)?.[1];
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** For handlers behind `authenticate`: the caller, or a 401 if a route forgot the hook. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthenticatedError();
  return request.user;
}

/**
 * After a password change or reset, every token issued before it stops working. A token carries the user's
 * token version and must match it exactly (no clock involved, so a token issued in the same second just before a
 * reset is refused too). A token from before versions existed (no `ver`) is accepted only while the version is
 * still 0 — no change since the upgrade — and, as before, when issued (whole seconds) after the last change.
 */
export function tokenStillValid(
  user: Pick<AuthUser, 'tokenVersion' | 'tokensValidAfter'>,
  version: number | undefined,
  issuedAt: number,
): boolean {
  const current = user.tokenVersion ?? 0;
  if (version !== undefined) return version === current;
  if (current !== 0) return false;
  return !user.tokensValidAfter || issuedAt >= Math.floor(user.tokensValidAfter.getTime() / 1000);
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, { tokens, loadUser, loadApiKey }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('apiKey', null);
    app.decorate('tokens', tokens);

    const authenticate: onRequestAsyncHookHandler = async (request) => {
      if (request.user) return;
      const token = bearerToken(request);
      if (!token) throw new UnauthenticatedError();
      const { userId, issuedAt, version } = await tokens.verify(token);
      // A deleted account's token must stop working at once, and a changed role must apply at once.
      const user = await loadUser(userId);
      if (!user) throw new UnauthenticatedError();
      if (!tokenStillValid(user, version, issuedAt)) throw new UnauthenticatedError();
      request.user = user;
    };
    app.decorate('authenticate', authenticate);

    const authenticateOrKey: onRequestAsyncHookHandler = async function (request, reply) {
      const key = apiKeyOf(request);
      if (key === undefined) return authenticate.call(this, request, reply);
      const found = await loadApiKey(hashApiKey(key));
      if (!found) throw new UnauthenticatedError();
      request.apiKey = found;
    };
    app.decorate('authenticateOrKey', authenticateOrKey);

    app.decorate('requireRole', (...roles: RoleName[]): onRequestAsyncHookHandler => {
      const allowed = new Set<string>(roles);
      return async function requireRole(this: FastifyInstance, request, reply) {
        await authenticate.call(this, request, reply);
        if (!allowed.has(currentUser(request).role)) throw new ForbiddenError();
      };
    });
  },
  { name: 'auth' },
);
