import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { migrate, MIGRATIONS } from '../../server/db/schema';
import { migratePostgres, PG_MIGRATIONS } from '../../server/db/postgres/schema';
import { PG_TYPES } from '../../server/db/postgres/pgRepository';
import type { FastifyInstance } from 'fastify';
import type { CmsPageResponse, GraphQLResponse, TextSearchResult } from '../../src/api/wire';
import { formatPrice } from '../../src/domain/priceMask';
import { INFO_PAGE_SLUGS } from '../../src/domain/infoPages';
import { BACKEND, createTestDatabase, startTestShop, Visitor, type TestShop } from './helpers';

/** The information pages: stored by migration 4, served at /pages/{slug}, found by the live search's cms group. */
let app: FastifyInstance;
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const page = async (slug: string) => app.inject({ method: 'GET', url: `/pages/${slug}?json=true` });

async function cmsHits(text: string, lang?: string) {
  const input = `text: ${JSON.stringify(text)}, limit: 3${lang ? `, lang: ${JSON.stringify(lang)}` : ''}`;
  const response = await new Visitor(app).request({ method: 'POST', url: '/graphql/v1/?productsTextSearch', json: { query: `{ productsTextSearch(searchInput: { ${input} }) { cms { name link } } }` } });
  return { response, body: response.json() as GraphQLResponse<{ productsTextSearch: Pick<TextSearchResult, 'cms'> }> };
}

describe('cms_pages (migration 4)', () => {
  it('holds each topic in it, pl and en, at the addresses the storefront links to', async () => {
    const rows = await shop.sql<{ slug: string; lang: string; topic: string; title: string }>('SELECT slug, lang, topic, title FROM cms_pages ORDER BY topic, lang');
    expect(rows).toHaveLength(15);
    for (const [topic, slugs] of Object.entries(INFO_PAGE_SLUGS)) {
      for (const [lang, slug] of Object.entries(slugs)) expect(rows).toContainEqual(expect.objectContaining({ topic, lang, slug }));
    }
    expect(await shop.one('SELECT id FROM schema_migrations WHERE id = 4')).toEqual({ id: 4 });
  });

  it('replaces the placeholder pages of a database made before it', async () => {
    if (BACKEND === 'postgres') {
      const database = await createTestDatabase();
      const client = new pg.Client({ connectionString: database.url, types: PG_TYPES });
      await client.connect();
      try {
        await client.query('CREATE TABLE schema_migrations (id BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
        for (const migration of PG_MIGRATIONS.filter((m) => m.id < 4)) {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [migration.id, migration.name, 'then']);
        }
        await client.query('INSERT INTO cms_pages (id, name, link, body) VALUES (1, $1, $2, $3)', ['Resi e rimborsi', '/cms/resi.html', '<p>Resi e rimborsi.</p>']);
        await migratePostgres(client as unknown as pg.PoolClient);
        expect((await client.query('SELECT COUNT(*)::int AS n FROM cms_pages')).rows[0]).toEqual({ n: 15 });
        expect((await client.query('SELECT title FROM cms_pages WHERE slug = $1', ['resi-e-rimborsi'])).rows).toEqual([{ title: 'Resi e rimborsi' }]);
      } finally {
        await client.end();
        await database.drop();
      }
      return;
    }
    const old = new BetterSqlite3(':memory:');
    old.exec('CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    for (const migration of MIGRATIONS.filter((m) => m.id < 4)) {
      old.exec(migration.sql);
      old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(migration.id, migration.name, 'then');
    }
    old.prepare('INSERT INTO cms_pages (id, name, link, body) VALUES (1, ?, ?, ?)').run('Resi e rimborsi', '/cms/resi.html', '<p>Resi e rimborsi.</p>');
    migrate(old);
    expect((old.prepare('SELECT COUNT(*) AS n FROM cms_pages').get() as { n: number }).n).toBe(15);
    expect(old.prepare('SELECT title FROM cms_pages WHERE slug = ?').get('resi-e-rimborsi')).toEqual({ title: 'Resi e rimborsi' });
    old.close();
  });

  it('says what the shop does: the couriers\' costs, free shipping, instalment limits', async () => {
    const pages = new Map((await shop.sql<{ slug: string; body: string }>('SELECT slug, body FROM cms_pages')).map((row) => [row.slug, row.body]));
    const body = (slug: string) => pages.get(slug)!;
    const price = (value: number) => formatPrice(value).replace(/\s/g, ' ');
    const couriers = await shop.sql<{ name: string; cost_gross: number; days: number }>('SELECT name, cost_gross, days FROM couriers');
    expect(couriers.length).toBeGreaterThan(0);
    for (const courier of couriers) {
      expect(body('spedizioni-e-consegne')).toContain(`<tr><td>${courier.name}</td>`);
      expect(body('spedizioni-e-consegne')).toContain(`<td>${price(courier.cost_gross)}</td><td>${courier.days} giorni lavorativi</td>`);
    }
    const freeFrom = Number((await shop.one<{ value: string }>("SELECT value FROM settings WHERE key = 'free_shipping_from'")).value);
    expect(body('spedizioni-e-consegne')).toContain(`<strong>${freeFrom} €</strong>`);
    const instalments = JSON.parse((await shop.one<{ value: string }>("SELECT value FROM settings WHERE key = 'instalments'")).value) as { minPrice: number; maxPrice: number; instalmentName: string };
    expect(body('pagamento-a-rate')).toContain(instalments.instalmentName);
    expect(body('pagamento-a-rate')).toContain(`<strong>${instalments.minPrice} €</strong> a <strong>5.000 €</strong>`);
    expect(instalments.maxPrice).toBe(5000);
    expect(body('resi-e-rimborsi')).toContain('<strong>14 giorni</strong>');
  });
});

