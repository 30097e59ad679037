import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startTestShop, type TestShop } from './helpers';
import { IMAGE_WIDTHS } from '../../src/domain/responsiveImage';

/**
 * Product photos: raster pictures drawn at the width asked (from a fixed set) in the best format
 * the browser accepts, kept on disk, cached by browsers and shared caches for a year.
 */
jest.setTimeout(60_000); // photos are drawn with sharp, on a shared machine

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const AVIF_BROWSER = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const photo = (url: string, accept = AVIF_BROWSER) => shop.app.inject({ method: 'GET', url, headers: { accept } });

describe('product photos', () => {
  it('the listing, product and basket data name each product’s photo as a JPEG address', async () => {
    const product = (await shop.app.inject({ method: 'GET', url: '/ajax/projector.php?action=get&product=11&get=product' })).json();
    expect(JSON.stringify(product)).toContain('/data/gfx/products/11.jpg');
  });

  it.each([
    [AVIF_BROWSER, 'image/avif', 'heif'],
    ['image/webp,*/*', 'image/webp', 'webp'],
    ['*/*', 'image/jpeg', 'jpeg'],
    ['image/avif;q=0,image/webp,*/*', 'image/webp', 'webp'],
  ])('Accept %s: answered as %s at the width asked, cacheable for a year, varying by Accept', async (accept, type, format) => {
    const response = await photo('/data/gfx/products/11.jpg?w=420', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept/i);
    expect(response.headers['set-cookie']).toBeUndefined();
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe(format);
    expect([meta.width, meta.height]).toEqual([420, 420]);
  });

  it('draws every width of the set, and the whole 1200 px photo without one; the small ones weigh a fraction of it', async () => {
    const sizes: Record<number, number> = {};
    for (const width of [160, 640, 1200]) {
      const response = await photo(`/data/gfx/products/11.jpg?w=${width}`, 'image/webp');
      expect((await sharp(response.rawPayload).metadata()).width).toBe(width);
      sizes[width] = response.rawPayload.length;
    }
    const whole = await photo('/data/gfx/products/11.jpg', '*/*');
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(whole.rawPayload).metadata()).width).toBe(1200);
    expect(sizes[160]).toBeLessThan(sizes[640]);
    expect(sizes[640] * 4).toBeLessThan(whole.rawPayload.length);
    expect(IMAGE_WIDTHS).toContain(420);
  });

  it('keeps each drawn size on disk and answers it from there', async () => {
    await photo('/data/gfx/products/11.jpg?w=96', 'image/webp');
    const files = readdirSync(join(shop.dir, 'photos'));
    const file = files.find((name) => /-96\.webp$/.test(name));
    expect(file).toBeDefined();
    // The kept file is what is answered (nothing is drawn again).
    writeFileSync(join(shop.dir, 'photos', file!), 'kept');
    expect((await photo('/data/gfx/products/11.jpg?w=96', 'image/webp')).body).toBe('kept');
  });

  it.each(['w=500', 'w=0', 'w=-1', 'w=abc', 'w=99999', 'w=420&w=640', 'w='])('refuses a width outside the set (%s) with a 400 JSON error', async (query) => {
    const response = await photo(`/data/gfx/products/11.jpg?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.stringContaining('w') } });
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await photo('/data/gfx/products/999999.jpg?w=420');
    expect(response.statusCode).toBe(404);
  });
});

describe('product images in the pages', () => {
  const page = async (url: string) => (await shop.app.inject({ method: 'GET', url })).body;
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('the product page preloads its photo first in the head, at high priority, with the sources its <img> picks from', async () => {
    const html = await page('/product-11-pastiglie-freno-anteriori-trw-gdb0652.html');
    const preload = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(head(html));
    expect(preload).not.toBeNull();
    expect(preload![1]).toBe('/data/gfx/products/11.jpg?w=420');
    expect(preload![2]).toContain('/data/gfx/products/11.jpg?w=640 640w');
    // Nothing ahead of it that the browser would fetch: no style or script before it.
    expect(head(html).slice(0, preload!.index)).not.toMatch(/<script|<link/);
    const image = /<img class="product__image"[^>]*>/.exec(html)![0];
    expect(image).toContain('src="/data/gfx/products/11.jpg?w=420"');
    expect(image).toContain(`srcSet="${preload![2]}"`);
    expect(image).toContain(`sizes="${preload![3]}"`);
    expect(image).toContain('fetchPriority="high"');
    expect(image).not.toContain('loading="lazy"');
    expect(image).toMatch(/data-src_mobile="\/data\/gfx\/products\/11\.jpg\?w=420" data-src_tablet="[^"]+w=640" data-src_desktop="[^"]+w=640"/);
  });

  it('a listing preloads its first card’s photo; every card has a source, those below the first row load lazily', async () => {
    const html = await page('/search.php?traits_alt%5B24%5D=148728');
    const cards = html.match(/<img class="product-card__image"[^>]*>/g)!;
    expect(cards.length).toBeGreaterThan(4);
    for (const card of cards) {
      expect(card).toMatch(/ src="\/data\/gfx\/products\/\d+\.jpg\?w=420"/);
      expect(card).toMatch(/ srcSet="[^"]*w=160 160w[^"]*"/);
      expect(card).toMatch(/ sizes="[^"]+"/);
      expect(card).toMatch(/ data-src_mobile="[^"]+w=420" data-src_tablet="[^"]+" data-src_desktop="[^"]+"/);
    }
    expect(cards[0]).toContain('fetchPriority="high"');
    expect(cards.slice(0, 2).every((card) => !card.includes('loading="lazy"'))).toBe(true);
    expect(cards.slice(2).every((card) => card.includes('loading="lazy"'))).toBe(true);
    const first = / src="([^"]+)"/.exec(cards[0])![1];
    expect(head(html)).toContain(`<link rel="preload" as="image" href="${first}"`);
  });

  it('a page whose largest element is text preloads no picture', async () => {
    expect(head(await page('/main.php'))).not.toContain('rel="preload" as="image"');
  });
});
