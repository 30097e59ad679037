import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret } from 'otpauth';
import { BACKEND, startTestShop, type TestShop } from './helpers';
import { createOwner, currentTotp, signInOwner } from '../support/ownerSession';

/**
 * Issue 36, point 1: the owner's sign-in keeps everyone else out. `npm run owner:add` makes an
 * owner; a wrong e-mail and a wrong password get the same answer; guessing is slowed; a session
 * is new at every sign-in, ends when idle, when old, at sign-out and when revoked (a stolen
 * cookie with it); the cookie is HttpOnly, SameSite=Strict, Path=/admin, Secure behind TLS; the
 * second factor (TOTP, a code used once, recovery codes) is turned on and off by the owner; the
 * audit log shows it all. On both backends.
 */
const ROOT = join(__dirname, '..', '..');
let shop: TestShop;
let app: FastifyInstance;
beforeAll(async () => {
  shop = await startTestShop(50);
  ({ app } = shop);
});
afterAll(async () => {
  await app.inject({ method: 'DELETE', url: '/__test/clock' });
  await shop.close();
});
afterEach(async () => {
  await app.inject({ method: 'DELETE', url: '/__test/clock' });
});

let addresses = 0;
/** A browser of its own (its own address, its own cookies) going through the sign-in forms. */
class Browser {
  cookies = new Map<string, string>();
  readonly address = `192.0.2.${++addresses}`;
  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...headers },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const set of response.cookies) {
      if (set.value === '' || (set.expires && set.expires.getTime() < Date.now())) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }
  /** The token of the form on the last page asked. */
  async formToken(url = '/admin/'): Promise<string> {
    const page = await this.request('GET', url);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
    if (!token) throw new Error(`no form token on ${url}: ${page.statusCode}`);
    return token;
  }
  async signIn(email: string, password: string): Promise<LightMyRequestResponse> {
    return this.request('POST', '/admin/sign-in', { _csrf: await this.formToken(), email, password });
  }
  async code(code: string): Promise<LightMyRequestResponse> {
    return this.request('POST', '/admin/sign-in/code', { _csrf: await this.formToken('/admin/sign-in/code'), code });
  }
  async home(): Promise<LightMyRequestResponse> {
    return this.request('GET', '/admin/');
  }
}

const signedIn = (page: LightMyRequestResponse, email: string) => page.statusCode === 200 && page.body.includes('class="admin-nav"') && page.body.includes(email);
const moveClock = (ms: number) => app.inject({ method: 'POST', url: '/__test/clock', payload: { now: new Date(Date.now() + ms).toISOString() } });
const auditActions = async () => (await shop.sql<{ action: string; subject: string | null }>('SELECT action, subject FROM audit_log ORDER BY id')).map((row) => `${row.action} ${row.subject ?? ''}`);

