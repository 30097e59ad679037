import type { FastifyInstance } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import { AXIS, BRAKE_CATEGORY, type VehiclePageData } from '../../src/api/wire';
import { VEHICLE_PAGE_PARTS_PER_CATEGORY, vehiclePagePath } from '../../src/domain/vehiclePages';
import { startTestShop, type TestShop } from './helpers';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../../server/pageCache';

/**
 * Vehicle pages (issue 25, point 5): a page per brand, model and engine, drawn on the server
 * from the repository (both backends), at its own address in each language, with a 301 from
 * any other slug, the shop's 404 page for an unknown id, JSON-LD relating the engine page's
 * parts to the vehicle, and every page in each language's sitemap.
 */
const HOST = 'shop.test';
const ORIGIN = `http://${HOST}`;
let app: FastifyInstance;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST, accept: 'text/html' } });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const alternatesOf = (html: string) => Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]));
const jsonLdOf = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&amp;/g, '&');

interface EngineFact {
  engineId: number;
  engine: string;
  generation: string;
  yearFrom: number;
  yearTo: number | null;
  kw: number;
  modelId: number;
  model: string;
  brandId: number;
  brand: string;
}

const ENGINE_FACTS = `SELECT e.id AS "engineId", e.name AS engine, g.name AS generation, g.year_from AS "yearFrom", g.year_to AS "yearTo", e.kw,
  m.id AS "modelId", m.name AS model, b.id AS "brandId", b.name AS brand
  FROM engines e JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id`;

/** The engine with the most fits (so its page caps some category), and its facts. */
async function busiestEngine(): Promise<EngineFact & { fits: number }> {
  const [top] = await shop.sql<{ engineId: number; fits: number }>(
    'SELECT engine_id AS "engineId", CAST(COUNT(*) AS INTEGER) AS fits FROM fitments GROUP BY engine_id ORDER BY COUNT(*) DESC, engine_id LIMIT 1',
  );
  const facts = await shop.one<EngineFact>(`${ENGINE_FACTS} WHERE e.id = ?`, top.engineId);
  return { ...facts, fits: Number(top.fits) };
}

const enginePath = (e: EngineFact) => vehiclePagePath('engine', e.engineId, `${e.brand} ${e.generation} ${e.engine}`);

