import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './http';

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The page's policy: scripts only from this origin or carrying the page's nonce. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The shop's own origin as the request reached it: scheme (X-Forwarded-Proto only with TRUST_PROXY), host and port. */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/** Whether a header's URL is the shop's own origin: scheme, host and port all equal (default ports normalised). */
function sameOrigin(request: FastifyRequest, origin: string): boolean {
  try {
    const own = ownOrigin(request);
    return own !== null && new URL(origin).origin === own;
  } catch {
    return false;
  }
}

/** HSTS for answers served over HTTPS (directly, or behind a trusted TLS proxy): a year, subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers on every answer, and the origin check: a state-changing request that names a
 * foreign Origin (or, lacking one, a foreign Referer) is refused before any handler runs.
 * Foreign means another scheme, host or port than the request's own.
 */
export function registerSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    return payload;
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    if (origin !== undefined ? !sameOrigin(request, origin) : referer !== undefined && !sameOrigin(request, referer)) {
      return sendError(reply, 403, 'foreign_origin', 'Requests from another site are not accepted');
    }
  });
}
