// Password hashes: Better Auth's own format at the default cost (stored hashes from before the
// setting keep working), a cost tag otherwise, and a hash checked at the cost it was made with.
import {
  hashPassword as betterAuthHash,
  verifyPassword as betterAuthVerify,
} from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, verifyPassword } from './password';

const PASSWORD = 'correct horse battery';

describe('password hashes', () => {
  it('at the default cost are Better Auth’s: each side checks the other’s hash', async () => {
    const ours = await hashPassword(PASSWORD, DEFAULT_PASSWORD_HASH_COST);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: PASSWORD })).toBe(true);
    const theirs = await betterAuthHash(PASSWORD);
    expect(await verifyPassword(theirs, PASSWORD)).toBe(true);
    expect(await verifyPassword(theirs, `${PASSWORD}!`)).toBe(false);
  });

  it('at another cost carry it, and are checked at that cost whatever the setting now is', async () => {
    const cheap = await hashPassword(PASSWORD, 1024);
    expect(cheap).toMatch(/^n1024\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword(cheap, PASSWORD)).toBe(true);
    expect(await verifyPassword(cheap, 'correct horse battery ')).toBe(false);
    // The same salt and key read at the default cost are another hash: the tag is what makes it match.
    expect(await verifyPassword(cheap.replace(/^n1024\$/, ''), PASSWORD)).toBe(false);
    expect(await verifyPassword(cheap.replace(/^n1024\$/, 'n2048$'), PASSWORD)).toBe(false);
  });

  it('normalizes the password as Better Auth does (NFKC)', async () => {
    const hash = await hashPassword('cafe\u0301 au lait', 1024);
    expect(await verifyPassword(hash, 'caf\u00e9 au lait')).toBe(true);
  });

  it.each([
    ['no separator', 'abcdef'],
    ['an empty key', 'n1024$abcdef:'],
    ['a key that is not hex', 'n1024$abcdef:zz'],
    ['a cost that is not a power of two', 'n1000$abcdef:abcd'],
    ['a cost over any setting’s (16 GiB of memory)', `n8388608$abcdef:${'ab'.repeat(64)}`],
    ['a cost under any setting’s', `n0512$abcdef:${'ab'.repeat(64)}`],
    ['a key of another length', 'n1024$abcdef:abcd'],
  ])('never match a stored hash with %s (no error)', async (_, hash) => {
    expect(await verifyPassword(hash, PASSWORD)).toBe(false);
  });
});
