import { startTestShop, type TestShop } from './helpers';

/**
 * Addresses a shopper or a crawler may follow: every unknown page address is the shop's
 * not-found page (HTML, 404, noindex, a search box and the categories), calls keep their JSON
 * error; a product address with another slug moves for good (301) to the product's own.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });
const PRODUCT_11 = '/product-11-pastiglie-freno-anteriori-trw-gdb0652.html';

describe('the not-found page', () => {
  it.each([
    ['/no/such/page', {}],
    ['/old-shop/catalogue.html', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }],
    ['/cms/nothing', { accept: '*/*' }],
  ])('%s answers the shop’s page with 404: noindex, a search box and the categories', async (url, headers) => {
    const response = await get(url, headers);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*">/);
    expect(html).toMatch(/<h1>Pagina non trovata<\/h1>/);
    const form = /<form [^>]*class="not-found__search"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    expect(form?.[0]).toMatch(/action="\/search\.php"/);
    expect(form?.[0]).toMatch(/role="search"/);
    expect(form?.[1]).toMatch(/<input type="search"[^>]* name="text"/);
    for (const category of [148728, 151538, 154315]) expect(html).toContain(`href="/search.php?traits_alt%5B24%5D=${category}"`);
    expect(html).not.toContain('rel="canonical"');
  });

  it('an unknown product is the same page, saying the product is not found', async () => {
    const response = await get('/product-999999-nothing.html');
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/<h1>Prodotto non trovato<\/h1>/);
    expect(response.body).toMatch(/<form [^>]*class="not-found__search"/);
  });

  it.each([
    ['GET', '/ajax/no-such-call.php', {}],
    ['GET', '/graphql/v2/', {}],
    ['GET', '/data/include/cms/nothing.json', {}],
    ['GET', '/assets/missing.js', {}],
    ['GET', '/no/such/page?json=true', {}],
    ['GET', '/no/such/page', { accept: 'application/json, text/plain, */*' }],
    ['POST', '/no/such/page', { accept: 'text/html' }],
  ] as const)('a call %s %s keeps its JSON error', async (method, url, headers) => {
    const response = await shop.app.inject({ method, url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('canonical product addresses', () => {
  it.each(['/product-11-x.html', '/product-11-.html', '/product-11-pastiglie-freno-anteriori-trw-gdb0000.html'])('%s moves for good (301) to the product’s own address', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(PRODUCT_11);
  });

  it('keeps the query when it moves, and the product’s own address answers the page', async () => {
    const moved = await get('/product-11-old-name.html?utm_source=mail');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${PRODUCT_11}?utm_source=mail`);
    // In another language, to the product's own address in that language.
    const polish = await get('/pl/product-11-old-name.html');
    expect(polish.statusCode).toBe(301);
    expect(polish.headers.location).toBe(`/pl${PRODUCT_11}`);
    const page = await get(PRODUCT_11);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="http://localhost:80${PRODUCT_11}">`);
  });

  it('a page with a picture describes it for link previews: og:image:alt and a Twitter card', async () => {
    const html = (await get(PRODUCT_11)).body;
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/data\/gfx\/products\/11\.jpg">/);
    expect(html).toContain('<meta property="og:image:alt" content="Pastiglie freno anteriori TRW GDB0652">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });
});
