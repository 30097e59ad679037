import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startTestShop, Visitor, type TestShop } from './helpers';

/**
 * Pages drawn on the server: the page's content is in the first answer, the store's state is
 * embedded as data that no value can break out of, the language is the address's (/pl/, /en/).
 */
let app: FastifyInstance;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const stateOf = (html: string) => JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(html)![1]);

describe('server-rendered pages', () => {
  it('a product page holds its name, price, availability and description before any script runs', async () => {
    const response = await app.inject({ method: 'GET', url: '/product-11-pastiglie-freno-anteriori-trw-gdb0652.html' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<h1[^>]*>Pastiglie freno anteriori TRW GDB0652<\/h1>/);
    expect(html).toContain('24,90');
    expect(html).toMatch(/class="availability availability--enable"/);
    expect(html).toContain('Pastiglie freno TRW, asse anteriore.');
    expect(stateOf(html).page.product.product_id).toBe(11);
  });

  it('a listing holds its products as links, and its filters and pages as plain links', async () => {
    const html = (await app.inject({ method: 'GET', url: '/search.php?traits_alt[24]=148728' })).body;
    const products = html.match(/<a [^>]*href="\/product-\d+-[a-z0-9-]+\.html"/g) ?? [];
    expect(products.length).toBeGreaterThan(5);
    expect(html).toMatch(/<a [^>]*href="\/search\.php\?[^"]*traits_alt%5B24%5D=\d+/);
  });

  it('the header search answers without the script: /search.php?text= draws the results', async () => {
    const html = (await app.inject({ method: 'GET', url: '/search.php?text=TRW' })).body;
    expect(html).toMatch(/<h1>Risultati per «TRW»<\/h1>/);
    expect(html).toMatch(/href="\/product-\d+-[a-z0-9-]*trw[a-z0-9-]*\.html"/);
  });

  it('a product name holding </script> or a comment opener cannot break out of the embedded state', async () => {
    const hostile = 'Pads </script><script>window.__pwned=1</script><!-- \u2028 & "quoted"';
    await shop.sql('UPDATE products SET name = ? WHERE id = 11', hostile);
    try {
      const response = await app.inject({ method: 'GET', url: '/product-11-pastiglie-freno-anteriori-trw-gdb0652.html' });
      const html = response.body;
      expect(html).not.toContain('<script>window.__pwned');
      const script = /<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(html)![1];
      expect(script).not.toMatch(/[<>\u2028]/);
      expect(stateOf(html).page.product.name).toBe(hostile);
      // Drawn as text in the page, and escaped in the head.
      expect(html).toContain('Pads &lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    } finally {
      await shop.sql('UPDATE products SET name = ? WHERE id = 11', 'Pastiglie freno anteriori TRW GDB0652');
    }
  });

  it('a hostile product description is cleaned before it is embedded: in the page and in its state', async () => {
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><p class="safe-description">Descrizione sicura</p>';
    await app.inject({ method: 'POST', url: '/__test/product', payload: { id: 11, descriptionBefore: payload } });
    try {
      const html = (await app.inject({ method: 'GET', url: '/product-11-pastiglie-freno-anteriori-trw-gdb0652.html' })).body;
      const description: string = stateOf(html).page.product.longDescription;
      expect(description).toContain('<p class="safe-description">Descrizione sicura</p>');
      expect(description).not.toMatch(/onerror|__pwned/);
      expect(html).not.toMatch(/onerror|__pwned/);
      expect(html).toContain('Descrizione sicura');
    } finally {
      await app.inject({ method: 'DELETE', url: '/__test/product' });
    }
  });

  it('the shop\u2019s top layers and widgets are drawn for the device the user agent names, and their script runs under the policy (its hash on a public page)', async () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    for (const [userAgent, device] of [[phone, 'mobile'], ['Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0', 'pc']] as const) {
      const response = await app.inject({ method: 'GET', url: '/main.php', headers: { 'user-agent': userAgent } });
      const html = response.body;
      const state = stateOf(html);
      expect(state.shopData.device).toBe(device);
      expect(state.shopData.widgets).toEqual([{ id: 'free-shipping-layer', html: `<div class="widget-layer" data-device="${device}">Spedizione gratuita per ordini da 79 \u20ac</div>` }]);
      expect(html).toContain(`<div class="widgets"><div data-snippet="free-shipping-layer"><div class="widget-layer" data-device="${device}">`);
      const widgetScript = 'window.shopWidgets = Object.assign(window.shopWidgets || {}, { loaded: true });';
      expect(html).toContain(`<script>${widgetScript}</script>`);
      expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${createHash('sha256').update(widgetScript).digest('base64')}'`);
    }
  });

  it('the vehicle configurator (home, listings) and the brake page\u2019s finder open with their brands drawn', async () => {
    const brands = (await app.inject({ method: 'POST', url: '/ajax/search.php?ajax=true&getOne=menu_alt[2_1]', headers: { origin: 'http://localhost' }, payload: {} })).json().values as Array<[number, string]>;
    for (const url of ['/main.php', '/search.php?traits_alt[24]=148728']) {
      const state = stateOf((await app.inject({ method: 'GET', url })).body);
      expect(state.vehicle.options.brand).toEqual({ parentId: null, items: brands.map(([id, name]) => ({ id, name })) });
    }
    const initials = (await app.inject({ method: 'GET', url: '/data/include/cms/it/engine_categories_marka.json' })).json() as Array<{ c?: Array<{ n: string }> }>;
    const finder = stateOf((await app.inject({ method: 'GET', url: '/brakes.php' })).body).finder;
    expect([...finder.brands].sort()).toEqual(initials.flatMap((initial) => (initial.c ?? []).map((brand) => brand.n)).sort());
    expect(finder.brands.length).toBeGreaterThan(3);
    // Other pages carry neither.
    const basket = stateOf((await app.inject({ method: 'GET', url: '/basketedit.php' })).body);
    expect(basket.vehicle).toBeUndefined();
    expect(basket.finder).toBeUndefined();
  });

  it('an unknown product is the no-product page: 404, not indexed', async () => {
    const response = await app.inject({ method: 'GET', url: '/product-99999999-nothing.html' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/<meta name="robots" content="noindex/);
    expect(stateOf(response.body).page.location.type).toBe('noProduct');
  });

  it('the language is the address\u2019s: /pl/ draws Polish, <html lang> follows; ?lang= redirects there; a cookie changes nothing', async () => {
    const polish = await app.inject({ method: 'GET', url: '/pl/main.php' });
    expect(polish.body).toMatch(/<html lang="pl"/);
    expect(polish.body).toContain('Koszyk');
    const switched = await app.inject({ method: 'GET', url: '/main.php?lang=pl' });
    expect(switched.statusCode).toBe(301);
    expect(switched.headers.location).toBe('/pl/main.php');
    expect(switched.cookies.find((c) => c.name === 'shop_lang')).toBeUndefined();
    const next = await app.inject({ method: 'GET', url: '/main.php', headers: { cookie: 'shop_lang=pl' } });
    expect(next.body).toMatch(/<html lang="it"/);
    expect(next.body).not.toContain('Koszyk');
  });

  it('the basket the visitor has is drawn in the header', async () => {
    const visitor = new Visitor(app);
    await visitor.request({ method: 'GET', url: '/main.php' });
    expect((await visitor.request({ method: 'POST', url: '/basketchange.php?mode=1', form: { product: '11', size: 'uniw', number: '2' } })).statusCode).toBe(200);
    const html = (await visitor.request({ method: 'GET', url: '/main.php' })).body;
    expect(stateOf(html).basket.summary.productsCounter).toBeGreaterThan(0);
  });

  it('a dismissed banner stays away in the drawn page (the server reads the same cookie)', async () => {
    const shown = (await app.inject({ method: 'GET', url: '/main.php' })).body;
    expect(shown).toContain('data-banner="discount_code"');
    const dismissed = (await app.inject({ method: 'GET', url: '/main.php', headers: { cookie: 'shop_banner_discount_code=1' } })).body;
    expect(dismissed).not.toContain('data-banner="discount_code"');
  });
});
