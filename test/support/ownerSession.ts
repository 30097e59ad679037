import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

/**
 * A signed-in owner of a test server (issue 36), for jest server tests (a Fastify app, by
 * inject) and Playwright (a running server's base URL, by fetch): the owner is created through
 * the test hook (`POST /__test/owner`, as `npm run owner:add` would), then signed in through the
 * real forms (the sign-in page's token, the password, the TOTP code when `totpSecret` is given).
 *
 * Use `cookie` as the Cookie header (or `sessionId` as the `shop_owner` cookie of a browser
 * context, path /admin) and `csrfToken` as the `_csrf` field or the `x-csrf-token` header.
 */
export interface OwnerSession {
  ownerId: number;
  email: string;
  password: string;
  /** `shop_owner=...`: the Cookie header of a signed-in request. */
  cookie: string;
  /** The session's id (the `shop_owner` cookie's value). */
  sessionId: string;
  csrfToken: string;
}

export interface OwnerOptions {
  email?: string;
  password?: string;
  /** Base32 TOTP secret: the owner has the second factor on and signs in with a code. */
  totpSecret?: string;
}

interface Answer {
  status: number;
  setCookies: string[];
  location: string | undefined;
  body: string;
}

type Send = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string) => Promise<Answer>;

function sender(target: FastifyInstance | string): Send {
  if (typeof target === 'string') {
    return async (method, url, headers, body) => {
      const response = await fetch(new URL(url, target), { method, headers, body, redirect: 'manual' });
      return { status: response.status, setCookies: response.headers.getSetCookie(), location: response.headers.get('location') ?? undefined, body: await response.text() };
    };
  }
  // Each signed-in owner of a jest test comes from an address of its own: the sign-in's
  // per-address throttle (server/owner/throttle.ts) counts the test's other sign-ins apart.
  const remoteAddress = `10.${(made >> 16) & 255}.${(made >> 8) & 255}.${made & 255}`;
  return async (method, url, headers, body) => {
    const response = await target.inject({ method, url, headers, payload: body, remoteAddress });
    const raw = response.headers['set-cookie'];
    const location = response.headers.location;
    return { status: response.statusCode, setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [raw], location: typeof location === 'string' ? location : undefined, body: response.body };
  };
}

function cookieValue(setCookies: string[], name: string): string | undefined {
  for (const line of setCookies) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match && match[1]) return match[1];
  }
  return undefined;
}

const formField = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

/** The code of this moment for a secret (the same library and parameters as the server's). */
export function currentTotp(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

let made = 0;

/** Creates an owner on the test server (the test hook) and answers its e-mail and password. */
export async function createOwner(target: FastifyInstance | string, options: OwnerOptions = {}): Promise<{ ownerId: number; email: string; password: string }> {
  const send = sender(target);
  const email = options.email ?? `owner${process.pid}-${++made}@example.it`;
  const password = options.password ?? 'correct horse battery staple';
  const created = await send('POST', '/__test/owner', { 'content-type': 'application/json' }, JSON.stringify({ email, password, totpSecret: options.totpSecret }));
  if (created.status !== 200) throw new Error(`Could not create the owner: ${created.status} ${created.body}`);
  return { ownerId: (JSON.parse(created.body) as { id: number }).id, email, password };
}

/** Creates an owner and signs in as them. */
export async function signInOwner(target: FastifyInstance | string, options: OwnerOptions = {}): Promise<OwnerSession> {
  const { ownerId, email, password } = await createOwner(target, options);
  const send = sender(target);
  const page = await send('GET', '/admin/', { accept: 'text/html' });
  const signInCookie = cookieValue(page.setCookies, 'shop_owner_signin');
  const signInToken = formField(page.body, '_csrf');
  if (!signInCookie || !signInToken) throw new Error(`The sign-in page gave no token: ${page.status}`);
  const preCookie = `shop_owner_signin=${signInCookie}`;
  const signedIn = await send('POST', '/admin/sign-in', { ...form, cookie: preCookie }, new URLSearchParams({ _csrf: signInToken, email, password }).toString());
  let sessionId = cookieValue(signedIn.setCookies, 'shop_owner');
  if (signedIn.status !== 303 || !sessionId) throw new Error(`Sign-in refused: ${signedIn.status} ${signedIn.body.slice(0, 200)}`);
  if (options.totpSecret) {
    const coded = await send('POST', '/admin/sign-in/code', { ...form, cookie: `${preCookie}; shop_owner=${sessionId}` }, new URLSearchParams({ _csrf: signInToken, code: currentTotp(options.totpSecret) }).toString());
    sessionId = cookieValue(coded.setCookies, 'shop_owner');
    if (coded.status !== 303 || !sessionId) throw new Error(`The code was refused: ${coded.status} ${coded.body.slice(0, 200)}`);
  }
  const cookie = `shop_owner=${sessionId}`;
  const home = await send('GET', '/admin/', { accept: 'text/html', cookie });
  const csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec(home.body)?.[1];
  if (home.status !== 200 || !csrfToken) throw new Error(`The first screen did not open: ${home.status}`);
  return { ownerId, email, password, cookie, sessionId, csrfToken };
}
