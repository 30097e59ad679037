import { createHash, randomBytes } from 'node:crypto';

/**
 * The token that confirms an availability notice (double opt-in): 32 random bytes mailed to the
 * address as 43 base64url characters; the database keeps only its SHA-256, so a copy of the
 * database confirms nothing.
 */
export function newNoticeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: noticeTokenHash(token) };
}

export function noticeTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a text has the shape of a notice token. */
export const isNoticeToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
