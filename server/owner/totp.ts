import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The second factor (RFC 6238 through `otpauth`): SHA-1, 6 digits, 30-second steps, one step of
 * drift either way. A code is used once: the step it was accepted for is stored and no code of
 * that step or an earlier one is taken again (server/owner/ownerStore.ts, useTotpStep).
 */
export const TOTP_PERIOD_S = 30;
export const TOTP_ISSUER = 'Shop back office';

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step the code belongs to (within one step of now), or null when it matches none. */
export function totpStep(secret: string, email: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, email).validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

/** The current code (tests and the owner's check of a new secret use the same library). */
export function totpCode(secret: string, now: Date): string {
  return totpOf(secret, 'x').generate({ timestamp: now.getTime() });
}

/** Ten recovery codes (xxxx-xxxx-xxxx, base32), shown once; stored as their SHA-256. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const text = new Secret({ buffer: randomBytes(10).buffer }).base32.slice(0, 12).toLowerCase();
    return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`;
  });
}

export function recoveryHash(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase().replace(/[^a-z2-7]/g, '')).digest('hex');
}

export const looksLikeRecoveryCode = (code: string) => /^[a-z2-7]{4}-?[a-z2-7]{4}-?[a-z2-7]{4}$/i.test(code.trim());
