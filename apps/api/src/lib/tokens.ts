import { errors, jwtVerify, SignJWT } from 'jose';
import { UnauthenticatedError } from '../errors.ts';

const ISSUER = 'filaha';
const AUDIENCE = 'filaha-api';

export interface TokenClaims {
  userId: number;
  /** `iat`, seconds since the epoch. */
  issuedAt: number;
}

export interface TokenService {
  sign(userId: number): Promise<string>;
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
    async sign(userId) {
      return new SignJWT({})
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
        return { userId, issuedAt: typeof payload.iat === 'number' ? payload.iat : 0 };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new UnauthenticatedError('TOKEN_EXPIRED');
        throw new UnauthenticatedError();
      }
    },
  };
}

/** For tests and tools: a token signed like the server's but with a chosen expiry (may be in the past). */
export async function signTokenWithExpiry(secret: string, userId: number, expiresAtSeconds: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(expiresAtSeconds - 3600)
    .setExpirationTime(expiresAtSeconds)
    .sign(new TextEncoder().encode(secret));
}
