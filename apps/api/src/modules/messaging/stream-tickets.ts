import { randomBytes } from 'node:crypto';
import type { Db } from '@filaha/db';
import { jwtVerify, SignJWT } from 'jose';
import { createStreamTicketsRepository } from './stream-tickets.repository.ts';

const ISSUER = 'filaha';
/** Not the API's audience: a ticket is refused as a Bearer token, and a Bearer token is refused as a ticket. */
const AUDIENCE = 'filaha-stream';
/** Clock difference tolerated between the process that issues a ticket and the one that redeems it. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** A used nonce is kept this long after the ticket's expiry (clock differences with the database). */
const NONCE_MARGIN_SECONDS = 60;
/** Expired nonces are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

export interface StreamTicketsOptions {
  db: Db;
  /** The JWT secret: every API process of a deployment shares it. */
  secret: string;
  ttlSeconds: number;
  now?: () => number;
}

/**
 * One-use tickets that let an EventSource (which cannot send an Authorization header) open the event stream:
 * the signed-in client asks for one, then opens `…/stream?ticket=`. A ticket is a short-lived JWT (HS256 with
 * the JWT secret, its own audience) carrying the user id and a random nonce, so ANY API process can verify it —
 * no sticky sessions. One use is enforced in the database: redeeming inserts the nonce into
 * `stream_ticket_uses`, and only the first insert succeeds, whichever processes race for it.
 */
export class StreamTickets {
  private readonly key: Uint8Array;
  private readonly now: () => number;
  private readonly nonces: ReturnType<typeof createStreamTicketsRepository>;
  private lastSweep = 0;

  constructor(private readonly options: StreamTicketsOptions) {
    this.key = new TextEncoder().encode(options.secret);
    this.now = options.now ?? Date.now;
    this.nonces = createStreamTicketsRepository(options.db);
  }

  async issue(userId: number): Promise<{ ticket: string; expiresAt: number }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const expiresAt = issuedAt + this.options.ttlSeconds;
    const ticket = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { ticket, expiresAt: expiresAt * 1000 };
  }

  /** The ticket's user, consuming the ticket; undefined when forged, expired or already used (anywhere). */
  async redeem(ticket: string): Promise<number | undefined> {
    let userId: number;
    let nonce: string;
    let exp: number;
    try {
      const { payload } = await jwtVerify(ticket, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'jti', 'exp'],
      });
      userId = Number(payload.sub);
      nonce = String(payload.jti);
      exp = Number(payload.exp);
    } catch {
      return undefined;
    }
    if (!Number.isSafeInteger(userId) || userId <= 0 || nonce.length === 0 || nonce.length > 64) return undefined;
    await this.sweepIfDue();
    const keepUntil = new Date((exp + NONCE_MARGIN_SECONDS) * 1000).toISOString();
    return (await this.nonces.claimNonce(nonce, keepUntil)) ? userId : undefined;
  }

  /** Deletes the nonces of tickets that can no longer be verified anyway; returns how many. */
  sweep(): Promise<number> {
    return this.nonces.sweepExpired();
  }

  private async sweepIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.sweep();
  }
}