describe('an engine page', () => {
  beforeAll(async () => {
    // The small test catalogue fits at most a few parts of a category to one engine: the busiest
    // engine is made to fit every brake pad, so its pads outnumber what a page lists.
    const engine = await busiestEngine();
    await shop.sql(
      `INSERT INTO fitments (engine_id, product_id, position)
       SELECT ?, p.id, CASE p.axis_id WHEN ${AXIS.front} THEN 'front' WHEN ${AXIS.rear} THEN 'rear' END FROM products p
       WHERE p.category_id = ? AND NOT EXISTS (SELECT 1 FROM fitments f WHERE f.engine_id = ? AND f.product_id = p.id)`,
      engine.engineId,
      BRAKE_CATEGORY.pads,
      engine.engineId,
    );
    const pads = await shop.one<{ n: number }>('SELECT CAST(COUNT(*) AS INTEGER) AS n FROM fitments f JOIN products p ON p.id = f.product_id WHERE f.engine_id = ? AND p.category_id = ?', engine.engineId, BRAKE_CATEGORY.pads);
    expect(Number(pads.n)).toBeGreaterThan(VEHICLE_PAGE_PARTS_PER_CATEGORY);
  });

  it('lists the parts that fit by category, each with its fit notes, the most popular first, a category capped with a link to all', async () => {
    const engine = await busiestEngine();
    const path = enginePath(engine);
    const response = await get(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    // A public page like the others: the same bytes for everyone, kept by a shared cache.
    expect(response.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(response.headers['set-cookie']).toBeUndefined();
    const html = response.body;
    expect(decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)![1])).toBe(`Ricambi freni per ${engine.brand} ${engine.generation} ${engine.engine}`);
    // What the repository has: per category, the fits in popularity order.
    const fits = await shop.sql<{ id: number; name: string; category: number; categoryName: string; position: string | null; note: string | null; fromMonth: string | null; toMonth: string | null }>(
      `SELECT p.id, p.name, p.category_id AS category, c.name AS "categoryName", f.position, f.note, f.from_month AS "fromMonth", f.to_month AS "toMonth"
       FROM fitments f JOIN products p ON p.id = f.product_id JOIN categories c ON c.id = p.category_id WHERE f.engine_id = ? ORDER BY c.position, p.category_id, p.popularity DESC, p.id`,
      engine.engineId,
    );
    expect(fits.length).toBe(engine.fits);
    const byCategory = new Map<number, typeof fits>();
    for (const fit of fits) byCategory.set(fit.category, [...(byCategory.get(fit.category) ?? []), fit]);
    const sections = [...html.matchAll(/<section class="vehicle-category"[^>]*>([\s\S]*?)<\/section>/g)].map((m) => m[1]);
    expect(sections).toHaveLength(byCategory.size);
    let capped = false;
    for (const [index, [category, rows]] of [...byCategory].entries()) {
      const section = sections[index];
      expect(section).toContain(`${rows.length === 1 ? '1 ricambio' : `${rows.length} ricambi`}`);
      const shown = [...section.matchAll(/data-product="(\d+)"/g)].map((m) => Number(m[1]));
      expect(shown).toEqual(rows.slice(0, VEHICLE_PAGE_PARTS_PER_CATEGORY).map((row) => row.id));
      const all = `/search.php?traits_alt%5B49%5D=${engine.engineId}&amp;traits_alt%5B24%5D=${category}`;
      if (rows.length > VEHICLE_PAGE_PARTS_PER_CATEGORY) {
        capped = true;
        expect(section).toContain(`href="${all}"`);
      } else {
        expect(section).not.toContain(all);
      }
      // Each part's fit notes in the shop's words: the axle, the production months, the note.
      for (const row of rows.slice(0, VEHICLE_PAGE_PARTS_PER_CATEGORY)) {
        const item = new RegExp(`data-product="${row.id}">([\\s\\S]*?)</li>`).exec(section)![1];
        const notes = decode(/class="vehicle-part__notes">([^<]*)</.exec(item)![1]);
        if (row.position) expect(notes).toContain(row.position === 'front' ? 'asse anteriore' : 'asse posteriore');
        if (row.fromMonth) expect(notes).toContain(`veicoli prodotti da ${row.fromMonth.slice(5)}/${row.fromMonth.slice(0, 4)}`);
        if (row.toMonth) expect(notes).toContain(`veicoli prodotti fino a ${row.toMonth.slice(5)}/${row.toMonth.slice(0, 4)}`);
        if (row.note?.startsWith('discDiameter:')) expect(notes).toContain(`diametro disco ${row.note.slice(13)} mm`);
        if (row.note === 'abs') expect(notes).toContain('con ABS');
        if (!row.position && !row.fromMonth && !row.toMonth && !row.note) expect(notes).toBe('Nessuna nota di montaggio');
      }
    }
    expect(capped).toBe(true);
  });

  it('relates its parts to the vehicle in JSON-LD: Products isAccessoryOrSparePartFor a Car with brand, model, years and engine', async () => {
    const engine = await busiestEngine();
    const html = (await get(enginePath(engine))).body;
    const canonical = `${ORIGIN}${enginePath(engine)}`;
    expect(canonicalOf(html)).toBe(canonical);
    const graph = jsonLdOf(html).find((data) => '@graph' in data)!;
    expect(graph['@context']).toBe('https://schema.org');
    const nodes = graph['@graph'] as Array<Record<string, unknown>>;
    const car = nodes.find((node) => node['@type'] === 'Car')!;
    expect(car).toEqual({
      '@type': 'Car',
      '@id': `${canonical}#vehicle`,
      name: `${engine.brand} ${engine.generation} ${engine.engine}`,
      url: canonical,
      brand: { '@type': 'Brand', name: engine.brand },
      model: engine.model,
      vehicleModelDate: String(engine.yearFrom),
      productionDate: String(engine.yearFrom),
      additionalProperty: { '@type': 'PropertyValue', name: 'productionYears', minValue: engine.yearFrom, ...(engine.yearTo === null ? {} : { maxValue: engine.yearTo }) },
      vehicleEngine: expect.objectContaining({ '@type': 'EngineSpecification', name: engine.engine, enginePower: { '@type': 'QuantitativeValue', value: engine.kw, unitCode: 'KWT' } }),
    });
    const products = nodes.filter((node) => node['@type'] === 'Product');
    const shown = [...html.matchAll(/data-product="(\d+)"/g)].map((m) => Number(m[1]));
    expect(products).toHaveLength(shown.length);
    for (const [index, product] of products.entries()) {
      expect(product.isAccessoryOrSparePartFor).toEqual({ '@id': car['@id'] });
      expect(product.url).toMatch(new RegExp(`^${ORIGIN}/product-${shown[index]}-[a-z0-9-]+\\.html$`));
    }
    // Breadcrumb: home, brand, model, the engine.
    const crumbs = jsonLdOf(html).find((data) => data['@type'] === 'BreadcrumbList')!.itemListElement as Array<{ name: string; item: string }>;
    expect(crumbs.map((crumb) => crumb.name)).toEqual(['Home', engine.brand, engine.model, `${engine.brand} ${engine.generation} ${engine.engine}`]);
  });

  it('answers the same data as JSON for the storefront, and 404 / 400 for an unknown or malformed vehicle', async () => {
    const engine = await busiestEngine();
    const answer = await app.inject({ url: `/ajax/vehicle.php?kind=engine&id=${engine.engineId}` });
    expect(answer.statusCode).toBe(200);
    const data = answer.json<VehiclePageData>();
    expect(data).toEqual(expect.objectContaining({ kind: 'engine', id: engine.engineId, link: enginePath(engine), brand: expect.objectContaining({ id: engine.brandId }) }));
    expect(data.categories.reduce((sum, category) => sum + category.total, 0)).toBe(engine.fits);
    expect((await app.inject({ url: '/ajax/vehicle.php?kind=engine&id=999999999' })).statusCode).toBe(404);
    for (const query of ['kind=car&id=1', 'kind=engine&id=0', 'kind=engine&id=x', 'kind=brand', 'id=3']) {
      const bad = await app.inject({ url: `/ajax/vehicle.php?${query}` });
      expect({ query, status: bad.statusCode }).toEqual({ query, status: 400 });
      expect(bad.json()).toEqual({ error: expect.objectContaining({ code: expect.any(String) }) });
    }
  });
});

