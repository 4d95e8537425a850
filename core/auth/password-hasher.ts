import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost (N) when none is configured: about 50 ms per hash on a small server, 16 MiB of memory. */
export const DEFAULT_PASSWORD_HASH_COST = 16384;
/** Smallest and largest cost `auth.password.hash.cost` accepts (each a power of two). */
export const MIN_PASSWORD_HASH_COST = 1024;
export const MAX_PASSWORD_HASH_COST = 65536;

/** The other scrypt parameters; only the cost is configurable. */
const PARAMETERS = { r: 8, p: 1, keyLength: 32 };

/** Whether scrypt takes `cost` as N and it lies within the accepted range. */
export function isValidPasswordHashCost(cost: number): boolean {
  return (
    Number.isInteger(cost) &&
    cost >= MIN_PASSWORD_HASH_COST &&
    cost <= MAX_PASSWORD_HASH_COST &&
    (cost & (cost - 1)) === 0
  );
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  // scrypt needs about 128 * N * r bytes: room for the largest accepted cost, whatever a stored hash says.
  const maxmem = Math.max(64 * 1024 * 1024, 2 * 128 * MAX_PASSWORD_HASH_COST * PARAMETERS.r);
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { ...options, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Salted slow password hashes in a self-describing format, `scrypt$N$r$p$salt$hash`, so that the
 * cost (`auth.password.hash.cost`) can be changed later without invalidating stored hashes.
 */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  if (!isValidPasswordHashCost(cost)) throw new Error(`Invalid password hash cost ${cost}`);
  const { r, p, keyLength } = PARAMETERS;
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, keyLength, { N: cost, r, p });
  return ['scrypt', cost, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison of the derived key; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const actual = await scryptAsync(password, salt, expected.length, { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
