/**
 * A shop's own catalogue: `npm run catalogue:import -- FILE` / `catalogue:export` (format:
 * docs/catalogue-format.md), on this project's backend (SQLite, and PostgreSQL in the
 * server-postgres project). The shop under test keeps serving while the import writes through
 * its own connection, as the command does.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BasketResponse } from '../../src/api/wire';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { importCatalogueFile, openCatalogueDb, type OpenedCatalogueDb } from '../../server/db/catalogue/importer';
import { exportCatalogue } from '../../server/db/catalogue/store';
import { BACKEND, startTestShop, Visitor, type TestShop, productPath } from './helpers';

jest.setTimeout(60_000);
const ROOT = join(__dirname, '..', '..');
const SAMPLE = join(ROOT, 'catalogue', 'sample.jsonl');

let shop: TestShop;
let catalogue: OpenedCatalogueDb;
beforeAll(async () => {
  shop = await startTestShop();
  catalogue = await openCatalogueDb({ databaseUrl: shop.databaseUrl, sqlitePath: join(shop.dir, 'shop.sqlite') });
});
afterAll(async () => {
  await catalogue.close();
  await shop.close();
});

type Line = Record<string, unknown> & { kind: string };
const readLines = (path: string): Line[] => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Line);
const writeLines = (name: string, lines: Line[]) => {
  const path = join(shop.dir, name);
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return path;
};
async function exportNow(): Promise<Line[]> {
  const lines: string[] = [];
  await exportCatalogue(catalogue.db, (line) => void lines.push(line));
  return lines.map((line) => JSON.parse(line) as Line);
}
const count = async (table: string) => Number((await shop.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)).n);
const fingerprint = async () => ({
  products: await count('products'),
  sizes: await shop.sql('SELECT product_id, size_id, price_gross, stock FROM sizes ORDER BY product_id, size_id LIMIT 50'),
  fitments: await count('fitments'),
  params: await count('product_params'),
});
const sampleProducts = () => readLines(SAMPLE).filter((line) => line.kind === 'product');
const productLine = (lines: Line[], id: number) => lines.find((line) => line.kind === 'product' && line.id === id)!;
const sizesOf = (line: Line) => line.sizes as Array<Record<string, unknown>>;

describe(`catalogue import (${BACKEND})`, () => {
  it('refuses a file with bad rows whole, naming each line, field and reason; nothing changes', async () => {
    const before = await fingerprint();
    const lines = readLines(SAMPLE);
    const products = lines.map((line, index) => [line, index + 1] as const).filter(([line]) => line.kind === 'product');
    const [first, firstLine] = products[0];
    const [second, secondLine] = products[1];
    const [third, thirdLine] = products[2];
    sizesOf(first)[0].price_gross = -5;
    second.category_id = 999_999;
    third.fitments = [123_456_789];
    const path = writeLines('bad.jsonl', [...lines, { kind: 'product', id: 'x' } as unknown as Line]);
    writeFileSync(path, readFileSync(path, 'utf8') + '{ not json\n');
    const result = await importCatalogueFile(catalogue.db, path);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { line: firstLine, field: 'sizes[0].price_gross', reason: 'must be at least 0' },
      { line: secondLine, field: 'category_id', reason: 'names category 999999, not defined above' },
      { line: thirdLine, field: 'fitments[0].engine_id', reason: 'names engine 123456789, not defined above' },
      { line: lines.length + 1, field: 'id', reason: 'must be a whole number from 1' },
      { line: lines.length + 2, field: 'record', reason: expect.stringMatching(/^is not JSON/) },
    ]);
    expect(await fingerprint()).toEqual(before);
  });

  it('the command line says which rows are bad (plain lines when not on a terminal) and exits 1', () => {
    const lines = readLines(SAMPLE);
    const index = lines.findIndex((line) => line.kind === 'product');
    sizesOf(lines[index])[0].price_net = 1_000_000;
    const path = writeLines('bad-net.jsonl', lines);
    const env: NodeJS.ProcessEnv = { ...process.env, DB_PATH: join(shop.dir, 'shop.sqlite') };
    if (shop.databaseUrl) env.DATABASE_URL = shop.databaseUrl;
    delete env.NODE_OPTIONS;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalogue.ts', 'import', path], { cwd: ROOT, env, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Checking: 100%');
    expect(run.stderr).toContain('The catalogue was NOT changed: 1 error(s)');
    expect(run.stderr).toContain(`line ${index + 1}, sizes[0].price_net: must not be above price_gross`);
  });

  it('imports the sample catalogue: its products are the shop, the others are gone, baskets keep their lines', async () => {
    // A visitor's basket holds a product the sample does not have.
    const sampleIds = new Set(sampleProducts().map((line) => line.id));
    const gone = (await shop.one<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND s.stock = -1 AND p.id >= 100 ORDER BY p.id DESC LIMIT 1")).id;
    expect(sampleIds.has(gone)).toBe(false);
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/basketchange.php?mode=1', { product: String(gone), size: 'uniw', number: '1', getAjax: 'true' })).statusCode).toBe(200);
    const kept = SPECIAL_PRODUCTS.rebateTiers;
    expect((await visitor.post('/basketchange.php?mode=1', { product: String(kept), size: 'uniw', number: '2', getAjax: 'true' })).statusCode).toBe(200);

    const result = await importCatalogueFile(catalogue.db, SAMPLE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.summary.products).toMatchObject({ total: sampleIds.size, removed: 300 - sampleIds.size + result.summary.products.added });
    expect(result.summary.basketLinesWithdrawn).toBe(1);
    expect(await count('products')).toBe(sampleIds.size);
    expect((await shop.app.inject({ url: await productPath(shop.app, kept) })).statusCode).toBe(200);
    expect((await shop.app.inject({ url: `/product-${gone}-x.html` })).statusCode).toBe(404);

    const basket = (await visitor.get('/ajax/basket.php?getAjax=true')).json() as BasketResponse;
    expect(basket.basket.products.map((line) => Number(line.id))).toEqual([kept]);
    const withdrawn = await shop.sql<{ product_id: number; count: number; product_name: string }>('SELECT product_id, count, product_name FROM basket_lines_withdrawn');
    expect(withdrawn).toEqual([{ product_id: gone, count: 1, product_name: expect.stringMatching(/\w/) }]);
  });

  it('a re-import that changes a price is seen on the product page; a confirmed notice of a size back in stock is answered, an unconfirmed one not', async () => {
    const visitor = new Visitor(shop.app);
    const unavailable = SPECIAL_PRODUCTS.unavailable;
    expect((await visitor.post('/ajax/notify.php', { product: String(unavailable), size: 'uniw', email: 'unconfirmed@example.it' })).statusCode).toBe(200);
    const asked = await shop.repository.requestAvailabilityNotice('visitor-back', { productId: unavailable, sizeId: 'uniw', email: 'back@example.it' });
    expect(asked && asked.token && (await shop.repository.confirmAvailabilityNotice(asked.token))).toBe(true);
    const lines = await exportNow();
    sizesOf(productLine(lines, SPECIAL_PRODUCTS.rebateTiers))[0].price_gross = 1234.56;
    sizesOf(productLine(lines, SPECIAL_PRODUCTS.rebateTiers))[0].price_net = 1011.93;
    Object.assign(sizesOf(productLine(lines, unavailable))[0], { stock: 5, status: 'enable' });
    const result = await importCatalogueFile(catalogue.db, writeLines('price.jsonl', lines));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.summary.products).toMatchObject({ added: 0, removed: 0 });
    expect(result.summary.restocked).toEqual([expect.objectContaining({ email: 'back@example.it', productId: unavailable, sizeId: 'uniw' })]);
    const page = await shop.app.inject({ url: await productPath(shop.app, SPECIAL_PRODUCTS.rebateTiers) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/1\.234,56/);
  });

  it('a product brought back puts the withdrawn basket line back', async () => {
    const [{ product_id: gone, visitor_id: visitorId }] = await shop.sql<{ product_id: number; visitor_id: string }>('SELECT product_id, visitor_id FROM basket_lines_withdrawn');
    const lines = await exportNow();
    const template = productLine(lines, SPECIAL_PRODUCTS.rebateTiers);
    lines.push({ ...template, id: gone, slug: 'back-again', name: 'Pastiglie di nuovo in vendita', sizes: [{ size_id: 'uniw', name: 'Taglia unica', stock: -1, status: 'enable', price_gross: 20, price_net: 16.39 }] });
    const result = await importCatalogueFile(catalogue.db, writeLines('back.jsonl', lines));
    expect(result.ok && result.summary.basketLinesRestored).toBe(1);
    expect(await shop.sql('SELECT product_id FROM basket_lines WHERE visitor_id = ? ORDER BY product_id', visitorId)).toEqual(
      [{ product_id: Math.min(gone, SPECIAL_PRODUCTS.rebateTiers) }, { product_id: Math.max(gone, SPECIAL_PRODUCTS.rebateTiers) }],
    );
    expect(await count('basket_lines_withdrawn')).toBe(0);
  });

  it('the shopper sees withdrawn lines (named as they were, in no total) until dismissed; one dismissed does not come back, the other does', async () => {
    const visitor = new Visitor(shop.app);
    const addable = await shop.sql<{ id: number; name: string }>(
      `SELECT p.id, p.name FROM products p JOIN sizes s ON s.product_id = p.id AND s.size_id = 'uniw'
       WHERE p.id >= 100 AND s.status = 'enable' AND s.stock = -1 AND s.price_gross > 0 AND s.basket_enable = 1 AND p.type = 'product_item' AND p.gratis = 0 AND p.phone_price = 0
         AND p.for_points = 0 AND p.unit_sellby = 1 AND COALESCE(p.min_quantity, 1) <= 1 AND COALESCE(p.min_size_quantity, 1) <= 1
         AND COALESCE(p.max_quantity, 10) >= 3 AND COALESCE(p.max_size_quantity, 10) >= 3 ORDER BY p.id LIMIT 3`,
    );
    expect(addable).toHaveLength(3);
    const [kept, dismissed, restored] = addable;
    for (const [product, number] of [[kept, '1'], [dismissed, '3'], [restored, '2']] as const) {
      expect((await visitor.post('/basketchange.php?mode=1', { product: String(product.id), size: 'uniw', number, getAjax: 'true' })).statusCode).toBe(200);
    }
    const original = await exportNow();
    const without = original.filter((line) => !(line.kind === 'product' && (line.id === dismissed.id || line.id === restored.id)));
    const result = await importCatalogueFile(catalogue.db, writeLines('withdraw.jsonl', without));
    expect(result.ok && result.summary.basketLinesWithdrawn).toBe(2);

    const { basket } = (await visitor.get('/ajax/basket.php?getAjax=true')).json() as BasketResponse;
    expect(basket.products.map((line) => line.id)).toEqual([kept.id]);
    expect(basket.productsCounter).toBe(1);
    // The totals are the kept line's alone.
    expect(basket.worth_formatted).toBe(basket.products[0].prices.worth_gros_formatted);
    expect(basket.withdrawn).toEqual([
      { id: dismissed.id, size: 'uniw', md5_additional: '', name: dismissed.name, size_name: expect.any(String), count: 3, withdrawn_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      { id: restored.id, size: 'uniw', md5_additional: '', name: restored.name, size_name: expect.any(String), count: 2, withdrawn_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ].sort((a, b) => a.id - b.id));
    // The basket page is drawn with them (their names, marked).
    const page = await visitor.get('/basketedit.php');
    expect(page.body).toContain('Non più disponibili');
    expect(JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(page.body)![1]).basket.summary.withdrawn).toHaveLength(2);
    // Someone else's basket does not show them.
    expect(((await new Visitor(shop.app).get('/ajax/basket.php?getAjax=true')).json() as BasketResponse).basket.withdrawn).toBeUndefined();

    // Dismissing the note removes that line for good.
    const dismiss = await visitor.request({
      method: 'POST',
      url: '/graphql/v1/',
      json: { query: `mutation { removeProductsFromBasket(ProductInput: [{ id: ${dismissed.id}, size: "uniw", additional: "" }]) { status } }` },
    });
    expect(dismiss.json()).toEqual({ data: { removeProductsFromBasket: { status: 'success' } } });
    const after = ((await visitor.get('/ajax/basket.php?getAjax=true')).json() as BasketResponse).basket;
    expect(after.withdrawn?.map((line) => line.id)).toEqual([restored.id]);

    // The catalogue brings both back: the line not dismissed is in the basket again, the other is not.
    const back = await importCatalogueFile(catalogue.db, writeLines('bring-back.jsonl', original));
    expect(back.ok && back.summary.basketLinesRestored).toBe(1);
    const final = ((await visitor.get('/ajax/basket.php?getAjax=true')).json() as BasketResponse).basket;
    expect(final.products.map((line) => [line.id, line.count])).toEqual([
      [kept.id, 1],
      [restored.id, 2],
    ]);
    expect(final.withdrawn).toBeUndefined();
  });

  it('also reads one JSON array of the same records, numbering errors by record', async () => {
    const lines = await exportNow();
    const path = join(shop.dir, 'array.json');
    writeFileSync(path, JSON.stringify(lines, null, 2));
    const good = await importCatalogueFile(catalogue.db, path);
    expect(good.ok).toBe(true);
    const index = lines.findIndex((line) => line.kind === 'product');
    sizesOf(lines[index])[0].status = 'sometimes';
    writeFileSync(path, JSON.stringify(lines));
    const bad = await importCatalogueFile(catalogue.db, path);
    expect(bad).toMatchObject({ ok: false, numbering: 'record', errors: [{ line: index + 1, field: 'sizes[0].status', reason: 'must be one of enable, order, disable' }] });
  });

  it('a server caching pages drops them after an import (the catalogue change log), and only then', async () => {
    // A second server on the same database with its page cache on, as in production.
    const cached = await startTestShop(300, { pageCacheBytes: 4 * 1024 * 1024 });
    const db = await openCatalogueDb({ databaseUrl: cached.databaseUrl, sqlitePath: join(cached.dir, 'shop.sqlite') });
    try {
      const id = SPECIAL_PRODUCTS.rebateTiers;
      const url = await productPath(cached.app, id);
      const priceOn = (html: string) => (Object.values(JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(html)![1]).page.product.sizes) as Array<{ price: { value: number } }>)[0].price.value;
      const before = await cached.app.inject({ url });
      const again = await cached.app.inject({ url });
      expect(again.headers['x-page-cache']).toBe('hit');
      // The server hears the change log (its PostgreSQL LISTEN connection is up): a write through it drops the page.
      await cached.repository.catalogueReplaced();
      let heard = false;
      for (let tries = 0; tries < 200 && !heard; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        heard = (await cached.app.inject({ url })).headers['x-page-cache'] === 'miss';
      }
      expect(heard).toBe(true);
      // Changed under the server's feet by SQL (no change log row): the cache keeps the old page.
      await cached.sql('UPDATE sizes SET price_gross = price_gross + 1 WHERE product_id = ?', id);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(priceOn((await cached.app.inject({ url })).body)).toBe(priceOn(before.body));

      const lines: string[] = [];
      await exportCatalogue(db.db, (line) => void lines.push(line));
      const records = lines.map((line) => JSON.parse(line) as Line);
      Object.assign(sizesOf(productLine(records, id))[0], { price_gross: 987.65, price_net: 809.55 });
      const result = await importCatalogueFile(db.db, writeLines('cached.jsonl', records));
      expect(result.ok).toBe(true);
      // PostgreSQL: NOTIFY at commit; SQLite: the change log, read every 500 ms.
      let page = await cached.app.inject({ url });
      for (let tries = 0; tries < 100 && priceOn(page.body) !== 987.65; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        page = await cached.app.inject({ url });
      }
      expect(priceOn(page.body)).toBe(987.65);
      expect(page.headers.etag).not.toBe(before.headers.etag);
      expect(await cached.sql('SELECT product_id FROM catalogue_changes ORDER BY id DESC LIMIT 1')).toEqual([{ product_id: null }]);
    } finally {
      await db.close();
      await cached.close();
    }
  });

  it('a running server names a producer and a category the import brought (read again after the import)', async () => {
    const lines = await exportNow();
    const id = SPECIAL_PRODUCTS.rebateTiers;
    const firstProduct = lines.findIndex((line) => line.kind === 'product');
    lines.splice(firstProduct, 0, { kind: 'producer', id: 990, name: 'Freni Nuovi Srl' }, { kind: 'category', id: 990_001, name: 'Ganasce freno' });
    Object.assign(productLine(lines, id), { producer_id: 990, category_id: 990_001 });
    const result = await importCatalogueFile(catalogue.db, writeLines('new-names.jsonl', lines));
    expect(result.ok).toBe(true);
    const url = await productPath(shop.app, id);
    const named = async () => JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec((await shop.app.inject({ url })).body)![1]).page.product as { producer: { name: string }; category: { name: string } };
    // PostgreSQL: NOTIFY at commit; SQLite: the change log, read every 500 ms.
    let product = await named();
    for (let tries = 0; tries < 100 && product.producer.name !== 'Freni Nuovi Srl'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      product = await named();
    }
    expect(product.producer.name).toBe('Freni Nuovi Srl');
    expect(product.category.name).toBe('Ganasce freno');
    const listing = (await shop.app.inject({ url: '/search.php?json=true&producer=990' })).json() as { producers: Array<[number, string, number]> };
    expect(listing.producers).toContainEqual([990, 'Freni Nuovi Srl', 1]);
  });

  it('a refused file records no catalogue change (servers keep their pages)', async () => {
    const before = await count('catalogue_changes');
    const lines = readLines(SAMPLE);
    sizesOf(lines.find((line) => line.kind === 'product')!)[0].price_gross = -1;
    expect((await importCatalogueFile(catalogue.db, writeLines('refused.jsonl', lines))).ok).toBe(false);
    expect(await count('catalogue_changes')).toBe(before);
  });

  it('export then import is a round trip', async () => {
    const first = await exportNow();
    const path = writeLines('round.jsonl', first);
    const result = await importCatalogueFile(catalogue.db, path);
    expect(result.ok).toBe(true);
    const second = await exportNow();
    expect(second.slice(1)).toEqual(first.slice(1));
    expect(first[0]).toMatchObject({ kind: 'catalogue', format: 1 });
    expect(first.filter((line) => line.kind === 'product')).toHaveLength(await count('products'));
  });

  it('carries names and descriptions per language (issue 34): the Polish page shows them, the export keeps them, the Italian is the fallback', async () => {
    const lines = readLines(SAMPLE);
    const product = lines.find((line) => line.kind === 'product' && line.category_id === 148728 && (line.sizes as unknown[]).length === 1)!;
    const productId = product.id as number;
    const size = sizesOf(product)[0];
    const axis = lines.find((line) => line.kind === 'trait' && line.id === product.axis_id)!;
    const category = lines.find((line) => line.kind === 'category' && line.id === 148728)!;
    category.names = { pl: 'Klocki (import)', en: 'Pads (import)' };
    axis.names = { pl: 'Oś (import)' };
    axis.param_names = { pl: 'Oś pojazdu' };
    product.names = { pl: 'Klocki z importu' };
    product.short_descriptions = { en: 'Pads from the import.' };
    size.names = { pl: 'Jeden rozmiar' };
    // A language the shop does not speak is refused, naming the field; nothing changes.
    const bad = structuredClone(lines);
    productLine(bad, productId).names = { de: 'Bremsbeläge' };
    const refused = await importCatalogueFile(catalogue.db, writeLines('names-bad.jsonl', bad));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors).toContainEqual(expect.objectContaining({ field: 'names.de' }));

    const result = await importCatalogueFile(catalogue.db, writeLines('names.jsonl', lines));
    expect(result.ok).toBe(true);
    const path = await productPath(shop.app, productId);
    const polish = (await shop.app.inject({ url: `/pl${path}`, headers: { accept: 'text/html' } })).body;
    for (const text of ['Klocki z importu', 'Klocki (import)', 'Oś (import)', 'Oś pojazdu']) expect(polish).toContain(text);
    // No English name: the Italian one; the English description.
    const english = (await shop.app.inject({ url: `/en${path}`, headers: { accept: 'text/html' } })).body;
    expect(english).toContain(`>${product.name as string}</h1>`);
    expect(english).toContain('Pads from the import.');
    const sizes = (await shop.app.inject({ url: `/ajax/projector.php?action=get&product=${productId}&get=sizes&lang=pl` })).json();
    expect(sizes.sizes.items[size.size_id as string].name).toBe('Jeden rozmiar');

    const exported = await exportNow();
    expect(productLine(exported, productId)).toMatchObject({ names: { pl: 'Klocki z importu' }, short_descriptions: { en: 'Pads from the import.' } });
    expect(sizesOf(productLine(exported, productId))[0].names).toEqual({ pl: 'Jeden rozmiar' });
    expect(exported.find((line) => line.kind === 'category' && line.id === 148728)!.names).toEqual({ pl: 'Klocki (import)', en: 'Pads (import)' });
    expect(exported.find((line) => line.kind === 'trait' && line.id === axis.id)).toMatchObject({ names: { pl: 'Oś (import)' }, param_names: { pl: 'Oś pojazdu' } });
    // Round trip with the names.
    expect((await importCatalogueFile(catalogue.db, writeLines('names-round.jsonl', exported))).ok).toBe(true);
    expect((await exportNow()).slice(1)).toEqual(exported.slice(1));
  });

  it('carries universal products and vehicle keys (issue 37): stored, answered, exported and imported again alike; a bad or repeated key is refused', async () => {
    const lines = readLines(SAMPLE);
    const vehicles = lines.filter((line) => line.kind === 'vehicle');
    vehicles[0].kba = ['0603/AJX', '0603/1BC'];
    vehicles[0].ktype = [12345];
    vehicles[1].ktype = [7];
    const product = lines.find((line) => line.kind === 'product' && (line.fitments as unknown[] | undefined)?.length)!;
    product.universal = 1;
    // Malformed, and a key naming two engines: refused whole, naming the line and field.
    for (const [field, bad] of [
      ['kba[0]', (copy: Line[]) => void (copy.filter((line) => line.kind === 'vehicle')[1].kba = ['06/AJX'])],
      ['ktype[0]', (copy: Line[]) => void (copy.filter((line) => line.kind === 'vehicle')[1].ktype = ['12345'])],
      ['kba[0]', (copy: Line[]) => void (copy.filter((line) => line.kind === 'vehicle')[1].kba = ['0603 ajx'])],
      ['universal', (copy: Line[]) => void (productLine(copy, product.id as number).universal = 2)],
    ] as const) {
      const copy = structuredClone(lines);
      bad(copy);
      const refused = await importCatalogueFile(catalogue.db, writeLines('keys-bad.jsonl', copy));
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.errors).toContainEqual(expect.objectContaining({ field }));
    }
    const result = await importCatalogueFile(catalogue.db, writeLines('keys.jsonl', lines));
    expect(result.ok).toBe(true);
    expect(await shop.sql('SELECT kind, key, engine_id FROM engine_keys ORDER BY kind, key')).toEqual([
      { kind: 'kba', key: '0603/1BC', engine_id: vehicles[0].engine_id },
      { kind: 'kba', key: '0603/AJX', engine_id: vehicles[0].engine_id },
      { kind: 'ktype', key: '12345', engine_id: vehicles[0].engine_id },
      { kind: 'ktype', key: '7', engine_id: vehicles[1].engine_id },
    ]);
    const found = await shop.app.inject({ url: '/ajax/vehicle-key.php?key=0603%20ajx' });
    expect(found.json()).toMatchObject({ kind: 'kba', key: '0603/AJX', vehicle: { engine: { id: vehicles[0].engine_id, name: vehicles[0].engine } } });
    const engine = (product.fitments as Array<number | { engine_id: number }>).map((f) => (typeof f === 'number' ? f : f.engine_id))[0];
    const answer = await shop.app.inject({ url: `/ajax/fitment.php?engines=${engine}&products=${String(product.id)}` });
    expect(answer.json().answers).toEqual([{ engineId: engine, productId: product.id, status: 'universal' }]);

    const exported = await exportNow();
    expect(exported.filter((line) => line.kind === 'vehicle')[0]).toMatchObject({ kba: ['0603/1BC', '0603/AJX'], ktype: [12345] });
    expect(exported.filter((line) => line.kind === 'vehicle')[1]).toMatchObject({ ktype: [7] });
    expect(exported.filter((line) => line.kind === 'vehicle')[2].kba).toBeUndefined();
    expect(productLine(exported, product.id as number).universal).toBe(1);
    expect(exported.filter((line) => line.kind === 'product' && line.universal !== undefined)).toHaveLength(1);
    // Round trip with them.
    expect((await importCatalogueFile(catalogue.db, writeLines('keys-round.jsonl', exported))).ok).toBe(true);
    expect((await exportNow()).slice(1)).toEqual(exported.slice(1));
  });

  it('stores fitment qualifiers (migration 9: position, from_month, to_month, note), and exports them', async () => {
    const result = await importCatalogueFile(catalogue.db, SAMPLE);
    expect(result.ok && result.summary.fitmentQualifiersIgnored).toBe(false);
    const qualified = sampleProducts().find((line) => (line.fitments as unknown[] | undefined)?.some((fitment) => typeof fitment === 'object'))!;
    const stored = await shop.sql('SELECT engine_id, position, from_month, to_month, note FROM fitments WHERE product_id = ? AND position IS NOT NULL', qualified.id);
    expect(stored).toEqual([{ ...(qualified.fitments as Array<Record<string, unknown>>)[0] }]);
    expect(productLine(await exportNow(), qualified.id as number).fitments).toEqual(qualified.fitments);
  });

  it('refuses what the shop cannot serve (issue 35, point 9): a product id past its page addresses, other ids past the database parameters, control characters in texts; nothing changes', async () => {
    const before = await fingerprint();
    const lines = readLines(SAMPLE);
    const numbered = lines.map((line, index) => [line, index + 1] as const);
    const products = numbered.filter(([line]) => line.kind === 'product');
    const [idTooBig, idLine] = products[0];
    const [nul, nulLine] = products[1];
    const [esc, escLine] = products[2];
    const [sizeName, sizeLine] = products[3];
    const [polish, polishLine] = products[4];
    idTooBig.id = 3_000_000_000;
    nul.name = 'Disco\u0000freno';
    esc.name = 'Disco \u001b[31mrosso';
    sizesOf(sizeName)[0].name = 'uniw\u0007';
    polish.names = { pl: 'Tarcza\u0000' };
    // A category nothing names, its id past what the shop's parameters (a filter's category) take.
    const path = writeLines('unservable.jsonl', [...lines, { kind: 'category', id: 2_147_483_648, name: 'Troppo' }]);
    const categoryLine = lines.length + 1;
    const result = await importCatalogueFile(catalogue.db, path);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { line: categoryLine, field: 'id', reason: 'must be a whole number from 1 to 2147483647' },
        { line: idLine, field: 'id', reason: 'must be a whole number from 1 to 999999999 (the product page addresses)' },
        { line: nulLine, field: 'name', reason: 'must not hold control characters' },
        { line: escLine, field: 'name', reason: 'must not hold control characters' },
        { line: sizeLine, field: 'sizes[0].name', reason: 'must not hold control characters' },
        { line: polishLine, field: 'names.pl', reason: 'must not hold control characters' },
      ]),
    );
    expect(await fingerprint()).toEqual(before);
  });

  it('the largest product id the pages serve is imported, listed and its page shown', async () => {
    const lines = readLines(SAMPLE);
    const line = lines.find((candidate) => candidate.kind === 'product' && !candidate.bundle)!;
    const oldId = line.id as number;
    // No bundle names it (a bundle of the sample naming it would be refused).
    expect(lines.some((other) => Array.isArray(other.bundle) && (other.bundle as Array<{ product_id: number }>).some((item) => item.product_id === oldId))).toBe(false);
    line.id = 999_999_999;
    line.slug = 'largest-id';
    const result = await importCatalogueFile(catalogue.db, writeLines('largest-id.jsonl', lines));
    expect(result.ok).toBe(true);
    const page = await shop.app.inject({ url: '/product-999999999-largest-id.html' });
    expect(page.statusCode).toBe(200);
  });
});