describe('brand and model pages', () => {
  it('a brand page links each of its models, a model page each engine by generation, each to its own page', async () => {
    const engine = await busiestEngine();
    const brandPath = vehiclePagePath('brand', engine.brandId, engine.brand);
    const brand = await get(brandPath);
    expect(brand.statusCode).toBe(200);
    const models = await shop.sql<{ id: number; name: string }>('SELECT id, name FROM models WHERE brand_id = ?', engine.brandId);
    const modelLinks = [...brand.body.matchAll(/<a href="(\/vehicles\/model-[^"]+)">([^<]*)<\/a>/g)].map((m) => [m[1], decode(m[2])]);
    expect(modelLinks.sort()).toEqual(models.map((m) => [vehiclePagePath('model', m.id, `${engine.brand} ${m.name}`), m.name]).sort());

    const modelPath = vehiclePagePath('model', engine.modelId, `${engine.brand} ${engine.model}`);
    const model = await get(modelPath);
    expect(model.statusCode).toBe(200);
    const engines = await shop.sql<EngineFact>(`${ENGINE_FACTS} WHERE m.id = ? ORDER BY g.year_from, g.id, e.cv, e.id`, engine.modelId);
    const engineLinks = [...model.body.matchAll(/<a href="(\/vehicles\/engine-[^"]+)">/g)].map((m) => m[1]);
    expect(engineLinks).toEqual(engines.map(enginePath));
    expect(model.body).toContain(`<a href="${brandPath}">`);
    for (const [path, page] of [[brandPath, brand.body], [modelPath, model.body]] as const) {
      expect(canonicalOf(page)).toBe(`${ORIGIN}${path}`);
      expect(jsonLdOf(page).map((data) => data['@type'])).toEqual(['BreadcrumbList']);
    }
  });
});

