import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShopRepository } from '../db/repository';
import { NO_VISITOR } from '../db/searchCache';
import { contentSecurityPolicy, hashedContentSecurityPolicy, newNonce } from '../security';
import { BadRequest, sendError } from '../http';
import { cmsPageRoutes } from './cmsPages';
import { listingData } from './search';
import { deviceFromUserAgent, shopSnippets, shopWidgets } from './shopData';
import { configuredOrigin, publicOrigin } from './seo';
import { locationOf } from '../../src/app/routes';
import { PAGE_CHUNK } from '../../src/app/pages';
import { renderAppHtml } from '../../src/app/server';
import { measureRender, pageCacheHit, pageCacheMiss } from '../metrics';
import type { PageLocation } from '../../store/pageSlice';
import type { RootState } from '../../store';
import { builtAssets } from '../render/assets';
import { pageDocument } from '../render/document';
import { pageHead } from '../render/head';
import { preferredAddress, splitLanguagePath } from '../../src/domain/languagePaths';
import { largestImage } from '../render/largestImage';
import { isVehiclePagePath } from '../../src/domain/vehiclePages';
import { serverPageState } from '../render/pageState';
import { ensureServerSanitizer } from '../render/sanitizer';
import { EXTRA_SCRIPTS_PREFIX } from '../extraScripts';
import type { PriceSetting } from '../priceType';
import { listingScripts } from '../../src/domain/listAnalytics';
import { initialShopData } from '../../store/shopDataSlice';
import { etagMatches, hasPersonalCookie, inlineScriptHashes, pageEtag, PageCache, PRIVATE_PAGE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL, type CachedPage } from '../pageCache';
import type { ListingAnswer } from '../../src/api/wire';
import { EncodedBody, sendEncoded } from '../encodedBody';
import { AnswerCache } from '../answerCache';
import type { Language } from '../../src/i18n/runtime';
import { checkoutPageRoutes } from './checkoutPages';
import { inLanguage, requestLanguage } from '../catalogueLanguage';

/** The address prefixes pages are served under: Italian at the root, then each other language. */
const ADDRESS_PREFIXES = ['', '/pl', '/en'] as const;

/**
 * The storefront's pages, drawn on the server: the page's data straight from the repository,
 * the React tree rendered into the build's template with the store's state for hydration, a
 * fresh nonce on each script tag and the matching Content-Security-Policy.
 */
