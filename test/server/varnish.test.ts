import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { metricsAllowList } from '../../server/metrics';
import { BACKEND, startTestShop, type TestShop } from './helpers';
import { freePort } from './serverProcess';
import { endGroup, trackGroup } from '../support/processGroups';
import { describeWhen } from '../support/skips';
import { signInOwner } from '../support/ownerSession';

/**
 * The shop behind the shipped Varnish configuration (issue 22, point 2): deploy/varnish/shop.vcl
 * in front of a running shop. Varnish is installed by scripts/ensure-varnish.mjs (Debian's
 * package, apt-get when missing), as Chromium is; where it cannot be installed the suite says
 * so and is skipped. Run once, on the SQLite project (the cache does not depend on the backend).
 */
const root = join(__dirname, '..', '..');
const VARNISHD = process.env.VARNISHD_PATH || '/usr/sbin/varnishd';

function varnishAvailable(): { ok: boolean; reason: string } {
  if (BACKEND !== 'sqlite') return { ok: false, reason: 'runs on the SQLite project only' };
  const found = spawnSync(process.execPath, [join(root, 'scripts', 'ensure-varnish.mjs')], { encoding: 'utf8', timeout: 600_000 });
  return { ok: found.status === 0, reason: `${found.stdout ?? ''}${found.stderr ?? ''}`.trim() };
}

const available = varnishAvailable();
if (!available.ok && BACKEND === 'sqlite') console.warn(`SKIPPED the Varnish tests: ${available.reason}`);
const describeWithVarnish = describeWhen(available.ok, `Varnish: ${available.reason.split('\n')[0] || 'not available'}`);


const PURGE_SECRET = 'test-purge-secret-4f9c2a7e81d3';

/** A GET through node:http (fetch cannot name another Host): status, headers and body. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** The absolute addresses a page carries: canonical, og:url, hreflang alternates, JSON-LD urls. */
const absoluteAddresses = (html: string) => [...html.matchAll(/(?:href|content)="([a-z][a-z0-9+.-]*:[^"]*)"|"(?:url|@id|item)":"([^"]+)"/gi)].map((m) => m[1] ?? m[2]);

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const stateOf = (html: string) => JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(html)![1]);

