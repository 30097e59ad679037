import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './http';
import { hostRefusal } from './routes/seo';

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * PICTURE_ORIGINS: the hosts an imported catalogue's pictures come from (docs/catalogue-format.md),
 * comma separated `https://host[:port]` origins; pages allow images from them (img-src) and no
 * other host. Refused at start when one is not an origin.
 */
export function pictureOriginsFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i.test(origin)) throw new Error(`PICTURE_ORIGINS must list http(s)://host[:port] origins, got ${origin}`);
      return new URL(origin).origin;
    });
}

/** The page's policy: scripts only from this origin or carrying the page's nonce; images from this origin and `pictureOrigins`. */
export function contentSecurityPolicy(nonce: string | null, hashes: readonly string[] = [], pictureOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    nonce === null ? ['script-src', "'self'", 'blob:', ...hashes].join(' ') : `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...pictureOrigins].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The policy of a public (cacheable) page: no nonce, its inline scripts allowed by their hashes
 * (server/pageCache.ts finds them in the page), files from this origin, and `blob:`
 * for script text the shop's own answers bring later (tracking events, a listing's scripts after
 * a partial load: src/api/scripts.ts); only script already running in the page can make a blob URL.
 */
export function hashedContentSecurityPolicy(hashes: readonly string[], pictureOrigins: readonly string[] = []): string {
  return contentSecurityPolicy(null, hashes, pictureOrigins);
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
 * Foreign means another scheme, host or port than the request's own, or a browser's
 * `Sec-Fetch-Site` other than same-origin (or none: typed in the address bar).
 */
export function registerSecurity(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const refusal = hostRefusal(request);
    if (refusal) return sendError(reply, 421, 'unknown_host', refusal);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    // An answer whose route does not say it may be cached is never stored: a route that answers
    // the same to everyone says so (public, max-age), one that depends on the visitor keeps this.
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (foreignSite(request)) return sendError(reply, 403, 'foreign_origin', 'Requests from another site are not accepted');
  });
}

/**
 * Whether a request comes from another site: a browser's Sec-Fetch-Site other than same-origin
 * (or none: typed in the address bar), or an Origin (lacking one, a Referer) of another scheme,
 * host or port. The back office's guard (server/owner/guard.ts) asks the same.
 */
export function foreignSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  // Sec-Fetch-Site (every current browser sends it): only the shop's own pages, or the address bar.
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  return origin !== undefined ? !sameOrigin(request, origin) : referer !== undefined && !sameOrigin(request, referer);
}