describe('addresses', () => {
  it('each page in Italian, Polish and English at its own address, with hreflang alternates and its language', async () => {
    const engine = await busiestEngine();
    for (const path of [vehiclePagePath('brand', engine.brandId, engine.brand), vehiclePagePath('model', engine.modelId, `${engine.brand} ${engine.model}`), enginePath(engine)]) {
      const expected = { it: `${ORIGIN}${path}`, pl: `${ORIGIN}/pl${path}`, en: `${ORIGIN}/en${path}`, 'x-default': `${ORIGIN}${path}` };
      for (const [language, address] of [['it', path], ['pl', `/pl${path}`], ['en', `/en${path}`]] as const) {
        const response = await get(address);
        expect({ address, status: response.statusCode }).toEqual({ address, status: 200 });
        expect(/<html lang="([^"]+)"/.exec(response.body)?.[1]).toBe(language);
        expect(canonicalOf(response.body)).toBe(expected[language]);
        expect(alternatesOf(response.body)).toEqual(expected);
        // The page's own links stay in its language.
        const article = /<article class="page page--vehicle"[\s\S]*?<\/article>/.exec(response.body)![0];
        const links = [...article.matchAll(/<a href="(\/[^"]*vehicles\/[^"]+)"/g)].map((m) => m[1]);
        expect(links.length).toBeGreaterThan(0);
        for (const link of links) expect({ link, ok: link.startsWith(language === 'it' ? '/vehicles/' : `/${language}/vehicles/`) }).toEqual({ link, ok: true });
      }
    }
    const polish = await get(`/pl${enginePath(engine)}`);
    expect(polish.body).toContain('Części hamulcowe do');
    const english = await get(`/en${enginePath(engine)}`);
    expect(english.body).toContain('Brake parts for the');
  });

  it('another slug moves for good (301) to the page own slug, in the same language, keeping the query', async () => {
    const engine = await busiestEngine();
    for (const [asked, own] of [
      [`/vehicles/engine-${engine.engineId}-old-name.html`, enginePath(engine)],
      [`/pl/vehicles/engine-${engine.engineId}-.html?x=1`, `/pl${enginePath(engine)}?x=1`],
      [`/en/vehicles/brand-${engine.brandId}-x.html`, `/en${vehiclePagePath('brand', engine.brandId, engine.brand)}`],
      [`/vehicles/model-${engine.modelId}-y.html`, vehiclePagePath('model', engine.modelId, `${engine.brand} ${engine.model}`)],
    ]) {
      const response = await get(asked);
      expect({ asked, status: response.statusCode, location: response.headers.location }).toEqual({ asked, status: 301, location: own });
    }
  });

  it('an unknown vehicle or a malformed address is the shop 404 page, not indexed', async () => {
    for (const address of ['/vehicles/engine-999999999-nothing.html', '/pl/vehicles/brand-999999-x.html', '/vehicles/model-0-x.html', '/vehicles/car-3-x.html', '/en/vehicles/engine-abc.html']) {
      const response = await get(address);
      expect({ address, status: response.statusCode }).toEqual({ address, status: 404 });
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('each language sitemap lists every brand, model and engine page, with its alternates', async () => {
    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' || name === 'xhtml:link' });
    const index = parser.parse((await get('/sitemap.xml')).body) as { sitemapindex: { sitemap: Array<{ loc: string }> } };
    const files = index.sitemapindex.sitemap.map((s) => s.loc).filter((loc) => loc.includes('/vehicles-'));
    expect(files).toEqual([`${ORIGIN}/sitemaps/vehicles-1.xml`, `${ORIGIN}/sitemaps/pl/vehicles-1.xml`, `${ORIGIN}/sitemaps/en/vehicles-1.xml`]);
    const counts = await shop.one<{ brands: number; models: number; engines: number }>(
      'SELECT (SELECT CAST(COUNT(*) AS INTEGER) FROM brands) AS brands, (SELECT CAST(COUNT(*) AS INTEGER) FROM models) AS models, (SELECT CAST(COUNT(*) AS INTEGER) FROM engines) AS engines',
    );
    const engine = await busiestEngine();
    for (const [file, prefix] of [['/sitemaps/vehicles-1.xml', ''], ['/sitemaps/pl/vehicles-1.xml', '/pl']]) {
      const response = await get(file);
      expect(response.statusCode).toBe(200);
      const urls = (parser.parse(response.body) as { urlset: { url: Array<{ loc: string; 'xhtml:link': Array<Record<string, string>> }> } }).urlset.url;
      const locs = urls.map((url) => url.loc);
      expect(locs).toHaveLength(Number(counts.brands) + Number(counts.models) + Number(counts.engines));
      expect(new Set(locs).size).toBe(locs.length);
      expect(locs).toContain(`${ORIGIN}${prefix}${enginePath(engine)}`);
      expect(locs).toContain(`${ORIGIN}${prefix}${vehiclePagePath('brand', engine.brandId, engine.brand)}`);
      const entry = urls.find((url) => url.loc === `${ORIGIN}${prefix}${enginePath(engine)}`)!;
      expect(entry['xhtml:link'].map((link) => link['@_hreflang'])).toEqual(['it', 'pl', 'en', 'x-default']);
      // Every listed address is a page that answers 200 (a few, sampled across the file).
      for (const loc of [locs[0], locs[Math.floor(locs.length / 2)], locs[locs.length - 1]]) {
        expect((await get(loc.slice(ORIGIN.length))).statusCode).toBe(200);
      }
    }
    expect((await get('/sitemaps/vehicles-2.xml')).statusCode).toBe(404);
  });
});

describe('hostile vehicle names', () => {
  it('are escaped in the page, its head and its JSON-LD', async () => {
    const engine = await busiestEngine();
    const hostile = `Evil</script><img src=x onerror=alert(1)>"'&`;
    await shop.sql('UPDATE brands SET name = ? WHERE id = ?', hostile, engine.brandId);
    // As a catalogue import tells every server (vehicle pages are kept a while: server/db/searchCache.ts).
    const changed = await app.inject({ method: 'DELETE', url: '/__test/caches', headers: { host: HOST } });
    expect(changed.statusCode).toBe(200);
    try {
      const response = await get(`/vehicles/engine-${engine.engineId}-x.html`);
      expect(response.statusCode).toBe(301);
      const page = await get(response.headers.location as string);
      expect(page.statusCode).toBe(200);
      const html = page.body;
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('Evil</script>');
      expect(html).toContain('Evil&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
      const car = (jsonLdOf(html).find((data) => '@graph' in data)!['@graph'] as Array<Record<string, unknown>>).find((node) => node['@type'] === 'Car')!;
      expect(car.brand).toEqual({ '@type': 'Brand', name: hostile });
      const brandPage = await get(vehiclePagePath('brand', engine.brandId, hostile));
      expect(brandPage.statusCode).toBe(200);
      expect(brandPage.body).not.toContain('<img src=x');
    } finally {
      await shop.sql('UPDATE brands SET name = ? WHERE id = ?', engine.brand, engine.brandId);
      await app.inject({ method: 'DELETE', url: '/__test/caches', headers: { host: HOST } });
    }
  });
});