export function pageRoutes(
  app: FastifyInstance,
  repo: ShopRepository,
  staticDir: string,
  options: { extraScripts?: readonly string[]; pageCache?: PageCache; answerCache?: AnswerCache; priceSetting?: PriceSetting; pictureOrigins?: readonly string[] } = {},
): void {
  const extraScripts = options.extraScripts ?? [];
  const pictureOrigins = options.pictureOrigins ?? [];
  const pageCache = options.pageCache ?? new PageCache({ maxBytes: 0 });
  const answerCache = options.answerCache ?? new AnswerCache({ maxBytes: 0 });
  const priceTypeNow = () => options.priceSetting?.priceType ?? 'gross';
  const assets = builtAssets(staticDir);
  ensureServerSanitizer();

  let drawnWith: ReturnType<typeof assets> = null;

  /** A public page, fresh or from the page cache: 304 when the browser or cache holds these bytes already. */
  const sendPublic = (request: FastifyRequest, reply: FastifyReply, page: CachedPage, from: 'hit' | 'miss') => {
    if (pageCache.enabled) (from === 'hit' ? pageCacheHit : pageCacheMiss)();
    reply
      .code(page.status)
      .header('Content-Security-Policy', page.csp)
      .header('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL)
      .header('ETag', page.etag)
      // The page differs by device class (read from the User-Agent): see README, "Running behind a cache".
      .header('Vary', 'User-Agent')
      .header('X-Page-Cache', pageCache.enabled ? from : 'off')
      // Tags for a cache in front that bans by tag (the shipped Varnish configuration strips them).
      .header('X-Shop-Tags', page.tags.join(' '))
      .type('text/html; charset=utf-8');
    if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    // Compressed once per kept page, not once per request.
    return sendEncoded(request, reply, page.body);
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status = 200, extra?: (language: Language) => Promise<Partial<RootState> | null>) => {
    const built = assets();
    if (built === null) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The storefront is not built yet: run `npm run build` (or `npm start`, which builds it).');
    }
    // A new build (other script and style files): the pages drawn with the old one go.
    if (built !== drawnWith) {
      pageCache.clear();
      drawnWith = built;
    }
    // The language is the address's (never a cookie's): the same address is the same page for everyone.
    // Read as a path on this site (`//x` is a path, never another host).
    const url = new URL(`http://localhost${request.url}`);
    const moved = preferredAddress(url.pathname, url.search);
    if (moved !== null) return reply.header('Cache-Control', 'public, max-age=86400').redirect(moved, 301);
    const { language, path, prefix } = splitLanguagePath(url.pathname);
    const device = deviceFromUserAgent(request.headers['user-agent']);
    // The public variant: no cookie that changes the page, not the basket page.
    const isPublic = status === 200 && extra === undefined && path !== '/basketedit.php' && !hasPersonalCookie(request.headers.cookie);
    // The page's absolute addresses come from its origin (server/routes/seo.ts): a copy per origin, so no request's Host or scheme reaches another's page.
    const origin = publicOrigin(request) ?? configuredOrigin() ?? 'http://localhost';
    const cacheKey = PageCache.key(device, `${origin}${request.url}`);
    if (isPublic) {
      const cached = pageCache.get(cacheKey);
      if (cached) return sendPublic(request, reply, cached, 'hit');
    }
    const location: PageLocation = locationOf(url.pathname, url.search);
    let state: Partial<RootState>;
    try {
      // A public page is drawn for no one: no visitor (an empty basket, kept by server/db/searchCache.ts).
      state = await serverPageState(repo, location, isPublic ? NO_VISITOR : request.visitorId, device, isPublic ? '' : request.headers.cookie ?? '', extraScripts, priceTypeNow(), language);
    } catch (error) {
      // A listing address with parameters the shop refuses: the page says it could not load them.
      if (!(error instanceof BadRequest)) throw error;
      state = {
        page: { location, status: 'failed', categories: [], listing: null, product: null, cmsPage: null },
        shopData: { ...initialShopData, extraScripts: { prefix: EXTRA_SCRIPTS_PREFIX, names: [...extraScripts] }, priceType: priceTypeNow() },
      };
      status = 400;
    }
    if (extra) {
      // The checkout's and an order's own state (server/orders/checkout.ts); null: no such order.
      const own = await extra(language);
      if (own === null) {
        status = 404;
        state = { ...state, page: { ...state.page!, location: { ...state.page!.location!, type: 'noProduct' } } };
      } else state = { ...state, ...own };
    }
    const drawn = state.page!.location!;
    if (drawn.type === 'noProduct') status = 404;
    // A product address with another slug (mistyped, or the name changed since) moves for good to the product's own (in the page's language).
    const own = drawn.type === 'product' ? state.page!.product?.link : drawn.type === 'vehicle' ? state.page!.vehiclePage?.link : undefined;
    if (own && own !== drawn.path && (/^\/product-\d{1,9}-[a-z0-9-]*\.html$/.test(own) || isVehiclePagePath(own))) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.code(301).header('Cache-Control', 'public, max-age=3600').redirect(`${prefix}${own}${query}`, 301);
    }
    // Public pages carry no nonce: their inline scripts are allowed by their hashes.
    const publicPage = isPublic && status === 200;
    const nonce = publicPage ? '' : newNonce();
    const listing = drawn.type === 'search' ? state.page!.listing : null;
    const html = pageDocument(built, {
      language,
      nonce,
      head: pageHead(state, language, origin, nonce, shopSnippets(device, language).head),
      root: await measureRender(drawn.type, () => renderAppHtml(state, language, nonce || undefined)),
      state,
      pageChunk: PAGE_CHUNK[drawn.type],
      widgetScript: shopWidgets(device, language).script,
      ajaxScripts: listing ? listingScripts(listing) : [],
      preloadImage: largestImage(state),
    });
    if (publicPage) {
      const page: CachedPage = { status, body: new EncodedBody(html), etag: pageEtag(html), csp: hashedContentSecurityPolicy(inlineScriptHashes(html), pictureOrigins), tags: pageTags(state) };
      // Only an address the shop has a page for is kept (the not-found handler's addresses are not).
      if (request.routeOptions.url !== undefined) pageCache.set(cacheKey, page);
      return sendPublic(request, reply, page, 'miss');
    }
    return reply
      .code(status)
      .header('Content-Security-Policy', contentSecurityPolicy(nonce, [], pictureOrigins))
      // The basket, the checkout and an order's page are never kept; other personal pages may be kept by the browser only (back/forward cache).
      .header('Cache-Control', drawn.type === 'basket' || drawn.type === 'checkout' || drawn.type === 'order' ? 'no-store' : PRIVATE_PAGE_CACHE_CONTROL)
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // Each page in Italian at the root, in Polish and English under /pl/ and /en/; /it/... and /pl
  // (no slash) only redirect (preferredAddress).
  for (const prefix of ADDRESS_PREFIXES) {
    for (const path of ['/', '/main.php', '/basketedit.php', '/brakes.php', '/contact.php', '/noproduct.php']) app.get(`${prefix}${path}`, (request, reply) => sendPage(request, reply));
    app.get(`${prefix}/product-:rest`, (request, reply) => sendPage(request, reply));
    app.get(`${prefix}/vehicles/:rest`, (request, reply) => sendPage(request, reply));
    if (prefix) app.get(`${prefix}/search.php`, (request, reply) => sendPage(request, reply));
  }
  for (const path of ['/it', '/it/', '/pl', '/en']) app.get(path, (request, reply) => sendPage(request, reply));
  cmsPageRoutes(app, repo, sendPage);
  checkoutPageRoutes(app, repo, sendPage, priceTypeNow);
  app.get('/search.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (query.json === 'true') {
      reply.header('Cache-Control', 'no-store');
      // The same for every visitor: kept by its address (server/answerCache.ts).
      return answerCache.send(request, reply, async () => {
        const data = await listingData(inLanguage(repo, requestLanguage(request)), query);
        // A listing (not the finder's rows) carries its regions' ajax-loaded scripts, as its page does.
        if (!('products' in data)) return { value: data, tags: ['listing'] };
        const answer: ListingAnswer = { ...data, scripts: listingScripts(data) };
        return { value: answer, tags: ['listing', ...data.products.map((product) => `product:${product.id}`)] };
      });
    }
    return sendPage(request, reply);
  });

  app.get('/favicon.svg', async (_request, reply) => {
    let svg: Buffer;
    try {
      svg = readFileSync(join(staticDir, 'favicon.svg'));
    } catch {
      return sendError(reply, 404, 'not_found', 'No favicon in the build');
    }
    return reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });

  // Every unknown page address is the not-found page (HTML, 404, noindex); calls keep their JSON error.
  app.setNotFoundHandler(async (request, reply) => {
    if (isPageRequest(request)) return sendPage(request, reply, 404);
    return reply.code(404).send({ error: { code: 'not_found', message: `No such address: ${request.method} ${request.url.split('?')[0]}` } });
  });
}

