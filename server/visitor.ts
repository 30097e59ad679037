import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'shop_visitor';
const ONE_YEAR_S = 365 * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    visitorId: string;
  }
  interface FastifyContextConfig {
    /** false: a public, cacheable answer (robots.txt, sitemaps) that gives no visitor cookie. */
    visitor?: boolean;
  }
}

/** Every visitor gets an opaque id in an HttpOnly, SameSite=Lax cookie; baskets hang on it. */
/** The visitor's row is written with their first basket change, never by a rejected request. */
export function registerVisitor(app: FastifyInstance): void {
  app.decorateRequest('visitorId', '');
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (request.routeOptions.config?.visitor === false) return;
    const existing = request.cookies[VISITOR_COOKIE];
    if (existing && /^[a-f0-9]{32}$/.test(existing)) {
      request.visitorId = existing;
      return;
    }
    request.visitorId = randomBytes(16).toString('hex');
    reply.setCookie(VISITOR_COOKIE, request.visitorId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: ONE_YEAR_S,
      secure: request.protocol === 'https',
    });
  });
}
