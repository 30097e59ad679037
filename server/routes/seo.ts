import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRAIT } from '../../src/api/wire';
import { absoluteUrl, listingPath } from '../../src/domain/seo';
import { ADDRESS_LANGUAGES, hreflangAlternates, languagePrefix, pageAddresses, type AddressLanguage } from '../../src/domain/languagePaths';
import { INFO_PAGE_SLUGS } from '../../src/domain/infoPages';
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

/** The scheme a request came by: http or https, nothing else (a forwarded `X-Forwarded-Proto: javascript` is http). */
export function requestScheme(request: Pick<FastifyRequest, 'protocol'>): 'http' | 'https' {
  return request.protocol === 'https' ? 'https' : 'http';
}

/** The port a Host header names (the scheme's default when none). */
const hostPort = (host: string, scheme: string) => {
  const match = /:(\d{1,5})$/.exec(host);
  return match ? Number(match[1]) : scheme === 'https' ? 443 : 80;
};

/**
 * The origin absolute URLs are built on, always a known one: `PUBLIC_ORIGIN` when set; else the
 * request's scheme (http or https only) and its Host when the Host names this very server (a
 * host name, in production one of this machine's names, and the port the request reached,
 * directly or through a TLS proxy's default port); else this machine's name and that port. A
 * forged Host (`localhost:6666`) or scheme never becomes the address in a page a cache keeps.
 * Null when there is no usable Host.
 */
export function publicOrigin(request: Pick<FastifyRequest, 'protocol' | 'headers'> & { socket?: { localPort?: number } }): string | null {
  const configured = configuredOrigin();
  if (configured) return configured;
  const host = request.headers.host;
  if (typeof host !== 'string' || !HOST.test(host)) return null;
  // In production with no PUBLIC_ORIGIN only this machine's names are answered (see hostRefusal).
  if (isProduction() && !LOOPBACK_HOST.test(host)) return null;
  const scheme = requestScheme(request);
  const reached = request.socket?.localPort;
  if (typeof reached === 'number' && reached > 0 && hostPort(host, scheme) !== reached && !(scheme === 'https' && hostPort(host, scheme) === 443)) return `${scheme}://localhost:${reached}`;
  return `${scheme}://${host.toLowerCase()}`;
}

/** This machine's names, with any port: what a production server without PUBLIC_ORIGIN answers. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'production';
}

/** Addresses a load balancer's probes use, answered whatever the Host. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Addresses come from configuration, not from the request (issue 21): in production with
 * `PUBLIC_ORIGIN` unset, a request whose Host is not this machine (localhost, 127.x.x.x, [::1])
 * is refused (421) before anything runs, so a forged Host can never become the address of a
 * page, a sitemap or robots.txt that a shared cache keeps. A laptop's `npm start`, the browser
 * tests and the benchmarks (all on localhost or 127.0.0.1) keep working unconfigured; a shop
 * served under its own name sets PUBLIC_ORIGIN, which every absolute URL is then built on.
 * Null when the request may go on.
 */
