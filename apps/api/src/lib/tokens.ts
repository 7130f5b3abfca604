import { errors, jwtVerify, SignJWT } from 'jose';
import { UnauthenticatedError } from '../core/errors.ts';

const ISSUER = 'filaha';
const AUDIENCE = 'filaha-api';

export interface TokenClaims {
  userId: number;
  /** `iat`, seconds since the epoch. */
  issuedAt: number;
  /**
   * The user's token version when the token was issued (claim `ver`); it must equal the current one. Undefined
   * for tokens issued before versions existed (see plugins/auth.ts for how those are judged).
   */
  version: number | undefined;
}

export interface TokenService {
  /**
   * `version`: the user's current token version (users.token_version); a new user's is 0. `role`: the role at
   * sign-in (claim `role`), for the app alone: offline it opens the session from it (apps/web restoreSession.ts);
   * the server never reads it, it re-reads the role on every request.
   */
  sign(userId: number, version?: number, role?: string): Promise<string>;
  /** Throws UnauthenticatedError: TOKEN_EXPIRED for an expired token, UNAUTHENTICATED for anything else wrong. */
  verify(token: string): Promise<TokenClaims>;
}

/**
 * HS256 JWTs carrying only the user id: the role is re-read from the database on every request, so a role
 * change or a deleted account takes effect at once instead of when the token expires.
 */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId, version = 0, role) {
      return new SignJWT(role === undefined ? { ver: version } : { ver: version, role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) throw new UnauthenticatedError();
        const { ver } = payload;
        if (ver !== undefined && !(typeof ver === 'number' && Number.isSafeInteger(ver) && ver >= 0)) {
          throw new UnauthenticatedError();
        }
        return { userId, issuedAt: typeof payload.iat === 'number' ? payload.iat : 0, version: ver };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new UnauthenticatedError('TOKEN_EXPIRED');
        throw new UnauthenticatedError();
      }
    },
  };
}

/** For tests and tools: a token signed like the server's but with a chosen expiry (may be in the past). */
export async function signTokenWithExpiry(
  secret: string,
  userId: number,
  expiresAtSeconds: number,
  claims: { ver?: number; iat?: number } = {},
): Promise<string> {
  return new SignJWT(claims.ver === undefined ? {} : { ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(claims.iat ?? expiresAtSeconds - 3600)
    .setExpirationTime(expiresAtSeconds)
    .sign(new TextEncoder().encode(secret));
}
