import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with node:crypto scrypt. The stored string names the algorithm and its cost
 * parameters (`scrypt$N$r$p$salt$hash`, base64url), so the cost can be raised later without breaking
 * existing hashes.
 */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(plain: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem is raised because OpenSSL's default limit (32 MiB) is just below what N=2^14, r=8 can need
    // once other parameters are raised.
    scrypt(plain.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const cost = { N, r: Number(r), p: Number(p) };
  // Reject malformed or absurd parameters instead of letting a corrupted row hang the server.
  const valid =
    Number.isInteger(N) &&
    N >= 2 &&
    N <= 2 ** 20 &&
    (N & (N - 1)) === 0 &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    cost.p >= 1 &&
    cost.p <= 16;
  if (!valid) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length < 16) return false;
  const actual = await derive(plain, Buffer.from(saltText, 'base64url'), cost, expected.length);
  return timingSafeEqual(actual, expected);
}