describe('GET /pages/{slug}', () => {
  it('answers the page data with json=true: title, body, address and the other languages', async () => {
    const response = await page('spedizioni-e-consegne');
    expect(response.statusCode).toBe(200);
    const body = response.json() as CmsPageResponse;
    expect(body).toMatchObject({ slug: 'spedizioni-e-consegne', lang: 'it', title: 'Spedizioni e consegne', link: '/pages/spedizioni-e-consegne' });
    expect(body.body).toContain('<h2>');
    expect(body.alternates).toEqual([
      { lang: 'en', title: 'Shipping and delivery', link: '/en/pages/shipping-and-delivery' },
      { lang: 'pl', title: 'Wysyłka i dostawa', link: '/pl/pages/wysylka-i-dostawa' },
    ]);
    expect(((await page('regulamin')).json() as CmsPageResponse)).toMatchObject({ lang: 'pl', title: 'Regulamin' });
  });

  it('serves the storefront page itself without json=true; 404 (still a page) for an unknown slug', async () => {
    const known = await app.inject({ method: 'GET', url: '/pages/resi-e-rimborsi', headers: { accept: 'text/html' } });
    expect(known.statusCode).toBe(200);
    expect(known.headers['content-type']).toContain('text/html');
    const unknown = await app.inject({ method: 'GET', url: '/pages/nessuna-pagina', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
  });

  it.each(['nessuna-pagina', 'Spedizioni', 'a--b', '%3Cscript%3E', 'x'.repeat(90)])('answers 404 JSON for "%s" with json=true', async (slug) => {
    const response = await page(slug);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'page_not_found', message: expect.any(String) } });
    expect(response.body).not.toContain('<script>');
  });

  it('leads the old placeholder addresses to their pages', async () => {
    const response = await app.inject({ method: 'GET', url: '/cms/pagamento-rate.html' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/pages/pagamento-a-rate');
  });
});

describe('the live search\'s cms group (productsTextSearch)', () => {
  it('finds a page by the words of its title or body, in the visitor\'s language', async () => {
    expect((await cmsHits('spedizioni', 'it')).body.data!.productsTextSearch.cms[0]).toEqual({ name: 'Spedizioni e consegne', link: '/pages/spedizioni-e-consegne' });
    expect((await cmsHits('resi', 'it')).body.data!.productsTextSearch.cms[0]).toEqual({ name: 'Resi e rimborsi', link: '/pages/resi-e-rimborsi' });
    // A word of the body only (prefix, accents and case aside).
    expect((await cmsHits('CONTRASSEGNO', 'it')).body.data!.productsTextSearch.cms.map((hit) => hit.name)).toContain('Spedizioni e consegne');
    expect((await cmsHits('gwarancj', 'pl')).body.data!.productsTextSearch.cms[0]).toEqual({ name: 'Gwarancja na części', link: '/pl/pages/gwarancja-na-czesci' });
    // Title hits come first; another language's pages stay out.
    const rate = (await cmsHits('rate', 'it')).body.data!.productsTextSearch.cms;
    expect(rate[0].name).toBe('Pagamento a rate');
    expect(rate.every((hit) => !hit.link.includes('instalments'))).toBe(true);
  });

  it('without a language searches every language; nothing matches nothing', async () => {
    const refunds = (await cmsHits('refunds')).body.data!.productsTextSearch.cms;
    expect(refunds[0]).toEqual({ name: 'Returns and refunds', link: '/en/pages/returns-and-refunds' });
    expect(refunds.map((hit) => hit.link)).toEqual(expect.arrayContaining(['/en/pages/shipping-and-delivery']));
    expect((await cmsHits('zzqqxx')).body.data!.productsTextSearch.cms).toEqual([]);
  });

  it('refuses an unknown language', async () => {
    const { response, body } = await cmsHits('resi', 'xx');
    expect(response.statusCode).toBe(400);
    expect(body.errors?.[0].message).toContain('lang');
  });
});
