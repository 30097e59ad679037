/**
 * Pictures of the shop's own catalogue (issue 26): the product page, the cards, the basket, the
 * live search and the link preview (Open Graph, JSON-LD) show the first imported picture of a
 * product that has one, and the generated photo otherwise; only http(s) addresses and paths on
 * this origin are taken, and pages allow images from the hosts PICTURE_ORIGINS names. Both backends.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import type { BasketResponse, ListingResponse } from '../../src/api/wire';
import { importCatalogueFile, openCatalogueDb, type OpenedCatalogueDb } from '../../server/db/catalogue/importer';
import { exportCatalogue } from '../../server/db/catalogue/store';
import { pictureOriginsFromEnv } from '../../server/security';
import { BACKEND, productPath, startTestShop, Visitor, type TestShop } from './helpers';

jest.setTimeout(60_000);

const CDN = 'https://img.example.com';
let shop: TestShop;
let catalogue: OpenedCatalogueDb;
type Line = Record<string, unknown> & { kind: string; id?: number };
let lines: Line[];
let pictured: { id: number; name: string };
let plain: { id: number; name: string };

const stateOf = (html: string) => JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(html)![1]);
const writeLines = (name: string, records: Line[]) => {
  const path = join(shop.dir, name);
  writeFileSync(path, records.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return path;
};

beforeAll(async () => {
  shop = await startTestShop(300, { pictureOrigins: [CDN] });
  catalogue = await openCatalogueDb({ databaseUrl: shop.databaseUrl, sqlitePath: join(shop.dir, 'shop.sqlite') });
  const out: string[] = [];
  await exportCatalogue(catalogue.db, (line) => void out.push(line));
  lines = out.map((line) => JSON.parse(line) as Line);
  const buyable = await shop.sql<{ id: number; name: string }>(
    `SELECT p.id, p.name FROM products p JOIN sizes s ON s.product_id = p.id AND s.size_id = 'uniw'
     WHERE p.id >= 100 AND s.status = 'enable' AND s.stock = -1 AND s.price_gross > 0 AND s.basket_enable = 1 AND p.type = 'product_item' AND p.gratis = 0
       AND p.phone_price = 0 AND p.for_points = 0 AND p.unit_sellby = 1 AND COALESCE(p.min_quantity, 1) <= 1 AND COALESCE(p.min_size_quantity, 1) <= 1 ORDER BY p.id LIMIT 2`,
  );
  [pictured, plain] = buyable;
  const record = lines.find((line) => line.kind === 'product' && line.id === pictured.id)!;
  record.pictures = [`${CDN}/pads/${pictured.id}.jpg?v=2&w=1`, `/data/gfx/products/${pictured.id}.svg`];
  const result = await importCatalogueFile(catalogue.db, writeLines('pictures.jsonl', lines));
  expect(result.ok).toBe(true);
});
afterAll(async () => {
  await catalogue.close();
  await shop.close();
});

describe(`imported pictures (${BACKEND})`, () => {
  const picture = () => `${CDN}/pads/${pictured.id}.jpg?v=2&w=1`;

  it('the product page shows the first imported picture (escaped), as does its link preview; the CSP allows its host', async () => {
    const page = await shop.app.inject({ url: await productPath(shop.app, pictured.id) });
    expect(page.statusCode).toBe(200);
    expect(stateOf(page.body).page.product.icon).toBe(picture());
    const escaped = picture().replace(/&/g, '&amp;');
    expect(/<img class="product__image" src="([^"]*)"/.exec(page.body)?.[1]).toBe(escaped);
    expect(/<meta property="og:image" content="([^"]*)">/.exec(page.body)?.[1]).toBe(escaped);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]) as { image: string[] };
    expect(jsonLd.image).toEqual([picture()]);
    expect(String(page.headers['content-security-policy'])).toContain(`img-src 'self' data: ${CDN};`);
  });

  it('a product without pictures keeps its generated photo', async () => {
    const page = await shop.app.inject({ url: await productPath(shop.app, plain.id) });
    expect(stateOf(page.body).page.product.icon).toBe(`/data/gfx/products/${plain.id}.jpg`);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.body)![1];
    expect(/<meta property="og:image" content="([^"]*)">/.exec(page.body)?.[1]).toBe(`${canonical.slice(0, canonical.indexOf('/product-'))}/data/gfx/products/${plain.id}.jpg`);
  });

  it('cards, the live search and the basket show it too', async () => {
    const listing = (await shop.app.inject({ url: `/search.php?json=true&text=${encodeURIComponent(pictured.name)}` })).json() as ListingResponse;
    expect(listing.products.find((product) => product.id === pictured.id)?.icon).toBe(picture());
    const search = await shop.app.inject({
      method: 'POST',
      url: '/graphql/v1/',
      payload: { query: `{ productsTextSearch(searchInput: { text: ${JSON.stringify(pictured.name)}, limit: 5 }) { products { name iconSmall } } }` },
    });
    const found = (search.json() as { data: { productsTextSearch: { products: Array<{ name: string; iconSmall: string }> } } }).data.productsTextSearch.products;
    expect(found.find((product) => product.name === pictured.name)?.iconSmall).toBe(picture());
    const visitor = new Visitor(shop.app);
    for (const id of [pictured.id, plain.id]) expect((await visitor.post('/basketchange.php?mode=1', { product: String(id), size: 'uniw', number: '1', getAjax: 'true' })).statusCode).toBe(200);
    const { basket } = (await visitor.get('/ajax/basket.php?getAjax=true')).json() as BasketResponse;
    expect(Object.fromEntries(basket.products.map((line) => [line.id, line.icon]))).toEqual({ [pictured.id]: picture(), [plain.id]: `/data/gfx/products/${plain.id}.jpg` });
  });

  it('an import refuses addresses that are not http(s) or a path on this origin, naming the line', async () => {
    const bad = lines.map((line) => ({ ...line }));
    const index = bad.findIndex((line) => line.kind === 'product' && line.id === plain.id);
    bad[index].pictures = ['//evil.example/x.jpg', 'javascript:alert(1)', '/ok.jpg" onerror="x'];
    const result = await importCatalogueFile(catalogue.db, writeLines('bad-pictures.jsonl', bad));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([{ line: index + 1, field: 'pictures[0]', reason: 'must be an http(s) address or a path from / (at most 500 characters)' }]);
  });

  it('an unsafe address stored some other way is not shown: the generated photo instead', async () => {
    await shop.sql('INSERT INTO product_pictures (product_id, position, url) VALUES (?, 0, ?)', plain.id, '//evil.example/x.jpg');
    try {
      const page = await shop.app.inject({ url: await productPath(shop.app, plain.id) });
      expect(stateOf(page.body).page.product.icon).toBe(`/data/gfx/products/${plain.id}.jpg`);
      expect(page.body.includes('evil.example')).toBe(false);
    } finally {
      await shop.sql('DELETE FROM product_pictures WHERE product_id = ?', plain.id);
    }
  });

  it('the import command names the picture hosts PICTURE_ORIGINS does not allow', () => {
    const path = writeLines('cli-pictures.jsonl', lines);
    const run = (origins?: string) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DB_PATH: join(shop.dir, 'shop.sqlite') };
      if (shop.databaseUrl) env.DATABASE_URL = shop.databaseUrl;
      delete env.NODE_OPTIONS;
      delete env.PICTURE_ORIGINS;
      if (origins) env.PICTURE_ORIGINS = origins;
      return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalogue.ts', 'import', path], { cwd: join(__dirname, '..', '..'), env, encoding: 'utf8' });
    };
    const refused = run();
    expect(refused.status).toBe(0);
    expect(refused.stderr).toContain(`Pictures on ${CDN} are not in PICTURE_ORIGINS: browsers will refuse them`);
    const allowed = run(CDN);
    expect(allowed.status).toBe(0);
    expect(allowed.stderr).toContain('Imported ');
    expect(allowed.stderr).not.toContain('are not in PICTURE_ORIGINS');
  });

  it('PICTURE_ORIGINS takes origins only', () => {
    expect(pictureOriginsFromEnv('https://img.example.com, http://127.0.0.1:9000/')).toEqual(['https://img.example.com', 'http://127.0.0.1:9000']);
    expect(pictureOriginsFromEnv(undefined)).toEqual([]);
    for (const bad of ['img.example.com', 'https://img.example.com/pads', "https://x.example 'unsafe-inline'", 'data:']) expect(() => pictureOriginsFromEnv(bad)).toThrow(/PICTURE_ORIGINS/);
  });
});
