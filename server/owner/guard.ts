import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShopRepository } from '../db/repository';
import type { CounterStore } from '../counters';
import { sendError } from '../http';
import { foreignSite } from '../security';
import { shopClock } from '../clock';
import { isLanguage, type Language } from '../../src/i18n/runtime';
import { ADMIN_CSP, setAdminAssetsDir } from '../render/adminPage';
import { drawSignInPage } from '../render/admin/signIn';
import { OwnerStore } from './ownerStore';
import { addressTiers, type Tier } from './throttle';
import { cookieOptions, liveSession, newToken, sameToken, SESSION_COOKIE, SIGN_IN_COOKIE } from './sessions';

/**
 * The one guard of the back office (issue 36): everything a `register` function adds through
 * `registerOwnerArea` sits under /admin/ and
 * - answers `Cache-Control: no-store` (never kept by the page cache, Varnish or a browser) and
 *   the admin pages' strict policy;
 * - needs a live session (server/owner/sessions.ts): without one a page GET is sent (303) to the
 *   sign-in at /admin/ (GET /admin/ itself draws the sign-in form), a call under /admin/api/ or a
 *   request that does not accept HTML gets 401 JSON; a form POST gets 303 to the sign-in too;
 * - refuses (403 JSON) any state-changing request (POST, PUT, PATCH, DELETE) from another site
 *   (Origin, Referer, Sec-Fetch-Site, as server/security.ts judges) or without the session's
 *   token: form field `_csrf` or header `x-csrf-token` (a multipart upload: the header, or
 *   `?_csrf=` in the form's action, since its body is read by the handler).
 * A handler finds `request.owner` ({ id, email }) and `request.csrfToken` (for its forms).
 *
 * A route declared with `config: { ownerPublic: true }` (the sign-in's posts only) needs no
 * session; its token is the sign-in form's (a cookie and the form's field, double submit).
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in owner (routes under registerOwnerArea only). */
    owner: { id: number; email: string } | null;
    /** The session's token for forms and `x-csrf-token` (routes under registerOwnerArea only). */
    csrfToken: string;
    /** The session's stored key (SHA-256 of its id), for sign-out and revocation. */
    ownerSessionHash: string;
  }
  interface FastifyContextConfig {
    /** A back-office route that needs no session (the sign-in's posts): see server/owner/guard.ts. */
    ownerPublic?: boolean;
  }
}

export interface OwnerDeps {
  repo: ShopRepository;
  store: OwnerStore;
  /** The shared throttles' counters (server/counters.ts): the sign-in's delays. */
  counters: CounterStore;
  /** The built storefront's directory (the admin bundle's files). */
  staticDir: string;
  /** The shop's clock (tests move it: server/clock.ts). */
  now(): Date;
  /** The sign-in's per-address budgets (server/owner/throttle.ts). */
  addressTiers: readonly Tier[];
}

export function ownerDeps(repo: ShopRepository, counters: CounterStore, staticDir: string): OwnerDeps {
  return { repo, store: new OwnerStore(repo), counters, staticDir, now: () => shopClock.now(), addressTiers: addressTiers() };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The back office's language: ?lang=, else the browser's first of it / pl / en, else Italian. */
export function ownerLanguage(request: FastifyRequest): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(asked)) return asked;
  for (const part of String(request.headers['accept-language'] ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return 'it';
}

const isSignInAddress = (request: FastifyRequest) => /^\/admin\/?(\?|$)/.test(request.url);
const wantsJson = (request: FastifyRequest) => request.url.startsWith('/admin/api/') || !/text\/html/.test(String(request.headers.accept ?? ''));

/** The token a state-changing request carries: the header, the form's field, or (multipart) the query's. */
function carriedToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-csrf-token'];
  if (typeof header === 'string' && header) return header;
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body) && typeof body._csrf === 'string') return body._csrf;
  if (/^multipart\//i.test(String(request.headers['content-type'] ?? ''))) {
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?._csrf === 'string') return query._csrf;
  }
  return undefined;
}

/** The sign-in form's token: the one in its cookie, or a new one set now. */
export function signInToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[SIGN_IN_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = newToken();
  reply.setCookie(SIGN_IN_COOKIE, token, cookieOptions(request));
  return token;
}

export async function registerOwnerArea(app: FastifyInstance, deps: OwnerDeps, register: (scope: FastifyInstance) => void | Promise<void>): Promise<void> {
  setAdminAssetsDir(deps.staticDir);
  if (!app.hasRequestDecorator('owner')) {
    app.decorateRequest('owner', null);
    app.decorateRequest('csrfToken', '');
    app.decorateRequest('ownerSessionHash', '');
  }
  await app.register(
    async (scope) => {
      // A back-office write never gives a shopper's visitor cookie (server/visitor.ts).
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), visitorWhenRead: true };
      });
      scope.addHook('onRequest', async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        reply.header('X-Robots-Tag', 'noindex, nofollow');
        if (STATE_CHANGING.has(request.method) && foreignSite(request)) return sendError(reply, 403, 'foreign_origin', 'Requests from another site are not accepted');
        if (request.routeOptions.config?.ownerPublic) return;
        const live = await liveSession(deps.store, request, deps.now());
        if (live) {
          request.owner = { id: live.session.owner.id, email: live.session.owner.email };
          request.csrfToken = live.session.csrfToken;
          request.ownerSessionHash = live.session.idHash;
          return;
        }
        if ((request.method === 'GET' || request.method === 'HEAD') && isSignInAddress(request)) {
          const signedOut = (request.query as Record<string, unknown> | undefined)?.['signed-out'] !== undefined;
          const expired = request.cookies[SESSION_COOKIE] !== undefined;
          return reply
            .code(200)
            .type('text/html; charset=utf-8')
            .send(drawSignInPage({ language: ownerLanguage(request), csrfToken: signInToken(request, reply), notice: signedOut ? 'signedOut' : expired ? 'expired' : null }));
        }
        if (wantsJson(request)) return sendError(reply, 401, 'not_signed_in', 'Sign in to the back office first');
        return reply.code(303).header('Location', '/admin/').send();
      });
      scope.addHook('preHandler', async (request, reply) => {
        if (!STATE_CHANGING.has(request.method)) return;
        const expected = request.routeOptions.config?.ownerPublic ? request.cookies[SIGN_IN_COOKIE] : request.csrfToken;
        if (!sameToken(carriedToken(request), expected)) return sendError(reply, 403, 'csrf_token', 'The form is out of date or not from the back office: reload the page and try again');
      });
      scope.addHook('onSend', async (_request, reply, payload) => {
        reply.header('Cache-Control', 'no-store');
        if (/^text\/html/.test(String(reply.getHeader('Content-Type') ?? ''))) reply.header('Content-Security-Policy', ADMIN_CSP);
        return payload;
      });
      await register(scope);
    },
    { prefix: '/admin' },
  );
}
