import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestShop, type TestShop } from './helpers';
import { routeTable } from './routeTable';
import { signInOwner, type OwnerSession } from '../support/ownerSession';

/**
 * Issue 36, point 1: every back-office route, as Fastify's own route table lists them (so a
 * route added later is walked too), refuses a request without a session, and every
 * state-changing one refuses a request from another site and one without the session's token,
 * even with a live session. Every answer under /admin/ is `no-store`. On both backends.
 */
let shop: TestShop;
let app: FastifyInstance;
let owner: OwnerSession;
let other: OwnerSession;
beforeAll(async () => {
  shop = await startTestShop(50);
  ({ app } = shop);
  owner = await signInOwner(app);
  other = await signInOwner(app);
});
afterAll(async () => {
  await shop.close();
});

/** The routes that need no session: the sign-in's own (their token is the sign-in form's). */
const SIGN_IN_ROUTES = ['GET /admin/sign-in/code', 'POST /admin/sign-in', 'POST /admin/sign-in/code'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function adminRoutes(): Array<{ method: string; path: string; url: string }> {
  return routeTable(app)
    .filter((route) => /^\S+ \/admin(\/|$)/.test(route))
    .map((route) => {
      const [method, path] = route.split(' ');
      // Parameters and wildcards take a plausible value: the guard answers before any handler reads them.
      return { method, path, url: path.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'no-such-page') };
    });
}

const noStore = (what: string, response: LightMyRequestResponse) => expect({ what, cacheControl: response.headers['cache-control'] }).toEqual({ what, cacheControl: 'no-store' });
const call = (method: string, url: string, headers: Record<string, string>, body = 'x=1'): InjectOptions => ({
  method: method as InjectOptions['method'],
  url,
  headers: STATE_CHANGING.has(method) ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers,
  payload: STATE_CHANGING.has(method) ? body : undefined,
});

it('the back office declares its routes under /admin/, the sign-in among them', async () => {
  const routes = adminRoutes().map((r) => `${r.method} ${r.path}`);
  expect(routes).toEqual(expect.arrayContaining(['GET /admin/', 'POST /admin/sign-in', 'POST /admin/sign-out', 'GET /admin/audit', 'GET /admin/security']));
  // The only routes that need no session are the sign-in's own.
  const publicOnes = routes.filter((route) => SIGN_IN_ROUTES.includes(route));
  expect(publicOnes.sort()).toEqual([...SIGN_IN_ROUTES].sort());
});

it('without a session every back-office route refuses: a page is sent to the sign-in, a call gets 401, the sign-in form is all GET /admin/ shows', async () => {
  const routes = adminRoutes();
  expect(routes.length).toBeGreaterThanOrEqual(8);
  for (const { method, path, url } of routes) {
    const what = `${method} ${path}`;
    const askers: Array<Record<string, string>> = [{ accept: 'text/html' }, { accept: 'application/json' }, { accept: 'text/html', cookie: 'shop_owner=forged-or-stale-session-id-abcdefghijklmnopqrstu' }];
    for (const headers of askers) {
      const response = await app.inject(call(method, url, headers));
      noStore(what, response);
      expect({ what, headers, server: response.statusCode < 500 }).toEqual({ what, headers, server: true });
      if (SIGN_IN_ROUTES.includes(what)) {
        // Without the sign-in form's token (a post) or a session waiting for its code (the code page).
        expect({ what, refused: response.statusCode === 303 || response.statusCode === 403 }).toEqual({ what, refused: true });
        continue;
      }
      // The back office's address (with or without its slash) draws the sign-in form and nothing else.
      if (what === 'GET /admin/' || what === 'GET /admin') {
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('data-sign-in-form="password"');
        expect(response.body).not.toContain('class="admin-nav"');
        continue;
      }
      const signInPage = response.statusCode === 303 && response.headers.location === '/admin/';
      const unauthorised = response.statusCode === 401 && response.json().error.code === 'not_signed_in';
      expect({ what, headers, refused: signInPage || unauthorised }).toEqual({ what, headers, refused: true });
      if (url.startsWith('/admin/api/') || headers.accept === 'application/json') expect({ what, status: response.statusCode }).toEqual({ what, status: 401 });
    }
  }
});

it("every state-changing route refuses, even with a live session, a request from another site and one without the session's token", async () => {
  const writes = adminRoutes().filter((r) => STATE_CHANGING.has(r.method));
  expect(writes.length).toBeGreaterThanOrEqual(3);
  for (const { method, path, url } of writes) {
    const what = `${method} ${path}`;
    const token = SIGN_IN_ROUTES.includes(what) ? null : owner.csrfToken;
    const cookie = owner.cookie;
    const cases: Array<[string, Record<string, string>, string, string]> = [
      ['foreign Origin', { cookie, origin: 'https://evil.example', accept: 'text/html' }, `_csrf=${token}`, 'foreign_origin'],
      ['cross-site fetch', { cookie, 'sec-fetch-site': 'cross-site', accept: 'text/html' }, `_csrf=${token}`, 'foreign_origin'],
      ['foreign Referer', { cookie, referer: 'https://evil.example/page', accept: 'text/html' }, `_csrf=${token}`, 'foreign_origin'],
      ['no token', { cookie, origin: 'http://localhost:80', accept: 'text/html' }, 'x=1', 'csrf_token'],
      ["another session's token", { cookie, accept: 'text/html' }, `_csrf=${other.csrfToken}`, 'csrf_token'],
      ['a wrong header token', { cookie, accept: 'application/json', 'x-csrf-token': 'A'.repeat(43) }, 'x=1', 'csrf_token'],
    ];
    for (const [why, headers, body, code] of cases) {
      const response = await app.inject(call(method, url, headers, body));
      noStore(what, response);
      expect({ what, why, status: response.statusCode, code: response.json().error.code }).toEqual({ what, why, status: 403, code });
    }
  }
  // The owner is still signed in: nothing above signed them out.
  const home = await app.inject({ method: 'GET', url: '/admin/', headers: { cookie: owner.cookie, accept: 'text/html' } });
  expect(home.body).toContain(owner.email);
});

it('a signed-in page is no-store, framed by nobody, runs no inline script and links no storefront code', async () => {
  for (const url of ['/admin/', '/admin/audit', '/admin/security', '/admin/no-such-page']) {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, accept: 'text/html' } });
    expect(response.headers['cache-control']).toBe('no-store');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(response.body).not.toContain('/assets/main');
  }
});
