import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShopRepository } from '../db/repository';
import { contentSecurityPolicy, newNonce } from '../security';
import { BadRequest } from '../http';
import { cmsPageRoutes } from './cmsPages';
import { listingData } from './search';
import { deviceFromUserAgent, shopSnippets, shopWidgets } from './shopData';
import { configuredOrigin, publicOrigin } from './seo';
import { locationOf } from '../../src/app/routes';
import { PAGE_CHUNK } from '../../src/app/pages';
import { renderAppHtml } from '../../src/app/server';
import type { PageLocation } from '../../store/pageSlice';
import type { RootState } from '../../store';
import { builtAssets } from '../render/assets';
import { pageDocument } from '../render/document';
import { pageHead } from '../render/head';
import { pageLanguage } from '../render/language';
import { serverPageState } from '../render/pageState';
import { ensureServerSanitizer } from '../render/sanitizer';
import { EXTRA_SCRIPTS_PREFIX } from '../extraScripts';
import { listingScripts } from '../../src/domain/listAnalytics';
import { initialShopData } from '../../store/shopDataSlice';
import type { ListingAnswer } from '../../src/api/wire';

/**
 * The storefront's pages, drawn on the server: the page's data straight from the repository,
 * the React tree rendered into the build's template with the store's state for hydration, a
 * fresh nonce on each script tag and the matching Content-Security-Policy.
 */
export function pageRoutes(app: FastifyInstance, repo: ShopRepository, staticDir: string, options: { extraScripts?: readonly string[] } = {}): void {
  const extraScripts = options.extraScripts ?? [];
  const assets = builtAssets(staticDir);
  ensureServerSanitizer();

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    const built = assets();
    if (built === null) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The storefront is not built yet: run `npm run build` (or `npm start`, which builds it).');
    }
    const language = pageLanguage(request, reply);
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.delete('lang');
    const location: PageLocation = locationOf(url.pathname, url.search);
    const device = deviceFromUserAgent(request.headers['user-agent']);
    let state: Partial<RootState>;
    try {
      state = await serverPageState(repo, location, request.visitorId, device, request.headers.cookie ?? '', extraScripts);
    } catch (error) {
      // A listing address with parameters the shop refuses: the page says it could not load them.
      if (!(error instanceof BadRequest)) throw error;
      state = {
        page: { location, status: 'failed', categories: [], listing: null, product: null, cmsPage: null },
        shopData: { ...initialShopData, extraScripts: { prefix: EXTRA_SCRIPTS_PREFIX, names: [...extraScripts] } },
      };
      status = 400;
    }
    const drawn = state.page!.location!;
    if (drawn.type === 'noProduct') status = 404;
    const nonce = newNonce();
    const listing = drawn.type === 'search' ? state.page!.listing : null;
    const html = pageDocument(built, {
      language,
      nonce,
      head: pageHead(state, language, publicOrigin(request) ?? configuredOrigin() ?? 'http://localhost', nonce, shopSnippets(device).head),
      root: await renderAppHtml(state, language, nonce),
      state,
      pageChunk: PAGE_CHUNK[drawn.type],
      widgetScript: shopWidgets(device).script,
      ajaxScripts: listing ? listingScripts(listing) : [],
    });
    return reply
      .code(status)
      .header('Content-Security-Policy', contentSecurityPolicy(nonce))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  for (const path of ['/', '/main.php', '/basketedit.php', '/brakes.php', '/contact.php', '/noproduct.php']) app.get(path, (request, reply) => sendPage(request, reply));
  cmsPageRoutes(app, repo, sendPage);
  app.get('/search.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (query.json === 'true') {
      reply.header('Cache-Control', 'no-store');
      const data = await listingData(repo, query);
      // A listing (not the finder's rows) carries its regions' ajax-loaded scripts, as its page does.
      if (!('products' in data)) return data;
      const answer: ListingAnswer = { ...data, scripts: listingScripts(data) };
      return answer;
    }
    return sendPage(request, reply);
  });
  // A product address that does not name a product is the no-product page (404).
  app.get('/product-:rest', (request, reply) => sendPage(request, reply));

  app.get('/favicon.svg', async (_request, reply) => {
    try {
      return reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(readFileSync(join(staticDir, 'favicon.svg')));
    } catch {
      return reply.code(404).send({ error: { code: 'not_found', message: 'No favicon in the build' } });
    }
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) return sendPage(request, reply, 404);
    return reply.code(404).send({ error: { code: 'not_found', message: `No such address: ${request.method} ${request.url.split('?')[0]}` } });
  });
}
