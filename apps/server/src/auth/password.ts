// Docs: docs/accounts.md#password-storage — passwords are stored as scrypt hashes (Better Auth's
// format); PASSWORD_HASH_COST sets scrypt's cost for new hashes, and every stored hash says the cost
// it was made with, so changing the setting never locks anyone out.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** Better Auth's scrypt cost (N), block size and key length: what a hash without a cost tag used. */
export const DEFAULT_PASSWORD_HASH_COST = 16_384;
/** The costs PASSWORD_HASH_COST may name, and a stored hash may carry (2 MiB to 2 GiB of memory). */
export const PASSWORD_HASH_COST_RANGE = { min: 1024, max: 1_048_576 } as const;
const BLOCK_SIZE = 16;
const KEY_BYTES = 64;
/** The cost tag of a hash made at another cost than the default: `n1024$salt:key`. */
const COST_TAG = /^n(\d{4,7})\$/;

function derive(password: string, salt: string, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { N: cost, r: BLOCK_SIZE, p: 1, maxmem: 128 * cost * BLOCK_SIZE * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/**
 * A new hash at `cost`. At the default cost it is exactly Better Auth's `salt:key`, so hashes made
 * before this setting existed and after are one format; another cost is tagged in front.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = (await derive(password, salt, cost)).toString('hex');
  return cost === DEFAULT_PASSWORD_HASH_COST ? `${salt}:${key}` : `n${cost}$${salt}:${key}`;
}

/** Whether `password` is the one `hash` was made from, at the cost the hash says. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const tag = COST_TAG.exec(hash);
  const cost = tag ? Number(tag[1]) : DEFAULT_PASSWORD_HASH_COST;
  const [salt, key] = (tag ? hash.slice(tag[0].length) : hash).split(':');
  // A hash of another shape, or a cost scrypt refuses (not a power of two) or that no setting
  // allows (one of 2^23 would ask for 16 GiB), never matches.
  const { min, max } = PASSWORD_HASH_COST_RANGE;
  if (!salt || !key || !/^[0-9a-f]+$/.test(key)) return false;
  if (cost < min || cost > max || (cost & (cost - 1)) !== 0) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await derive(password, salt, cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
