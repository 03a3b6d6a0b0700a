import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt from Node's crypto (a vetted primitive, no native addon to build).
// Parameters are stored with each hash so they can be raised later.
const N = 16384;
const r = 8;
const p = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a password nobody knows (its password was random and thrown away), with the
 * parameters of real ones. Signing in with an e-mail that has no account verifies against
 * it, so that attempt costs the same scrypt as a wrong password for a real account: without
 * it, an unknown e-mail would be answered measurably faster than a known one, which tells
 * anyone which e-mail addresses have accounts.
 */
const DUMMY_HASH = `scrypt$${N}$${r}$${p}$1TC2EdkPNqHTR/FkuuGAVA==$glzxRMY/6q6zKsEDcUqtU9DHxRP0Kny222AWd2CFX4xTcFjfyOVIYLgQlLQafBdD9kxxkNcyhuyT2G2duvm2Dw==`;

/** Checks `password` against `stored`, or spends the same work and answers false when there is no account. */
export async function verifyPasswordOrDummy(password: string, stored: string | null | undefined): Promise<boolean> {
  if (stored) return verifyPassword(password, stored);
  await verifyPassword(password, DUMMY_HASH);
  return false;
}