export function hostRefusal(request: Pick<FastifyRequest, 'headers' | 'url'>): string | null {
  if (!isProduction() || configuredOrigin() || PROBES.has(request.url.split('?')[0])) return null;
  const host = request.headers.host;
  if (typeof host === 'string' && LOOPBACK_HOST.test(host)) return null;
  return 'This server answers for localhost only: set PUBLIC_ORIGIN to the address the shop is served under';
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

interface SitemapEntry {
  loc: string;
  lastmod?: string | null;
  /** The same page in every language and x-default (`xhtml:link` alternates, as Google reads them). */
  alternates?: Array<[hreflang: string, href: string]>;
}

function urlset(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const links = (e.alternates ?? []).map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`).join('');
    return `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}${links}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A page (its path without a language) as one language's sitemap entry: its address in that language, and every language's as alternates. */
function entryIn(origin: string, language: AddressLanguage, path: string, lastmod?: string | null): SitemapEntry {
  const addresses = pageAddresses(path);
  const absolute = (address: string) => absoluteUrl(origin, address);
  return { loc: absolute(addresses[language]), lastmod, alternates: hreflangAlternates(addresses, absolute) };
}

/** Where a language's sitemap files live: `/sitemaps/` for Italian, `/sitemaps/pl/` for Polish... */
const sitemapDir = (language: AddressLanguage) => `/sitemaps${languagePrefix(language)}/`;

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
    'Disallow: /ajax/',
    'Disallow: /graphql/',
    'Disallow: /projector.php',
    'Disallow: /search.php?*json=true',
    // Each language's no-product page and text searches.
    ...ADDRESS_LANGUAGES.flatMap((language) => {
      const prefix = languagePrefix(language);
      return [`Disallow: ${prefix}/noproduct.php`, `Disallow: ${prefix}/search.php?text=`, `Disallow: ${prefix}/search.php?*&text=`];
    }),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export interface SeoRouteOptions {
  /** URLs per product sitemap file (default and maximum 50,000). */
  urlsPerSitemap?: number;
}

type SitemapRepository = Pick<ShopRepository, 'productCount' | 'productSitemapPage' | 'categoryCounts' | 'listing' | 'vehiclePagePaths'>;

/**
 * GET /robots.txt, GET /sitemap.xml (an index) and the files it names, per language (Italian in
 * /sitemaps/, Polish in /sitemaps/pl/, English in /sitemaps/en/): categories.xml (home, brake
 * finder, contact, the information pages, every listing: all parts, each category, each
 * producer), products-<n>.xml (every product, in id order, `urlsPerSitemap` a file) and
 * vehicles-<n>.xml (every brand's, model's and engine's page, issue 25). Each
 * entry is the page's address in the file's language with the page in every language as
 * `xhtml:link` alternates (and x-default). Public and cacheable: no visitor cookie.
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

  // The vehicle pages (issue 25): every brand, model and engine, `perFile` a file (vehicles-<n>.xml).
  let vehiclePages: { at: number; paths: string[] } | null = null;
  const vehiclePaths = async (): Promise<string[]> => {
    if (vehiclePages && Date.now() - vehiclePages.at < LISTING_PAGES_TTL_MS) return vehiclePages.paths;
    const paths = await repo.vehiclePagePaths();
    vehiclePages = { at: Date.now(), paths };
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
    const vehicleFiles = Math.ceil((await vehiclePaths()).length / perFile);
    const locs: string[] = [];
    for (const language of ADDRESS_LANGUAGES) {
      locs.push(absoluteUrl(origin, `${sitemapDir(language)}categories.xml`));
      for (let n = 1; n <= files; n++) locs.push(absoluteUrl(origin, `${sitemapDir(language)}products-${n}.xml`));
      for (let n = 1; n <= vehicleFiles; n++) locs.push(absoluteUrl(origin, `${sitemapDir(language)}vehicles-${n}.xml`));
    }
    return sendXml(reply, sitemapIndex(locs));
  });

  const sitemapFile = (language: AddressLanguage) => async (request: FastifyRequest, reply: FastifyReply) => {
    const file = (request.params as { file: string }).file;
    if (file === 'categories.xml') {
      const origin = originOr400(request, reply);
      if (!origin) return reply;
      const fixed = ['/', '/brakes.php', '/contact.php', ...Object.values(INFO_PAGE_SLUGS).map((slugs) => `/pages/${slugs[language]}`)];
      return sendXml(reply, urlset([...fixed, ...(await listingPaths())].map((path) => entryIn(origin, language, path))));
    }
    const vehicles = /^vehicles-([1-9]\d{0,6})\.xml$/.exec(file);
    if (vehicles) {
      const n = Number(vehicles[1]);
      const paths = await vehiclePaths();
      if (n > Math.ceil(paths.length / perFile)) return sendError(reply, 404, 'not_found', `No sitemap ${file}: the sitemap index /sitemap.xml lists them`);
      const origin = originOr400(request, reply);
      if (!origin) return reply;
      return sendXml(reply, urlset(paths.slice((n - 1) * perFile, n * perFile).map((path) => entryIn(origin, language, path))));
    }
    const match = /^products-([1-9]\d{0,6})\.xml$/.exec(file);
    const n = match ? Number(match[1]) : 0;
    const files = n ? Math.ceil((await repo.productCount()) / perFile) : 0;
    if (!n || n > files) return sendError(reply, 404, 'not_found', `No sitemap ${file}: the sitemap index /sitemap.xml lists them`);
    const origin = originOr400(request, reply);
    if (!origin) return reply;
    const products = await repo.productSitemapPage(n, perFile);
    return sendXml(reply, urlset(products.map((p) => entryIn(origin, language, productLink(p.id, p.slug), p.updatedAt))));
  };
  for (const language of ADDRESS_LANGUAGES) app.get(`${sitemapDir(language)}:file`, { config }, sitemapFile(language));
}
