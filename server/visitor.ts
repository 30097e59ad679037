import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'shop_visitor';
const ONE_YEAR_S = 365 * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    visitorId: string;
    /** True when the visitor id was made for this request (no valid cookie came). */
    visitorIsNew: boolean;
    /** True when a GraphQL resolver read the visitor's id (their basket, their events). */
    visitorTouched: boolean;
  }
  interface FastifyContextConfig {
    /**
     * false: a public, cacheable answer (robots.txt, sitemaps) that gives no visitor cookie;
     * true: a read of the visitor's own data (the basket) that gives it to a new visitor.
     */
    visitor?: boolean;
    /** true: a POST that reads rather than writes; it gives the cookie only when it read the visitor (`visitorTouched`). */
    visitorWhenRead?: boolean;
  }
}

/** An answer a cache may keep: it must never carry a cookie (a shared cache would hand it to others). */
export function isCacheable(reply: FastifyReply): boolean {
  const control = String(reply.getHeader('Cache-Control') ?? '').toLowerCase();
  if (/\b(no-store|private)\b/.test(control)) return false;
  if (/\b(public|immutable)\b/.test(control) || /\b(s-)?max-age=[1-9]/.test(control)) return true;
  return reply.hasHeader('ETag') || reply.hasHeader('Last-Modified') || reply.hasHeader('Expires');
}

/**
 * Every visitor gets an opaque id in an HttpOnly, SameSite=Lax cookie (Secure over HTTPS); baskets
 * hang on it. The cookie is set by the first write (an add, a form), or a read of the basket
 * (`GET /ajax/basket.php`), never by a page, a search answer, static files, cached JSON or
 * images; any `Set-Cookie` on a cacheable answer is dropped. The visitor's row is written with their first basket change, never by a
 * rejected request.
 */
export function registerVisitor(app: FastifyInstance): void {
  app.decorateRequest('visitorId', '');
  app.decorateRequest('visitorIsNew', false);
  app.decorateRequest('visitorTouched', false);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const existing = request.cookies[VISITOR_COOKIE];
    if (existing && /^[a-f0-9]{32}$/.test(existing)) {
      request.visitorId = existing;
      return;
    }
    request.visitorId = randomBytes(16).toString('hex');
    request.visitorIsNew = true;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isCacheable(reply)) {
      reply.removeHeader('Set-Cookie');
      return payload;
    }
    // Only a write (or a read of the visitor's own basket) gives the cookie (issue 22): a page, a
    // search answer or a partial load keeps a first-time visitor on the pages a cache can serve.
    // GraphQL answers only when a resolver read the visitor (a basket change, the tracking events).
    const whenRead = request.routeOptions.url?.startsWith('/graphql') === true || request.routeOptions.config?.visitorWhenRead === true;
    const write = request.method !== 'GET' && request.method !== 'HEAD' && !whenRead;
    const gives = write || request.routeOptions.config?.visitor === true || request.visitorTouched;
    if (request.visitorIsNew && gives) {
      reply.setCookie(VISITOR_COOKIE, request.visitorId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        maxAge: ONE_YEAR_S,
        secure: request.protocol === 'https',
      });
    }
    return payload;
  });
}