/** What a page shows, as cache tags: each product (`product:<id>`), and `listing` for listings and home. */
export function pageTags(state: Partial<RootState>): string[] {
  const page = state.page;
  const tags = new Set<string>();
  if (page?.product) tags.add(`product:${page.product.product_id}`);
  if (page?.listing) for (const product of page.listing.products) tags.add(`product:${product.id}`);
  for (const category of page?.vehiclePage?.categories ?? []) for (const part of category.parts) tags.add(`product:${part.id}`);
  const type = page?.location?.type;
  // A vehicle page lists parts like a listing: a product that changes may join or leave it.
  if (type === 'search' || type === 'main' || type === 'vehicle') tags.add('listing');
  tags.add('page');
  return [...tags];
}

/** Addresses of calls and files, never pages: an unknown one answers a JSON error. */
const API_PATH = /^\/(ajax|graphql|__test|data|assets|gfx|sitemaps)(\/|$)|\.(json|js|mjs|css|map|xml|txt|png|jpe?g|gif|svg|webp|avif|ico|woff2?)$/i;
const API_QUERY = /(^|&)(json=true|getProductXML=|getAjax=)/;

/**
 * Whether an unknown address is asked for as a page: a GET (or HEAD) of an address that is not a
 * call's or a file's, from a client that does not ask for JSON alone (the storefront's own calls
 * accept JSON; a browser, a crawler or curl get the page).
 */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const [path, query = ''] = request.url.split('?', 2);
  if (API_PATH.test(path) || API_QUERY.test(query)) return false;
  const accept = request.headers.accept ?? '';
  return !(accept.includes('application/json') && !accept.includes('text/html'));
}