function ownerAdd(email: string, password: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env, DB_PATH: join(shop.dir, 'shop.sqlite'), OWNER_PASSWORD: password ?? '' };
  delete env.NODE_OPTIONS;
  if (BACKEND === 'postgres') env.DATABASE_URL = shop.databaseUrl;
  else delete env.DATABASE_URL;
  return spawnSync('npm', ['run', '-s', 'owner:add', '--', email], { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('npm run owner:add', () => {
  it('adds an owner who then signs in; a second run sets a new password and ends their sessions; bad input is refused', async () => {
    const added = ownerAdd('Titolare@Example.it', 'una password lunga abbastanza');
    expect([added.status, added.stdout]).toEqual([0, expect.stringContaining('Owner Titolare@Example.it added')]);
    const stored = await shop.one<{ password_hash: string }>('SELECT password_hash FROM owners WHERE email = ?', 'titolare@example.it');
    expect(stored.password_hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(stored.password_hash).not.toContain('una password');

    const browser = new Browser();
    expect((await browser.signIn('titolare@example.it', 'una password lunga abbastanza')).headers.location).toBe('/admin/');
    expect(signedIn(await browser.home(), 'titolare@example.it')).toBe(true);

    const again = ownerAdd('titolare@example.it', 'un altra password ancora');
    expect(again.status).toBe(0);
    expect(signedIn(await browser.home(), 'titolare@example.it')).toBe(false);
    expect((await new Browser().signIn('titolare@example.it', 'una password lunga abbastanza')).statusCode).toBe(401);

    const short = ownerAdd('altro@example.it', 'corta');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('at least 12 characters');
    const noEmail = ownerAdd('not-an-email', 'una password lunga abbastanza');
    expect(noEmail.status).toBe(2);
    const noPassword = ownerAdd('altro@example.it', undefined);
    expect([noPassword.status, noPassword.stderr]).toEqual([2, expect.stringContaining('OWNER_PASSWORD')]);
    expect(await shop.sql('SELECT id FROM owners WHERE email IN (?, ?)', 'altro@example.it', 'not-an-email')).toEqual([]);
    expect(await auditActions()).toEqual(expect.arrayContaining(['owner.added titolare@example.it', 'owner.password-set titolare@example.it']));
  }, 120_000);
});

describe('signing in', () => {
  it('answers a wrong e-mail and a wrong password alike, and records both as failed sign-ins', async () => {
    const { email } = await createOwner(app);
    const wrongPassword = await new Browser().signIn(email, 'not the password at all');
    const unknownEmail = await new Browser().signIn('nobody@example.it', 'not the password at all');
    const strip = (page: LightMyRequestResponse) => page.body.replace(/name="_csrf" value="[^"]+"/g, '').replace(/content="[^"]+" name="csrf-token"|name="csrf-token" content="[^"]+"/g, '').replace(/value="[^"]*@example\.it"/, '');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(strip(wrongPassword)).toEqual(strip(unknownEmail));
    expect(wrongPassword.body).toContain('E-mail o password non corrette.');
    expect(wrongPassword.cookies.find((c) => c.name === 'shop_owner')).toBeUndefined();
    expect(await auditActions()).toEqual(expect.arrayContaining([`owner.sign-in-failed ${email}`, 'owner.sign-in-failed nobody@example.it']));
  });

  it('slows guessing: past a few wrong passwords the account answers 429 with Retry-After, the right password included, while other accounts still sign in', async () => {
    const { email, password } = await createOwner(app);
    const guesser = new Browser();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await guesser.signIn(email, `guess number ${i} of many`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    // From another address too (the account's budget), and with the right password: not even checked.
    const owner = new Browser();
    const refused = await owner.signIn(email, password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatch(/Troppi tentativi: riprova tra \d+ secondi\./);
    expect(refused.cookies.find((c) => c.name === 'shop_owner')).toBeUndefined();
    // The address's budget: one address guessing many accounts is slowed as well.
    const sprayer = new Browser();
    const spray: number[] = [];
    for (let i = 0; i < 11; i++) spray.push((await sprayer.signIn(`someone${i}@example.it`, 'summer2026!summer')).statusCode);
    expect(spray.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(spray[10]).toBe(429);
    // Another owner from another address is not held up.
    const other = await createOwner(app);
    expect((await new Browser().signIn(other.email, other.password)).headers.location).toBe('/admin/');
    expect(await auditActions()).toEqual(expect.arrayContaining([`owner.sign-in-failed ${email}`]));
    // Some twenty scrypt hashes of 128 MiB each: a budget for a busy machine, not a deadline.
  }, 180_000);

  it('gives a new session id at sign-in (a planted one is not taken up) in an HttpOnly, SameSite=Strict cookie on /admin, Secure behind a TLS proxy', async () => {
    const { email, password } = await createOwner(app);
    const browser = new Browser();
    browser.cookies.set('shop_owner', 'planted-by-someone-else-0123456789abcdefghi');
    const answer = await browser.signIn(email, password);
    const cookie = answer.cookies.find((c) => c.name === 'shop_owner')!;
    expect(cookie.value).not.toBe('planted-by-someone-else-0123456789abcdefghi');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect({ httpOnly: cookie.httpOnly, sameSite: cookie.sameSite, path: cookie.path, secure: cookie.secure ?? false }).toEqual({ httpOnly: true, sameSite: 'Strict', path: '/admin', secure: false });
    // The database keeps only the id's hash.
    expect(await shop.sql('SELECT id_hash FROM owner_sessions WHERE id_hash = ?', cookie.value)).toEqual([]);

    const behindTls = await shop.reopen({ trustProxy: ['127.0.0.1'] });
    try {
      const page = await behindTls.app.inject({ method: 'GET', url: '/admin/', headers: { 'x-forwarded-proto': 'https', host: 'shop.example' } });
      const signInCookie = page.cookies.find((c) => c.name === 'shop_owner_signin')!;
      const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1];
      const tls = await behindTls.app.inject({
        method: 'POST',
        url: '/admin/sign-in',
        headers: { 'x-forwarded-proto': 'https', host: 'shop.example', origin: 'https://shop.example', 'content-type': 'application/x-www-form-urlencoded', cookie: `shop_owner_signin=${signInCookie.value}` },
        payload: new URLSearchParams({ _csrf: token, email, password }).toString(),
      });
      const secure = tls.cookies.find((c) => c.name === 'shop_owner')!;
      expect({ secure: secure.secure, sameSite: secure.sameSite, httpOnly: secure.httpOnly, path: secure.path }).toEqual({ secure: true, sameSite: 'Strict', httpOnly: true, path: '/admin' });
    } finally {
      await behindTls.close();
    }
  });
});

describe('sessions end', () => {
  it('a stolen cookie stops working once the owner signs out', async () => {
    const session = await signInOwner(app);
    const thief = { cookie: session.cookie, accept: 'text/html' };
    expect((await app.inject({ method: 'GET', url: '/admin/audit', headers: thief })).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/admin/sign-out', headers: { cookie: session.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, payload: `_csrf=${session.csrfToken}` });
    expect([out.statusCode, out.headers.location]).toEqual([303, '/admin/?signed-out=1']);
    const stolen = await app.inject({ method: 'GET', url: '/admin/audit', headers: thief });
    expect([stolen.statusCode, stolen.headers.location]).toEqual([303, '/admin/']);
    const api = await app.inject({ method: 'POST', url: '/admin/security/sign-out-others', headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'application/json', accept: 'application/json' }, payload: '{}' });
    expect(api.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/admin/?signed-out=1', headers: { accept: 'text/html' } })).body).toContain('Sei uscito dalla gestione.');
  });

  it("an owner ends their other sessions (a stolen one among them) and keeps their own", async () => {
    const mine = await signInOwner(app);
    const browser = new Browser();
    expect((await browser.signIn(mine.email, mine.password)).statusCode).toBe(303);
    expect(signedIn(await browser.home(), mine.email)).toBe(true);
    const ended = await app.inject({ method: 'POST', url: '/admin/security/sign-out-others', headers: { cookie: mine.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, payload: `_csrf=${mine.csrfToken}` });
    expect([ended.statusCode, ended.headers.location]).toEqual([303, '/admin/security?others=1']);
    expect(signedIn(await browser.home(), mine.email)).toBe(false);
    const own = await app.inject({ method: 'GET', url: '/admin/security?others=1', headers: { cookie: mine.cookie, accept: 'text/html' } });
    expect(own.body).toContain('Altre sessioni chiuse: 1.');
  });

  it('after 30 minutes without a request, and 12 hours after the sign-in however busy', async () => {
    const idle = await signInOwner(app);
    const busy = await signInOwner(app);
    const ask = (session: { cookie: string }) => app.inject({ method: 'GET', url: '/admin/audit', headers: { cookie: session.cookie, accept: 'text/html' } });
    await moveClock(29 * 60_000);
    expect((await ask(busy)).statusCode).toBe(200);
    await moveClock(31 * 60_000);
    expect((await ask(idle)).statusCode).toBe(303);
    expect((await ask(busy)).statusCode).toBe(200);
    // Busy every 25 minutes until past 12 hours.
    for (let minutes = 50; minutes < 12 * 60; minutes += 25) {
      await moveClock(minutes * 60_000);
      expect({ minutes, status: (await ask(busy)).statusCode }).toEqual({ minutes, status: 200 });
    }
    await moveClock(12 * 3600_000 + 60_000);
    expect((await ask(busy)).statusCode).toBe(303);
    const page = await app.inject({ method: 'GET', url: '/admin/', headers: { cookie: busy.cookie, accept: 'text/html' } });
    expect(page.body).toContain('La sessione è scaduta: accedi di nuovo.');
  });
});

describe('the second factor', () => {
  it('an owner turns it on from the back office with the key shown; sign-in then asks for a code, takes a code once, and a recovery code once', async () => {
    const session = await signInOwner(app);
    const headers = { cookie: session.cookie, accept: 'text/html' };
    const status = await app.inject({ method: 'GET', url: '/admin/security', headers });
    expect(status.body).toContain('data-two-factor="off"');
    const setup = await app.inject({ method: 'GET', url: '/admin/security/2fa', headers });
    const secret = /data-totp-secret="?[^>]*>([A-Z2-7]+)</.exec(setup.body)![1];
    const uri = /data-totp-uri[^>]*>([^<]+)</.exec(setup.body)![1].replace(/&amp;/g, '&');
    expect(uri).toMatch(new RegExp(`^otpauth://totp/.+secret=${secret}.*period=30`));
    expect(Secret.fromBase32(secret).bytes.length).toBe(20);
    // Nothing is stored before a code confirms it.
    expect((await shop.one<{ totp_secret: string | null }>('SELECT totp_secret FROM owners WHERE id = ?', session.ownerId)).totp_secret).toBeNull();
    const form = (fields: Record<string, string>) => ({ method: 'POST' as const, url: '/admin/security/2fa', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _csrf: session.csrfToken, ...fields }).toString() });
    const wrong = await app.inject(form({ secret, code: '000000' === currentTotp(secret) ? '111111' : '000000' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Codice non valido: riprova.');
    const confirmed = await app.inject(form({ secret, code: currentTotp(secret) }));
    expect(confirmed.statusCode).toBe(200);
    const recovery = [...confirmed.body.matchAll(/<li><code>([a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4})<\/code><\/li>/g)].map((m) => m[1]);
    expect(recovery).toHaveLength(10);

    // Signing in now takes the password and then a code; the code just used to turn it on is spent.
    const browser = new Browser();
    const first = await browser.signIn(session.email, session.password);
    expect([first.statusCode, first.headers.location]).toEqual([303, '/admin/sign-in/code']);
    expect(signedIn(await browser.home(), session.email)).toBe(false);
    expect((await browser.code(currentTotp(secret))).statusCode).toBe(401);
    await moveClock(30_000);
    const next = currentTotp(secret, Date.now() + 30_000);
    const coded = await browser.code(next);
    expect([coded.statusCode, coded.headers.location]).toEqual([303, '/admin/']);
    expect(signedIn(await browser.home(), session.email)).toBe(true);

    // The same code again, in another sign-in: refused (used once).
    const replay = new Browser();
    await replay.signIn(session.email, session.password);
    const replayed = await replay.code(next);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.body).toContain('Codice non valido o già usato.');
    // A recovery code works, once.
    expect((await replay.code(recovery[3])).headers.location).toBe('/admin/');
    const again = new Browser();
    await again.signIn(session.email, session.password);
    expect((await again.code(recovery[3])).statusCode).toBe(401);

    // Turned off with a current code; sign-in is the password alone again.
    await moveClock(60_000);
    const off = await app.inject({ method: 'POST', url: '/admin/security/2fa/off', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _csrf: session.csrfToken, code: currentTotp(secret, Date.now() + 60_000) }).toString() });
    expect([off.statusCode, off.headers.location]).toEqual([303, '/admin/security?off=1']);
    expect((await new Browser().signIn(session.email, session.password)).headers.location).toBe('/admin/');

    const audit = await app.inject({ method: 'GET', url: '/admin/audit', headers });
    for (const action of ['owner.2fa-on', 'owner.2fa-off', 'owner.sign-in', 'owner.sign-in-failed']) expect(audit.body).toContain(`data-audit-action="${action}"`);
    expect(await auditActions()).toEqual(expect.arrayContaining([`owner.2fa-on ${session.email}`, `owner.2fa-off ${session.email}`]));
  }, 120_000);

  it('the code page is closed to anyone who has not given the password; its code is throttled like the password', async () => {
    const stranger = new Browser();
    const page = await stranger.request('GET', '/admin/sign-in/code');
    expect([page.statusCode, page.headers.location]).toEqual([303, '/admin/']);
    const secret = new Secret({ size: 20 }).base32;
    const { email, password } = await createOwner(app, { totpSecret: secret });
    const browser = new Browser();
    await browser.signIn(email, password);
    const tries: number[] = [];
    for (let i = 0; i < 6; i++) tries.push((await browser.code(String(100000 + i))).statusCode);
    // Five wrong codes a minute, then the wait; the session waiting for its code stays the only way in.
    expect(tries).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
