import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OwnerSession, OwnerStore } from './ownerStore';

/**
 * The owner's session (PATTERNS.md section 10): a random id in an HttpOnly, SameSite=Strict
 * cookie on Path=/admin (Secure over HTTPS: directly, or behind a trusted TLS proxy, TRUST_PROXY),
 * kept on the server by the SHA-256 of its id. A new id at every sign-in and at the second factor
 * (no fixation); it ends after IDLE_MS without a request, ABSOLUTE_MS after the sign-in, at
 * sign-out, or when revoked.
 */
export const SESSION_COOKIE = 'shop_owner';
/** The sign-in form's token before there is a session (double submit: the cookie and the form's field). */
export const SIGN_IN_COOKIE = 'shop_owner_signin';
export const IDLE_MS = 30 * 60_000;
export const ABSOLUTE_MS = 12 * 3600_000;
/** Between the password and the second factor's code. */
export const CODE_STAGE_MS = 5 * 60_000;
/** last_seen_at is written at most this often (a page's every request need not write). */
const TOUCH_EVERY_MS = 60_000;

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashId = (id: string): string => createHash('sha256').update(id).digest('hex');

/** Whether two tokens are equal, in time that does not tell how much of them is. */
export function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y) && a === b;
}

export function cookieOptions(request: FastifyRequest, maxAgeS?: number) {
  return { path: '/admin', httpOnly: true, sameSite: 'strict' as const, secure: request.protocol === 'https', ...(maxAgeS !== undefined ? { maxAge: maxAgeS } : {}) };
}

/** Why a session no longer counts, or null when it does (`stage`: the stage it must be at). */
export function sessionEnded(session: OwnerSession | null, now: Date, stage: OwnerSession['stage'] = 'active'): string | null {
  if (!session) return 'unknown';
  if (session.revoked) return 'revoked';
  if (session.stage !== stage) return 'stage';
  const age = now.getTime() - session.createdAt.getTime();
  if (age > (stage === 'code' ? CODE_STAGE_MS : ABSOLUTE_MS) || age < -60_000) return 'absolute';
  if (now.getTime() - session.lastSeenAt.getTime() > IDLE_MS) return 'idle';
  return null;
}

/** The live session the request's cookie names (at `stage`), its last use brought up to now; null otherwise. */
export async function liveSession(store: OwnerStore, request: FastifyRequest, now: Date, stage: OwnerSession['stage'] = 'active'): Promise<{ id: string; session: OwnerSession } | null> {
  const id = request.cookies[SESSION_COOKIE];
  if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const session = await store.session(hashId(id));
  if (!session || sessionEnded(session, now, stage)) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await store.touchSession(session.idHash, now);
  return { id, session };
}

/** Starts a session (a new id): the cookie is set on the reply; answers its CSRF token. */
export async function startSession(store: OwnerStore, request: FastifyRequest, reply: FastifyReply, ownerId: number, stage: OwnerSession['stage'], now: Date): Promise<string> {
  const id = newToken();
  const csrfToken = newToken();
  await store.createSession({ idHash: hashId(id), ownerId, stage, csrfToken, address: request.ip, now });
  reply.setCookie(SESSION_COOKIE, id, cookieOptions(request));
  return csrfToken;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
