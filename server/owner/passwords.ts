import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Owners' passwords (PATTERNS.md section 10, OWASP Password Storage): scrypt with N=2^17, r=8,
 * p=1 and a salt of 16 random bytes each, stored as `scrypt$N$r$p$salt$hash` (base64) so the
 * cost can grow later and older hashes still verify. scrypt needs 128·N·r bytes (128 MiB): Node's
 * default ceiling (32 MiB) is lifted for it.
 */
export const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 } as const;

/** The shortest password accepted. */
export const PASSWORD_MIN_LENGTH = 12;
/** The longest (scrypt reads it all; a megabyte of password is someone's attack). */
export const PASSWORD_MAX_LENGTH = 256;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT, SCRYPT.keyLength);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether the password is the one hashed; a malformed hash verifies nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of no one's password, verified against when the e-mail is unknown: the answer takes as long as for a known one. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString('base64'));
  return decoy;
}

/** Why a new password is refused, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
