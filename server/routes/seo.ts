import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRAIT } from '../../src/api/wire';
import { absoluteUrl, listingPath } from '../../src/domain/seo';
import type { ShopRepository } from '../db/repository';
import { sendError } from '../http';
import { productLink } from '../text';

/** A sitemap file holds at most this many URLs (sitemaps.org). */
export const SITEMAP_URL_LIMIT = 50_000;
const SITEMAP_CACHE = 'public, max-age=3600';
const ROBOTS_CACHE = 'public, max-age=86400';
/** How long the list of category / producer pages is reused before it is asked again. */
const LISTING_PAGES_TTL_MS = 10 * 60_000;

/** A Host header we accept to build absolute URLs from: a DNS name or IPv4 / bracketed IPv6, optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** `PUBLIC_ORIGIN` as an origin (`https://shop.example`), or null when unset; throws when it is not an http(s) URL. */
export function configuredOrigin(value = process.env.PUBLIC_ORIGIN): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be an absolute http(s) URL, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_ORIGIN must be an http(s) URL, not ${JSON.stringify(value)}`);
  return url.origin;
}

/**
 * The origin absolute URLs are built on: `PUBLIC_ORIGIN` when set, else the request's scheme
 * and Host header, which must look like a host name (a forged Host cannot inject markup or a
 * path). Null when there is no usable Host.
 */
export function publicOrigin(request: Pick<FastifyRequest, 'protocol' | 'headers'>): string | null {
  const configured = configuredOrigin();
  if (configured) return configured;
  const host = request.headers.host;
  if (typeof host !== 'string' || !HOST.test(host)) return null;
  return `${request.protocol}://${host.toLowerCase()}`;
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

interface SitemapEntry {
  loc: string;
  lastmod?: string | null;
}

function urlset(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(locs: string[]): string {
  const maps = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt: everything may be crawled but the basket's writes, the API answers and text-search results. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /basketchange.php',
    'Disallow: /return.php',
    'Disallow: /noproduct.php',
    'Disallow: /ajax/',
    'Disallow: /graphql/',
    'Disallow: /projector.php',
    'Disallow: /search.php?text=',
    'Disallow: /search.php?*&text=',
    'Disallow: /search.php?*json=true',
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export interface SeoRouteOptions {
  /** URLs per product sitemap file (default and maximum 50,000). */
  urlsPerSitemap?: number;
}

type SitemapRepository = Pick<ShopRepository, 'productCount' | 'productSitemapPage' | 'categoryCounts' | 'listing'>;

/**
 * GET /robots.txt, GET /sitemap.xml (an index) and the files it names: /sitemaps/categories.xml
 * (home, brake finder, contact, every listing: all parts, each category, each producer) and
 * /sitemaps/products-<n>.xml (every product, in id order, `urlsPerSitemap` a file).
 * Public and cacheable: no visitor cookie.
 */
export function seoRoutes(app: FastifyInstance, repo: SitemapRepository, options: SeoRouteOptions = {}): void {
  const perFile = Math.min(Math.max(Math.floor(options.urlsPerSitemap ?? SITEMAP_URL_LIMIT), 1), SITEMAP_URL_LIMIT);
  configuredOrigin(); // a wrong PUBLIC_ORIGIN stops the server at start, not at the first crawl
  const config = { visitor: false };

  let listingPages: { at: number; paths: string[] } | null = null;
  const listingPaths = async (): Promise<string[]> => {
    if (listingPages && Date.now() - listingPages.at < LISTING_PAGES_TTL_MS) return listingPages.paths;
    const categories = await repo.categoryCounts({});
    const all = await repo.listing({}, 1, 1);
    const paths = [
      listingPath([]),
      ...categories.filter(([, , count]) => count > 0).map(([id]) => listingPath([[`traits_alt[${TRAIT.category}]`, String(id)]])),
      ...all.producers.filter(([, , count]) => count > 0).map(([id]) => listingPath([['producer', String(id)]])),
    ];
    listingPages = { at: Date.now(), paths };
    return paths;
  };

  const originOr400 = (request: FastifyRequest, reply: FastifyReply): string | null => {
    const origin = publicOrigin(request);
    if (!origin) sendError(reply, 400, 'invalid_host', 'The Host header is missing or not a host name');
    return origin;
  };
  const sendXml = (reply: FastifyReply, xml: string) => reply.header('Cache-Control', SITEMAP_CACHE).type('application/xml; charset=utf-8').send(xml);

  app.get('/robots.txt', { config }, async (request, reply) => {
    const origin = originOr400(request, reply);
    if (!origin) return reply;
    return reply.header('Cache-Control', ROBOTS_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(origin));
  });

  app.get('/sitemap.xml', { config }, async (request, reply) => {
    const origin = originOr400(request, reply);
    if (!origin) return reply;
    const files = Math.ceil((await repo.productCount()) / perFile);
    const locs = [absoluteUrl(origin, '/sitemaps/categories.xml')];
    for (let n = 1; n <= files; n++) locs.push(absoluteUrl(origin, `/sitemaps/products-${n}.xml`));
    return sendXml(reply, sitemapIndex(locs));
  });

  app.get('/sitemaps/:file', { config }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    if (file === 'categories.xml') {
      const origin = originOr400(request, reply);
      if (!origin) return reply;
      const fixed = ['/', '/brakes.php', '/contact.php'];
      return sendXml(reply, urlset([...fixed, ...(await listingPaths())].map((path) => ({ loc: absoluteUrl(origin, path) }))));
    }
    const match = /^products-([1-9]\d{0,6})\.xml$/.exec(file);
    const n = match ? Number(match[1]) : 0;
    const files = n ? Math.ceil((await repo.productCount()) / perFile) : 0;
    if (!n || n > files) return sendError(reply, 404, 'not_found', `No sitemap ${file}: the sitemap index /sitemap.xml lists them`);
    const origin = originOr400(request, reply);
    if (!origin) return reply;
    const products = await repo.productSitemapPage(n, perFile);
    return sendXml(reply, urlset(products.map((p) => ({ loc: absoluteUrl(origin, productLink(p.id, p.slug)), lastmod: p.updatedAt }))));
  });
}