describeWithVarnish('the shop behind Varnish (deploy/varnish/shop.vcl)', () => {
  let shop: TestShop;
  let varnish: ChildProcess;
  let workDir: string;
  let cache: string;
  let shopBase: string;
  /** Requests that reached the shop, by method and path. */
  const origin: string[] = [];
  const reached = (what: string) => origin.filter((line) => line === what).length;

  beforeAll(async () => {
    const varnishPort = await freePort();
    cache = `http://127.0.0.1:${varnishPort}`;
    // As the README's recipe runs it: the shop trusts Varnish's forwarded headers, tells it of changes with the shared secret, and lets this machine read /metrics.
    process.env.CACHE_PURGE_SECRET = PURGE_SECRET;
    shop = await startTestShop(300, { pageCacheBytes: 4 * 1024 * 1024, purgeUrls: [cache], trustProxy: ['127.0.0.1'], metricsAllow: metricsAllowList('127.0.0.1') });
    delete process.env.CACHE_PURGE_SECRET;
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const shopPort = (shop.app.server.address() as { port: number }).port;
    shopBase = `http://127.0.0.1:${shopPort}`;
    shop.app.server.on('request', (request) => origin.push(`${request.method} ${String(request.url).split('?')[0]}`));

    workDir = mkdtempSync(join(tmpdir(), 'shop-varnish-'));
    // varnishd's worker runs as its own user: it must reach the directory.
    chmodSync(workDir, 0o755);
    writeFileSync(join(workDir, 'purge-secret'), `${PURGE_SECRET}\n`);
    chmodSync(join(workDir, 'purge-secret'), 0o644);
    const vcl = readFileSync(join(root, 'deploy', 'varnish', 'shop.vcl'), 'utf8').replace('.port = "8080";', `.port = "${shopPort}";`).replaceAll('/etc/varnish/shop-purge-secret', join(workDir, 'purge-secret'));
    writeFileSync(join(workDir, 'shop.vcl'), vcl);
    chmodSync(join(workDir, 'shop.vcl'), 0o644);
    varnish = spawn(VARNISHD, ['-F', '-n', join(workDir, 'n'), '-a', `127.0.0.1:${varnishPort}`, '-f', join(workDir, 'shop.vcl'), '-s', 'malloc,64m'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    trackGroup(varnish);
    // Ready when it says so and answers (the hook's timeout bounds it: no shorter deadline to lose on a busy machine).
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Child launched OK') || output.includes('Child starts')) resolve();
      };
      varnish.stdout!.on('data', collect);
      varnish.stderr!.on('data', collect);
      varnish.once('exit', (code) => reject(new Error(`varnishd exited (${code}): ${output}`)));
    });
    for (;;) {
      if (varnish.exitCode !== null) throw new Error(`varnishd exited (${varnish.exitCode}): ${output}`);
      try {
        await fetch(`${cache}/robots.txt`);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }, 300_000);

  afterAll(async () => {
    if (varnish && varnish.exitCode === null) {
      const exited = new Promise((resolve) => varnish.once('exit', resolve));
      endGroup(varnish);
      await exited;
    }
    await shop?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('serves a public page from the cache: one request reaches the shop, the next are hits (X-Cache, Age), tags never shown', async () => {
    const url = '/product-11-x.html';
    const first = await fetch(`${cache}${url}`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const body = await first.text();
    const before = reached(`GET ${url}`);
    for (let i = 0; i < 3; i++) {
      const again = await fetch(`${cache}${url}`);
      expect(again.headers.get('x-cache')).toBe('HIT');
      expect(Number(again.headers.get('age'))).toBeGreaterThanOrEqual(0);
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(again.headers.get('x-shop-tags')).toBeNull();
      expect(await again.text()).toBe(body);
    }
    expect(reached(`GET ${url}`)).toBe(before);
    // Another device class is another copy; the same class from another browser shares it.
    expect((await fetch(`${cache}${url}`, { headers: { 'user-agent': PHONE } })).headers.get('x-cache')).toBe('MISS');
    expect((await fetch(`${cache}${url}`, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 15) Mobile Safari' } })).headers.get('x-cache')).toBe('HIT');
    // Cookies that do not change a page do not split the cache.
    expect((await fetch(`${cache}${url}`, { headers: { cookie: '_ga=GA1.1; shop_consent=1' } })).headers.get('x-cache')).toBe('HIT');
  });

  it('a visitor with a basket is never given another\u2019s page or basket; the basket page, the basket and every write are never cached', async () => {
    const ids = (await shop.sql<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND s.stock = -1 AND p.id >= 100 ORDER BY p.id LIMIT 2")).map((row) => row.id);
    const visitors: string[] = [];
    for (const id of ids) {
      const writesBefore = reached('POST /basketchange.php');
      const add = await fetch(`${cache}/basketchange.php?mode=1`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `product=${id}&size=uniw&number=1&getAjax=true` });
      expect(add.status).toBe(200);
      expect(add.headers.get('x-cache')).toBe('MISS');
      expect(reached('POST /basketchange.php')).toBe(writesBefore + 1);
      visitors.push(/shop_visitor=[a-f0-9]{32}/.exec(add.headers.get('set-cookie') ?? '')![0]);
    }
    // Warm the shared copy first, as another visitor would.
    await fetch(`${cache}/main.php`);
    expect((await fetch(`${cache}/main.php`)).headers.get('x-cache')).toBe('HIT');
    for (const [n, cookie] of visitors.entries()) {
      for (const url of ['/main.php', `/product-${ids[0]}-x.html`, '/basketedit.php']) {
        const own = await fetch(`${cache}${url}`, { headers: { cookie } });
        expect(own.headers.get('x-cache')).toBe('MISS');
        expect(own.headers.get('cache-control')).toMatch(/private|no-store/);
        const basket = stateOf(await own.text()).basket.summary;
        expect(basket.productsCounter).toBe(1);
        expect(basket.products.map((line: { id: number }) => line.id)).toEqual([ids[n]]);
      }
      const answer = await fetch(`${cache}/ajax/basket.php`, { headers: { cookie } });
      expect(answer.headers.get('x-cache')).toBe('MISS');
      expect(((await answer.json()) as { basket: { products: Array<{ id: number }> } }).basket.products.map((line) => line.id)).toEqual([ids[n]]);
    }
    // The shared copy still has no basket in it.
    const shared = await fetch(`${cache}/main.php`);
    expect(shared.headers.get('x-cache')).toBe('HIT');
    expect(stateOf(await shared.text()).basket.summary.productsCounter).toBe(0);
    // The basket page for anyone: from the shop every time.
    const before = reached('GET /basketedit.php');
    await fetch(`${cache}/basketedit.php`);
    const second = await fetch(`${cache}/basketedit.php`);
    expect(second.headers.get('x-cache')).toBe('MISS');
    expect(reached('GET /basketedit.php')).toBe(before + 2);
  });

  it('the back office (issue 36) goes through with its session cookie and is never kept, signed in or not', async () => {
    // The owner is made and signed in on the shop's own port (the test hooks are not served through the cache).
    const owner = await signInOwner(shopBase);
    for (const [cookie, shows] of [[owner.cookie, owner.email], [undefined, 'data-sign-in-form="password"']] as const) {
      const before = reached('GET /admin/');
      for (let i = 0; i < 2; i++) {
        const page = await fetch(`${cache}/admin/`, { headers: { ...(cookie ? { cookie } : {}), accept: 'text/html' } });
        expect(page.status).toBe(200);
        expect(page.headers.get('x-cache')).toBe('MISS');
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(await page.text()).toContain(shows);
      }
      expect(reached('GET /admin/')).toBe(before + 2);
    }
  });

  it('a catalogue change bans the pages showing the product: the next answer has the new price', async () => {
    const id = (await shop.one<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND p.id >= 150 ORDER BY p.id LIMIT 1")).id;
    const url = `/product-${id}-x.html`;
    const priceOf = (html: string) => (Object.values(stateOf(html).page.product.sizes) as Array<{ price: { value: number } }>)[0].price.value;
    const first = await (await fetch(`${cache}${url}`)).text();
    expect((await fetch(`${cache}${url}`)).headers.get('x-cache')).toBe('HIT');
    expect((await fetch(`${cache}/contact.php`)).status).toBe(200);
    expect((await fetch(`${cache}/contact.php`)).headers.get('x-cache')).toBe('HIT');
    const price = Math.round(priceOf(first) * 100 + 321) / 100;
    // The change is made on the shop (its write path); the shop tells the cache.
    const changed = await fetch(`${shopBase}/__test/catalogue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, price }) });
    expect(changed.status).toBe(200);
    const after = await fetch(`${cache}${url}`);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(priceOf(await after.text())).toBe(price);
    // Pages not showing it stay cached.
    expect((await fetch(`${cache}/contact.php`)).headers.get('x-cache')).toBe('HIT');
  });

  it('refuses a ban from elsewhere and a malformed one', async () => {
    const bad = await fetch(`${cache}/`, { method: 'BAN', headers: { 'x-shop-ban': 'obj.status ~ .', 'x-shop-purge-secret': PURGE_SECRET } });
    expect(bad.status).toBe(400);
  });

  // Issue 35, point 5.
  it('a ban needs the shared secret as well as the address', async () => {
    const url = '/product-12-x.html';
    await fetch(`${cache}${url}`);
    expect((await fetch(`${cache}${url}`)).headers.get('x-cache')).toBe('HIT');
    for (const secret of [undefined, '', 'wrong-secret-0123456789', `${PURGE_SECRET}x`]) {
      const refused = await fetch(`${cache}/`, { method: 'BAN', headers: { 'x-shop-ban': '.', ...(secret === undefined ? {} : { 'x-shop-purge-secret': secret }) } });
      expect({ secret, status: refused.status }).toEqual({ secret, status: 403 });
    }
    expect((await fetch(`${cache}${url}`)).headers.get('x-cache')).toBe('HIT');
    const banned = await fetch(`${cache}/`, { method: 'BAN', headers: { 'x-shop-ban': '.', 'x-shop-purge-secret': PURGE_SECRET } });
    expect(banned.status).toBe(200);
    expect((await fetch(`${cache}${url}`)).headers.get('x-cache')).toBe('MISS');
  });

  it('never answers /metrics or the test hooks through the cache (the shop answers them on its own port)', async () => {
    expect((await fetch(`${shopBase}/metrics`)).status).toBe(200);
    expect((await fetch(`${cache}/metrics`)).status).toBe(404);
    expect((await fetch(`${cache}/__test/catalogue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
    expect((await fetch(`${cache}/__test/reset`)).status).toBe(404);
  });

  // Issue 35, point 4.
  it('a forged Host or X-Forwarded-Proto never reaches a cached page: the addresses come from a known origin, the scheme is http or https', async () => {
    // The product's own address (another slug is a 301 to it).
    const url = new URL((await fetch(`${shopBase}/product-13-x.html`)).url).pathname;
    const forged = await rawGet(cache, url, { host: 'localhost:6666', 'x-forwarded-proto': 'javascript' });
    expect(forged.status).toBe(200);
    const forgedAddresses = absoluteAddresses(forged.body);
    expect(forgedAddresses.length).toBeGreaterThan(0);
    for (const address of forgedAddresses) expect(address).not.toMatch(/6666|^javascript:/i);
    // Whoever comes next, from the cache or the shop's page cache, gets no trace of it either.
    for (const headers of [{}, { 'x-forwarded-proto': 'javascript' }, { host: 'localhost:6666' }] as Array<Record<string, string>>) {
      const next = await rawGet(cache, url, headers);
      expect(next.status).toBe(200);
      for (const address of absoluteAddresses(next.body)) expect(address).not.toMatch(/6666|^javascript:/i);
    }
    // A TLS proxy on this machine may say https; the page is then drawn for https, kept apart from the http one.
    const secure = await rawGet(cache, url, { 'x-forwarded-proto': 'https' });
    expect(absoluteAddresses(secure.body).some((address) => address.startsWith('https://'))).toBe(true);
    const plain = await rawGet(cache, url, {});
    expect(absoluteAddresses(plain.body).some((address) => address.startsWith('https://'))).toBe(false);
  });
});
